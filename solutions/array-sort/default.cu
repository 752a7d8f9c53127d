// author: judge maintainers
// title: baseline: rank sort, one thread per element
//
// Correct, straightforward solution for array-sort. Each thread counts the
// elements that must come before its own (smaller ones, and equal ones at a
// smaller index) and writes its value at that rank. Quadratic work, but every
// thread is independent, so any thread order gives the same answer.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void rank_sort(const int* a, int* b, size_t n) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    const int value = a[i];
    size_t rank = 0;
    for (size_t j = 0; j < n; ++j) {
      const int other = a[j];
      rank += other < value || (other == value && j < i);
    }
    b[rank] = value;
  }
}

}  // namespace

extern "C" void solution(const int* a, int* b, size_t n) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((n + kThreads - 1) / kThreads, 65535));
  rank_sort<<<blocks, kThreads>>>(a, b, n);
}
