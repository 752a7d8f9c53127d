// author: judge maintainers
// title: baseline: one thread per element, float16
//
// Correct, straightforward float16 solution for leaky-relu (judged with
// --dtype float16): each element and alpha widen to float, the product is
// rounded once to __half.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void leaky_relu(const __half* input, __half alpha, __half* output, size_t count) {
  const float slope = __half2float(alpha);
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const float x = __half2float(input[i]);
    output[i] = __float2half(x > 0.0f ? x : slope * x);
  }
}

}  // namespace

extern "C" void solution(const __half* input, __half alpha, __half* output, size_t n, size_t m) {
  const size_t count = n * m;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  leaky_relu<<<blocks, kThreads>>>(input, alpha, output, count);
}
