// author: judge maintainers
// title: baseline: one thread per output, direct window sum
//
// Correct, straightforward solution for running-sum-1d: each thread sums the W
// inputs centred on its position, skipping those past either end.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void running_sum(const float* x, float* y, size_t n, size_t window) {
  const size_t half = (window - 1) / 2;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    const size_t lo = i >= half ? i - half : 0, hi = i + half + 1 < n ? i + half + 1 : n;
    float sum = 0.0f;
    for (size_t j = lo; j < hi; ++j) sum += x[j];
    y[i] = sum;
  }
}

}  // namespace

extern "C" void solution(const float* input, size_t W, float* output, size_t N) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((N + kThreads - 1) / kThreads, 65535));
  running_sum<<<blocks, kThreads>>>(input, output, N, W);
}
