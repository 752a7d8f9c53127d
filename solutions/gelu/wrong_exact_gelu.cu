// KNOWN WRONG: the exact (erf) GELU where the problem asks for the tanh approximation.
//
// GELU has two common forms; an author who reaches for the exact one,
// 0.5 x (1 + erf(x / sqrt 2)), differs from the tanh approximation by up to 2e-4
// on [-1, 1): four times the tolerance.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__device__ float activation(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678f)); }

__global__ void apply(const float* input, float* output, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    output[i] = activation(input[i]);
  }
}

}  // namespace

extern "C" void solution(const float* input, float* output, size_t n, size_t m) {
  const size_t count = n * m;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  apply<<<blocks, kThreads>>>(input, output, count);
}
