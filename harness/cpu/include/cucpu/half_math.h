// Half-precision math the host side of cuda_fp16.h leaves out. Each function
// computes in float and rounds once to half, like the GPU's half units.
#pragma once

#include <cmath>

#include <cuda_fp16.h>

#define CUCPU_HALF_UNARY(name, expr)                                                   \
  inline __half name(const __half a) { float x = __half2float(a); return __float2half(expr); } \
  inline __half2 name##_pair(const __half2 a) { return __halves2half2(name(__low2half(a)), name(__high2half(a))); }

CUCPU_HALF_UNARY(hexp, expf(x))
CUCPU_HALF_UNARY(hexp2, exp2f(x))
CUCPU_HALF_UNARY(hexp10, exp10f(x))
CUCPU_HALF_UNARY(hlog, logf(x))
CUCPU_HALF_UNARY(hlog2, log2f(x))
CUCPU_HALF_UNARY(hlog10, log10f(x))
CUCPU_HALF_UNARY(hsqrt, sqrtf(x))
CUCPU_HALF_UNARY(hrsqrt, 1.0f / sqrtf(x))
CUCPU_HALF_UNARY(hrcp, 1.0f / x)
CUCPU_HALF_UNARY(hsin, sinf(x))
CUCPU_HALF_UNARY(hcos, cosf(x))
CUCPU_HALF_UNARY(htanh, tanhf(x))
CUCPU_HALF_UNARY(hceil, ceilf(x))
CUCPU_HALF_UNARY(hfloor, floorf(x))
CUCPU_HALF_UNARY(htrunc, truncf(x))
CUCPU_HALF_UNARY(hrint, nearbyintf(x))
#undef CUCPU_HALF_UNARY

inline __half2 h2exp(const __half2 a) { return hexp_pair(a); }
inline __half2 h2log(const __half2 a) { return hlog_pair(a); }
inline __half2 h2sqrt(const __half2 a) { return hsqrt_pair(a); }
inline __half2 h2rsqrt(const __half2 a) { return hrsqrt_pair(a); }
inline __half2 h2rcp(const __half2 a) { return hrcp_pair(a); }
inline __half2 h2sin(const __half2 a) { return hsin_pair(a); }
inline __half2 h2cos(const __half2 a) { return hcos_pair(a); }
inline __half2 h2tanh(const __half2 a) { return htanh_pair(a); }

inline __half __hfma(const __half a, const __half b, const __half c) {
  return __float2half(fmaf(__half2float(a), __half2float(b), __half2float(c)));
}
inline __half __hfma_relu(const __half a, const __half b, const __half c) {
  float r = fmaf(__half2float(a), __half2float(b), __half2float(c));
  return __float2half(r < 0.0f ? 0.0f : r);
}
inline __half2 __hfma2(const __half2 a, const __half2 b, const __half2 c) {
  return __halves2half2(__hfma(__low2half(a), __low2half(b), __low2half(c)),
                        __hfma(__high2half(a), __high2half(b), __high2half(c)));
}
