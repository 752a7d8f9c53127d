// KNOWN WRONG: ignores alpha and uses PyTorch's default 1.
//
// Tensara's cases all pass alpha = 1, so an author who hard-codes it passes
// upstream; the check cases with alpha 0.5, 2.5 and 1.5 fail.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void elu(const float* input, float* output, size_t count, float alpha) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const float x = input[i];
    output[i] = x > 0.0f ? x : expm1f(x);
  }
}

}  // namespace

extern "C" void solution(const float* input, float* output, size_t n, size_t m, float alpha) {
  const size_t count = n * m;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  elu<<<blocks, kThreads>>>(input, output, count, alpha);
}
