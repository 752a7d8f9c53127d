// KNOWN WRONG: max(alpha * x, x) instead of the piecewise form.
//
// Tensara's statement writes the Leaky ReLU as max(alpha * x, x), which is the same
// function only while alpha <= 1. With a steep slope (alpha = 2.5) it returns
// alpha * x for every positive x.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void leaky_relu(const float* input, float alpha, float* output, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const float x = input[i];
    output[i] = fmaxf(alpha * x, x);
  }
}

}  // namespace

extern "C" void solution(const float* input, float alpha, float* output, size_t n, size_t m) {
  const size_t count = n * m;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  leaky_relu<<<blocks, kThreads>>>(input, alpha, output, count);
}
