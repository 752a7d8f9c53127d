// KNOWN WRONG: decodes every E4M3 code as a normal number.
//
// Exponent field 0 means subnormal, 2^-6 * f/8, with no implicit leading 1;
// this adds the 1 anyway, so the codes 0x00-0x07 and 0x80-0x87 (zeros
// included) come out wrong. Every other code is right.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

constexpr unsigned kThreads = 256;
constexpr size_t kBlock = 32;

__device__ float e4m3(uint8_t byte) {
  const int exponent = (byte >> 3) & 0xF, mantissa = byte & 0x7;
  if (exponent == 0xF && mantissa == 0x7) return __int_as_float(0x7FC00000);  // NaN
  const float magnitude = ldexpf(1.0f + mantissa / 8.0f, exponent - 7);
  return byte & 0x80 ? -magnitude : magnitude;
}

__device__ float e8m0(uint8_t byte) {
  return byte == 0xFF ? __int_as_float(0x7FC00000) : ldexpf(1.0f, static_cast<int>(byte) - 127);
}

__global__ void dequantize(const uint8_t* q, const uint8_t* scale, float* out, size_t m, size_t k) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < m * k; i += size_t{gridDim.x} * blockDim.x) {
    const size_t row = i / k, column = i % k;
    out[i] = e4m3(q[i]) * e8m0(scale[row * (k / kBlock) + column / kBlock]);
  }
}

}  // namespace

extern "C" void solution(const uint8_t* q, const uint8_t* scale, float* out, size_t m, size_t k) {
  const size_t count = m * k;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  dequantize<<<blocks, kThreads>>>(q, scale, out, m, k);
}
