// author: judge maintainers
// title: baseline: one thread per element
//
// Correct, straightforward float32 solution for vector-addition: a
// grid-stride loop.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void add(const float* a, const float* b, float* c, size_t n) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    c[i] = a[i] + b[i];
  }
}

}  // namespace

extern "C" void solution(const float* d_input1, const float* d_input2, float* d_output, size_t n) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((n + kThreads - 1) / kThreads, 65535));
  add<<<blocks, kThreads>>>(d_input1, d_input2, d_output, n);
}
