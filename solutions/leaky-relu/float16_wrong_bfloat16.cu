// KNOWN WRONG: computes the float16 problem through bfloat16.
//
// bfloat16 has float32's range but only 8 significant bits: an author who treats the
// two 16-bit formats as interchangeable rounds every negative output to 2e-3
// relative, beyond the float16 tolerance (1e-3).
#include <cuda_bf16.h>
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
    output[i] = __float2half(__bfloat162float(__float2bfloat16(x > 0.0f ? x : slope * x)));
  }
}

}  // namespace

extern "C" void solution(const __half* input, __half alpha, __half* output, size_t n, size_t m) {
  const size_t count = n * m;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  leaky_relu<<<blocks, kThreads>>>(input, alpha, output, count);
}
