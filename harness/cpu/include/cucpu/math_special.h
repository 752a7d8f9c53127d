// The rest of CUDA's device math library that the host lacks: inverse error
// functions, scaled complementary error function, norms, Bessel functions,
// directed-rounding arithmetic and more integer/conversion helpers. The
// special functions compute in double (or long double for the double forms)
// and refine with Newton steps, so float results are correctly rounded or
// within an ulp of CUDA's.
#pragma once

#include <cfenv>
#include <cmath>

// Unqualified classification calls, as CUDA device code writes them.
using std::isfinite;
using std::isinf;
using std::isnan;
using std::signbit;

namespace cucpu::detail {

// erfinv by a starting guess (Giles' single-precision approximation) and
// Newton steps on erf in long double.
inline long double erfinv_refined(long double x) {
  if (x <= -1.0L) return x == -1.0L ? -HUGE_VALL : NAN;
  if (x >= 1.0L) return x == 1.0L ? HUGE_VALL : NAN;
  double w = -std::log((1.0 - double(x)) * (1.0 + double(x)));
  double p;
  if (w < 5.0) {
    w -= 2.5;
    p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
  } else {
    w = std::sqrt(w) - 3.0;
    p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
  }
  long double y = p * double(x);
  const long double two_over_sqrt_pi = 1.1283791670955125738961589031215452L;
  for (int step = 0; step < 3; ++step) {
    long double slope = two_over_sqrt_pi * std::exp(-y * y);
    if (slope == 0.0L) break;
    y -= (std::erf(y) - x) / slope;
  }
  return y;
}

// erfcinv(y) = erfinv(1 - y), refined on erfc so small y keep their accuracy.
inline long double erfcinv_refined(long double y) {
  if (y <= 0.0L) return y == 0.0L ? HUGE_VALL : NAN;
  if (y >= 2.0L) return y == 2.0L ? -HUGE_VALL : NAN;
  long double x = erfinv_refined(1.0L - y);
  if (!std::isfinite(x)) x = y < 1.0L ? 6.0L : -6.0L;
  const long double two_over_sqrt_pi = 1.1283791670955125738961589031215452L;
  for (int step = 0; step < 4; ++step) {
    long double slope = -two_over_sqrt_pi * std::exp(-x * x);
    if (slope == 0.0L) break;
    x -= (std::erfc(x) - y) / slope;
  }
  return x;
}

inline long double erfcx_exact(long double x) {
  if (x < 50.0L) return std::exp(x * x) * std::erfc(x);
  long double inverse_square = 1.0L / (x * x);  // asymptotic series beyond erfc's range
  return (1.0L - 0.5L * inverse_square + 0.75L * inverse_square * inverse_square) /
         (x * 1.7724538509055160272981674833411452L);
}

// Makes `value` look changed to the compiler here (an empty asm).
template <class V>
inline void opaque(V& value) {
  asm volatile("" : "+m"(value));
}

// operation(operands...) computed under the rounding mode `mode`. Without
// -frounding-math g++ takes arithmetic to be independent of fesetround and
// may compute it before the switch (or fold it): the operands look changed
// after the switch, and the volatile result is stored before the switch back.
template <class T, class Operation, class... Operands>
inline T with_rounding(int mode, Operation operation, Operands... operands) {
  const int saved = std::fegetround();
  std::fesetround(mode);
  (opaque(operands), ...);
  volatile T result = operation(operands...);
  std::fesetround(saved);
  return result;
}

}  // namespace cucpu::detail

inline float erfinvf(float x) { return float(::cucpu::detail::erfinv_refined(x)); }
inline double erfinv(double x) { return double(::cucpu::detail::erfinv_refined(x)); }
inline float erfcinvf(float y) { return float(::cucpu::detail::erfcinv_refined(y)); }
inline double erfcinv(double y) { return double(::cucpu::detail::erfcinv_refined(y)); }
inline float normcdfinvf(float p) { return float(-1.4142135623730950488L * ::cucpu::detail::erfcinv_refined(2.0L * p)); }
inline double normcdfinv(double p) { return double(-1.4142135623730950488L * ::cucpu::detail::erfcinv_refined(2.0L * p)); }
inline float erfcxf(float x) { return float(::cucpu::detail::erfcx_exact(x)); }
inline double erfcx(double x) { return double(::cucpu::detail::erfcx_exact(x)); }

