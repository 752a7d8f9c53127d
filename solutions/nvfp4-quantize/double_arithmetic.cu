// author: judge maintainers
// title: the recipe in double precision
//
// Correct solution for nvfp4-quantize that evaluates the recipe in double
// instead of float32 step by step: the E4M3 scale is the nearest to
// sf_g * amax / 6, and each element the nearest E2M1 value to x * sf_g / S,
// both rounded once. On the check case subnormal-scales one element lies
// 4e-8 above a tie, where the float32 recipe lands exactly on the tie and
// rounds the other way, so its bytes differ from the reference's there; the
// judge accepts both (the statement's Tolerance section).
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

constexpr unsigned kThreads = 256;
constexpr size_t kBlock = 16;

__device__ uint8_t double_to_e4m3(double x) {  // non-negative x: nearest even, saturating at 448
  const double a = fmin(x, 448.0);
  if (a == 0.0) return 0;
  int e = 0;
  frexp(a, &e);
  const double quantum = ldexp(1.0, max(e - 1, -6) - 3);
  const double v = rint(a / quantum) * quantum;
  if (v < ldexp(1.0, -6)) return static_cast<uint8_t>(ldexp(v, 9));
  frexp(v, &e);
  return static_cast<uint8_t>(((e + 6) << 3) | (static_cast<int>(ldexp(v, 4 - e)) - 8));
}

__device__ double e4m3_to_double(unsigned code) {
  const int exponent = (code >> 3) & 0xF;
  const int mantissa = code & 0x7;
  return exponent == 0 ? ldexp(static_cast<double>(mantissa), -9) : ldexp(static_cast<double>(8 + mantissa), exponent - 10);
}

__device__ unsigned double_to_e2m1(double x) {
  const unsigned sign = signbit(x) ? 0x8u : 0u;
  const double a = fmin(fabs(x), 6.0);
  if (a == 0.0) return sign;
  int e = 0;
  frexp(a, &e);
  const double quantum = ldexp(1.0, max(e - 1, 0) - 1);
  const double v = rint(a / quantum) * quantum;
  if (v < 1.0) return sign | static_cast<unsigned>(v * 2.0);
  frexp(v, &e);
  return sign | static_cast<unsigned>(e * 2 + static_cast<int>(ldexp(v, 2 - e)) - 2);
}

__device__ size_t tiled_offset(size_t row, size_t col, size_t cols) {
  const size_t col_tiles = (cols + 3) / 4;
  return ((row / 128) * col_tiles + col / 4) * 512 + (row % 32) * 16 + (row % 128) / 32 * 4 + col % 4;
}

__global__ void quantize(const __half* a, float sf_g, uint8_t* q, uint8_t* scale, size_t m, size_t k) {
  const size_t cols = k / kBlock, blocks = m * cols;
  for (size_t b = blockIdx.x * size_t{blockDim.x} + threadIdx.x; b < blocks; b += size_t{gridDim.x} * blockDim.x) {
    const size_t row = b / cols, col = b % cols;
    const __half* x = a + b * kBlock;
    double amax = 0.0;
    for (size_t i = 0; i < kBlock; ++i) amax = fmax(amax, fabs(static_cast<double>(__half2float(x[i]))));
    const uint8_t code = double_to_e4m3(static_cast<double>(sf_g) * amax / 6.0);
    const double decoded = e4m3_to_double(code);
    scale[tiled_offset(row, col, cols)] = code;
    for (size_t i = 0; i < kBlock; i += 2) {
      const double even = static_cast<double>(__half2float(x[i]));
      const double odd = static_cast<double>(__half2float(x[i + 1]));
      const unsigned even_code = double_to_e2m1(decoded == 0.0 ? 0.0 * even : even * sf_g / decoded);
      const unsigned odd_code = double_to_e2m1(decoded == 0.0 ? 0.0 * odd : odd * sf_g / decoded);
      q[(b * kBlock + i) / 2] = static_cast<uint8_t>(even_code | (odd_code << 4));
    }
  }
}

}  // namespace

extern "C" void solution(const __half* a, const float sf_g, uint8_t* q, uint8_t* scale, size_t m, size_t k) {
  const size_t cols = k / kBlock;
  const size_t scale_bytes = (m + 127) / 128 * 128 * ((cols + 3) / 4 * 4);
  cudaMemset(scale, 0, scale_bytes);
  const size_t blocks = m * cols;
  const unsigned grid = static_cast<unsigned>(std::min<size_t>((blocks + kThreads - 1) / kThreads, 65535));
  quantize<<<grid, kThreads>>>(a, sf_g, q, scale, m, k);
}
