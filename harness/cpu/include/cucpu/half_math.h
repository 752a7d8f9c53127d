// Half-precision math the host side of cuda_fp16.h leaves out. Each function
// computes in float and rounds once to half, like the GPU's half units.
#pragma once

#include <cmath>

#include <cuda_fp16.h>

// h<name> on a __half, and h2<name> on each half of a __half2.
#define CUCPU_HALF_UNARY(name, expr)                                                            \
  inline __half h##name(const __half a) {                                                       \
    float x = __half2float(a);                                                                  \
    return __float2half(expr);                                                                  \
  }                                                                                             \
  inline __half2 h2##name(const __half2 a) {                                                    \
    return __halves2half2(h##name(__low2half(a)), h##name(__high2half(a)));                     \
  }

CUCPU_HALF_UNARY(exp, expf(x))
CUCPU_HALF_UNARY(exp2, exp2f(x))
CUCPU_HALF_UNARY(exp10, exp10f(x))
CUCPU_HALF_UNARY(log, logf(x))
CUCPU_HALF_UNARY(log2, log2f(x))
CUCPU_HALF_UNARY(log10, log10f(x))
CUCPU_HALF_UNARY(sqrt, sqrtf(x))
CUCPU_HALF_UNARY(rsqrt, 1.0f / sqrtf(x))
CUCPU_HALF_UNARY(rcp, 1.0f / x)
CUCPU_HALF_UNARY(sin, sinf(x))
CUCPU_HALF_UNARY(cos, cosf(x))
CUCPU_HALF_UNARY(tanh, tanhf(x))
CUCPU_HALF_UNARY(ceil, ceilf(x))
CUCPU_HALF_UNARY(floor, floorf(x))
CUCPU_HALF_UNARY(trunc, truncf(x))
CUCPU_HALF_UNARY(rint, nearbyintf(x))
#undef CUCPU_HALF_UNARY

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
