// author: judge maintainers
// title: baseline: one thread per element
//
// Correct, straightforward float32 solution for gelu: a grid-stride loop,
// the tanh approximation 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__device__ float activation(float x) { const float inner = 0.7978845608f * (x + 0.044715f * x * x * x); return 0.5f * x * (1.0f + tanhf(inner)); }

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
