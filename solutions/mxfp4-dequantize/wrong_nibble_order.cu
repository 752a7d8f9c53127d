// KNOWN WRONG: unpacks the high nibble first.
//
// Early torchao releases (and some FP4 code written against them) put the
// even element in the high nibble; torch.float4_e2m1fn_x2 and this problem
// put it in the low one. Every pair of outputs comes out swapped.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

constexpr unsigned kThreads = 256;
constexpr size_t kBlock = 32;

__device__ float e2m1_to_float(unsigned code) {
  const float magnitudes[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
  const float magnitude = magnitudes[code & 0x7];
  return (code & 0x8) ? -magnitude : magnitude;
}

__global__ void dequantize(const uint8_t* q, const uint8_t* scale, float* out, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    // k is even and a multiple of 32: element i is nibble i % 2 of byte i / 2,
    // in block i / 32.
    const unsigned byte = q[i / 2];
    const unsigned code = (i % 2) ? byte & 0xF : byte >> 4;
    out[i] = ldexpf(e2m1_to_float(code), static_cast<int>(scale[i / kBlock]) - 127);
  }
}

}  // namespace

extern "C" void solution(const uint8_t* q, const uint8_t* scale, float* out, size_t m, size_t k) {
  const size_t count = m * k;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  dequantize<<<blocks, kThreads>>>(q, scale, out, count);
}
