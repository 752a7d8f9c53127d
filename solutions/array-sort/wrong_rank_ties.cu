// KNOWN WRONG: ranks by strictly smaller elements only.
//
// Equal values get the same rank and overwrite each other, so with duplicates
// some positions of b are never written and the output is not a permutation of
// the input. Inputs without duplicates pass.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void rank_sort(const int* a, int* b, size_t n) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    const int value = a[i];
    size_t rank = 0;
    for (size_t j = 0; j < n; ++j) rank += a[j] < value;
    b[rank] = value;
  }
}

}  // namespace

extern "C" void solution(const int* a, int* b, size_t n) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((n + kThreads - 1) / kThreads, 65535));
  rank_sort<<<blocks, kThreads>>>(a, b, n);
}
