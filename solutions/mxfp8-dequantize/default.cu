// author: judge maintainers
// title: baseline: one thread per element
//
// Correct, straightforward solution for mxfp8-dequantize: a grid-stride loop;
// each element decodes its E4M3 byte and multiplies by its block's power of
// two with ldexpf (exact).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

constexpr unsigned kThreads = 256;
constexpr size_t kBlock = 32;

__device__ float e4m3_to_float(uint8_t code) {
  const int exponent = (code >> 3) & 0xF;
  const int mantissa = code & 0x7;
  const float magnitude =
      exponent == 0 ? ldexpf(static_cast<float>(mantissa), -9) : ldexpf(static_cast<float>(8 + mantissa), exponent - 10);
  return (code & 0x80) ? -magnitude : magnitude;
}

__global__ void dequantize(const uint8_t* q, const uint8_t* scale, float* out, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    // Rows split into whole blocks, so element i's block is i / 32.
    out[i] = ldexpf(e4m3_to_float(q[i]), static_cast<int>(scale[i / kBlock]) - 127);
  }
}

}  // namespace

extern "C" void solution(const uint8_t* q, const uint8_t* scale, float* out, size_t m, size_t k) {
  const size_t count = m * k;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  dequantize<<<blocks, kThreads>>>(q, scale, out, count);
}
