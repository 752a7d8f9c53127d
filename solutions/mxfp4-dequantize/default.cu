// author: judge maintainers
// title: baseline: one thread per element, decoded from its nibble
//
// Correct, straightforward solution for mxfp4-dequantize: each thread picks
// its element's 4-bit E2M1 code (low nibble for even columns, high for odd),
// looks up its magnitude, applies the sign and multiplies by its block's E8M0
// scale, 2^(byte - 127) or NaN for 0xFF.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

constexpr unsigned kThreads = 256;
constexpr size_t kBlock = 32;

__device__ float e2m1(unsigned code) {
  const float magnitudes[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
  const float magnitude = magnitudes[code & 0x7];
  return code & 0x8 ? -magnitude : magnitude;
}

__device__ float e8m0(uint8_t byte) {
  return byte == 0xFF ? __int_as_float(0x7FC00000) : ldexpf(1.0f, static_cast<int>(byte) - 127);
}

__global__ void dequantize(const uint8_t* q, const uint8_t* scale, float* out, size_t m, size_t k) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < m * k; i += size_t{gridDim.x} * blockDim.x) {
    const size_t row = i / k, column = i % k;
    const uint8_t byte = q[i / 2];
    const unsigned code = column % 2 ? byte >> 4 : byte & 0xF;
    out[i] = e2m1(code) * e8m0(scale[row * (k / kBlock) + column / kBlock]);
  }
}

}  // namespace

extern "C" void solution(const uint8_t* q, const uint8_t* scale, float* out, size_t m, size_t k) {
  const size_t count = m * k;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  dequantize<<<blocks, kThreads>>>(q, scale, out, m, k);
}
