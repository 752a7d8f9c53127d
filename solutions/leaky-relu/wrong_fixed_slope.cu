// KNOWN WRONG: ignores alpha and uses the textbook slope 0.01.
//
// An author who knows Leaky ReLU from a framework default hard-codes 0.01; only the
// cases whose alpha happens to be 0.01 pass.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void leaky_relu(const float* input, float alpha, float* output, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const float x = input[i];
    output[i] = x > 0.0f ? x : 0.01f * x;
  }
}

}  // namespace

extern "C" void solution(const float* input, float alpha, float* output, size_t n, size_t m) {
  const size_t count = n * m;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  leaky_relu<<<blocks, kThreads>>>(input, alpha, output, count);
}