inline float rhypotf(float a, float b) { return float(1.0 / std::hypot(double(a), double(b))); }
inline double rhypot(double a, double b) { return 1.0 / std::hypot(a, b); }
inline float norm3df(float a, float b, float c) { return float(std::sqrt(double(a) * a + double(b) * b + double(c) * c)); }
inline float rnorm3df(float a, float b, float c) { return float(1.0 / std::sqrt(double(a) * a + double(b) * b + double(c) * c)); }
inline float norm4df(float a, float b, float c, float d) {
  return float(std::sqrt(double(a) * a + double(b) * b + double(c) * c + double(d) * d));
}
inline float rnorm4df(float a, float b, float c, float d) {
  return float(1.0 / std::sqrt(double(a) * a + double(b) * b + double(c) * c + double(d) * d));
}
inline double norm3d(double a, double b, double c) { return double(std::sqrt((long double)a * a + (long double)b * b + (long double)c * c)); }
inline double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }
inline double norm4d(double a, double b, double c, double d) {
  return double(std::sqrt((long double)a * a + (long double)b * b + (long double)c * c + (long double)d * d));
}
inline double rnorm4d(double a, double b, double c, double d) { return 1.0 / norm4d(a, b, c, d); }
inline float normf(int dim, const float* a) {
  double sum = 0;
  for (int i = 0; i < dim; ++i) sum += double(a[i]) * a[i];
  return float(std::sqrt(sum));
}
inline float rnormf(int dim, const float* a) { return 1.0f / normf(dim, a); }
inline double norm(int dim, const double* a) {
  long double sum = 0;
  for (int i = 0; i < dim; ++i) sum += (long double)a[i] * a[i];
  return double(std::sqrt(sum));
}
inline double rnorm(int dim, const double* a) { return 1.0 / norm(dim, a); }
inline float cyl_bessel_i0f(float x) { return float(std::cyl_bessel_i(0.0, std::fabs(double(x)))); }
inline float cyl_bessel_i1f(float x) { return float(std::copysign(std::cyl_bessel_i(1.0, std::fabs(double(x))), double(x))); }
inline double cyl_bessel_i0(double x) { return std::cyl_bessel_i(0.0, std::fabs(x)); }
inline double cyl_bessel_i1(double x) { return std::copysign(std::cyl_bessel_i(1.0, std::fabs(x)), x); }
inline double fdivide(double a, double b) { return a / b; }

// Directed-rounding arithmetic: _rn nearest, _rz toward zero, _ru up, _rd down.
// One family per type: __f*_ for float (fma: __fmaf_), __d*_ for double
// (fma: __fma_).
#define CUCPU_ROUNDED_FAMILY(T, letter, fma_name, suffix, mode)                                              \
  inline T __##letter##add_##suffix(T a, T b) {                                                              \
    return ::cucpu::detail::with_rounding<T>(mode, [](T x, T y) { return x + y; }, a, b);                   \
  }                                                                                                          \
  inline T __##letter##sub_##suffix(T a, T b) {                                                              \
    return ::cucpu::detail::with_rounding<T>(mode, [](T x, T y) { return x - y; }, a, b);                   \
  }                                                                                                          \
  inline T __##letter##mul_##suffix(T a, T b) {                                                              \
    return ::cucpu::detail::with_rounding<T>(mode, [](T x, T y) { return x * y; }, a, b);                   \
  }                                                                                                          \
  inline T __##letter##div_##suffix(T a, T b) {                                                              \
    return ::cucpu::detail::with_rounding<T>(mode, [](T x, T y) { return x / y; }, a, b);                   \
  }                                                                                                          \
  inline T __##letter##rcp_##suffix(T a) {                                                                   \
    return ::cucpu::detail::with_rounding<T>(mode, [](T x, T one) { return one / x; }, a, T(1));            \
  }                                                                                                          \
  inline T __##letter##sqrt_##suffix(T a) {                                                                  \
    return ::cucpu::detail::with_rounding<T>(mode, [](T x) { return std::sqrt(x); }, a);                    \
  }                                                                                                          \
  inline T fma_name##_##suffix(T a, T b, T c) {                                                              \
    return ::cucpu::detail::with_rounding<T>(mode, [](T x, T y, T z) { return std::fma(x, y, z); }, a, b, c); \
  }
#define CUCPU_ROUNDED(suffix, mode)                          \
  CUCPU_ROUNDED_FAMILY(float, f, __fmaf, suffix, mode)        \
  CUCPU_ROUNDED_FAMILY(double, d, __fma, suffix, mode)
CUCPU_ROUNDED(rz, FE_TOWARDZERO)
CUCPU_ROUNDED(ru, FE_UPWARD)
CUCPU_ROUNDED(rd, FE_DOWNWARD)
#undef CUCPU_ROUNDED
#undef CUCPU_ROUNDED_FAMILY
inline double __dsub_rn(double a, double b) { return a - b; }

// Integer min/max under CUDA's explicit names.
inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned umax(unsigned a, unsigned b) { return a < b ? b : a; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a < b ? b : a; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a < b ? b : a; }

// More conversions.
inline double __ll2double_rn(long long x) { return double(x); }
inline double __ull2double_rn(unsigned long long x) { return double(x); }
inline double __uint2double_rn(unsigned x) { return double(x); }
inline float __ull2float_rn(unsigned long long x) { return float(x); }
inline long long __double2ll_rn(double x) { return (long long)std::nearbyint(x); }
inline long long __double2ll_rz(double x) { return (long long)x; }
inline unsigned __double2uint_rn(double x) { return (unsigned)std::nearbyint(x); }
inline unsigned __double2uint_rz(double x) { return (unsigned)x; }
inline unsigned long long __double2ull_rn(double x) { return (unsigned long long)std::nearbyint(x); }
inline unsigned long long __float2ull_rn(float x) { return (unsigned long long)std::nearbyint(x); }
inline unsigned long long __float2ull_rz(float x) { return (unsigned long long)x; }
inline int __double2int_ru(double x) { return int(std::ceil(x)); }
inline int __double2int_rd(double x) { return int(std::floor(x)); }
