// KNOWN WRONG: forgets the clamp at zero.
//
// 1 - p t is the margin violation; the hinge keeps only its positive part.
// Without max(0, .) every correctly classified element with margin above 1
// gets a negative loss.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__device__ float loss(float x, float y) {
  return 1.0f - x * y;
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
