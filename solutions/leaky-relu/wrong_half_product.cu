// KNOWN WRONG: rounds the product through __half in the float32 problem.
//
// An author reusing a float16 kernel for float32 keeps the arithmetic in __half:
// every negative output loses 13 bits, far beyond the float32 tolerance.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void leaky_relu(const float* input, float alpha, float* output, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const float x = input[i];
    output[i] = x > 0.0f ? x : __half2float(__float2half(alpha) * __float2half(x));
  }
}

}  // namespace

extern "C" void solution(const float* input, float alpha, float* output, size_t n, size_t m) {
  const size_t count = n * m;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  leaky_relu<<<blocks, kThreads>>>(input, alpha, output, count);
}
