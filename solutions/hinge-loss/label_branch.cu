// author: judge maintainers
// title: labels: branch on the sign of the target instead of multiplying
//
// Relies on the input domain (Tensara's too): every target is a label, -1 or
// 1, so 1 - p t is 1 - p or 1 + p.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__device__ float loss(float x, float y) {
  return fmaxf(0.0f, y > 0.0f ? 1.0f - x : 1.0f + x);
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
