// author: judge maintainers
// title: baseline: one thread per element
//
// Correct, straightforward float32 solution for hinge-loss: a grid-stride loop,
// max(0, 1 - p * t).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__device__ float loss(float x, float y) {
  return fmaxf(0.0f, 1.0f - x * y);
}

__global__ void apply(const float* predictions, const float* targets, float* output, size_t n) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    output[i] = loss(predictions[i], targets[i]);
  }
}

}  // namespace

extern "C" void solution(const float* predictions, const float* targets, float* output, size_t n) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((n + kThreads - 1) / kThreads, 65535));
  apply<<<blocks, kThreads>>>(predictions, targets, output, n);
}
