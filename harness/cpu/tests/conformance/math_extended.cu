// The less common half of the CUDA math API that kernels still use:
// classification (isnan/isinf/isfinite/signbit, unqualified as in CUDA),
// inverse error functions, the normal CDF and its inverse, erfcxf,
// norm3df/rnorm3df/rhypotf/cbrtf/rcbrtf, sincosf/sincospif/sinpif/cospif,
// exp10f, the __powf/__tanf/__exp10f/__log2f intrinsics, frexpf/ldexpf/
// scalbnf/nanf, 64-bit conversions and directed-rounding arithmetic
// (__fadd_ru, __dsqrt_rd, ...). Host references use <cmath>; inverse
// functions are checked by round trip, directed rounding by the order of
// results that no mode rounds exactly.
#include <cmath>
#include <vector>

#include "device_run.h"

constexpr int kOutputs = 16;

__global__ void extended_math_kernel(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];              // in (-1, 1)
  float* o = out + kOutputs * i;
  float infinity = __int_as_float(0x7f800000);
  float special = i % 4 == 0 ? nanf("") : (i % 4 == 1 ? copysignf(infinity, v) : v);  // NaN, +-inf, finite
  o[0] = (isnan(special) ? 1.0f : 0.0f) + (isinf(special) ? 2.0f : 0.0f) + (isfinite(special) ? 4.0f : 0.0f) +
         (signbit(v) ? 8.0f : 0.0f);
  o[1] = erff(erfinvf(v));              // round trip
  o[2] = erfcf(erfcinvf(v + 1.0f));     // round trip over (0, 2)
  o[3] = normcdff(normcdfinvf(0.5f * v + 0.5f));  // round trip over (0, 1)
  o[4] = erfcxf(v);
  o[5] = norm3df(v, 2.0f * v, 0.5f) + rnorm3df(v, 2.0f, 0.5f);
  o[6] = rhypotf(v, 3.0f) + hypotf(v, 3.0f);
  o[7] = cbrtf(v) + rcbrtf(v + 2.0f);
  float s, c;
  sincosf(v, &s, &c);
  float sp, cp;
  sincospif(v, &sp, &cp);
  o[8] = s + 2.0f * c + 3.0f * sp + 4.0f * cp;
  o[9] = sinpif(v) + cospif(v);
  o[10] = exp10f(v) + __exp10f(v);
  o[11] = __powf(v + 2.0f, 1.5f) + __tanf(v) + __log2f(v + 2.0f);
  int exponent = 0;
  float mantissa = frexpf(v * 100.0f, &exponent);
  o[12] = mantissa + static_cast<float>(exponent) + ldexpf(v, 3) + scalbnf(v, -2);
  o[13] = static_cast<float>(__ll2double_rn(static_cast<long long>(v * 1e6f)) + __float2ll_rn(v * 1e6f));
  o[14] = fdividef(v, 7.0f) + __fdiv_rn(v, 7.0f);
  o[15] = normcdff(v);
}

// Directed rounding on results no mode rounds exactly, all positive: the
// _rd result lies below the _ru one, and _rz equals _rd. Inputs come from
// memory so no compiler folds them in the default mode: f and d hold one, a
// tiny addend (2^-30 for float, 2^-60 for double), three, and a number near
// one (1 + 2^-12, 1 + 2^-30) whose square is inexact.
#define CONFORMANCE_ORDERED(name, ...)                            \
  (name##_rd(__VA_ARGS__) < name##_ru(__VA_ARGS__) &&             \
   name##_rz(__VA_ARGS__) == name##_rd(__VA_ARGS__))

__global__ void directed_rounding_kernel(const float* f, const double* d, int* out) {
  out[0] = CONFORMANCE_ORDERED(__fadd, f[0], f[1]) && CONFORMANCE_ORDERED(__dadd, d[0], d[1]);
  out[1] = CONFORMANCE_ORDERED(__fsub, f[0], f[1]) && CONFORMANCE_ORDERED(__dsub, d[0], d[1]);
  out[2] = CONFORMANCE_ORDERED(__fmul, f[3], f[3]) && CONFORMANCE_ORDERED(__dmul, d[3], d[3]);
  out[3] = CONFORMANCE_ORDERED(__fdiv, f[0], f[2]) && CONFORMANCE_ORDERED(__ddiv, d[0], d[2]);
  out[4] = CONFORMANCE_ORDERED(__frcp, f[2]) && CONFORMANCE_ORDERED(__drcp, d[2]);
  out[5] = CONFORMANCE_ORDERED(__fsqrt, f[2]) && CONFORMANCE_ORDERED(__dsqrt, d[2]);
  out[6] = CONFORMANCE_ORDERED(__fmaf, f[2], f[2], f[1]) && CONFORMANCE_ORDERED(__fma, d[2], d[2], d[1]);
}

int main() {
  {
    const std::vector<float> floats = {1.0f, std::ldexp(1.0f, -30), 3.0f, 1.0f + std::ldexp(1.0f, -12)};
    const std::vector<double> doubles = {1.0, std::ldexp(1.0, -60), 3.0, 1.0 + std::ldexp(1.0, -30)};
    float* d_floats = conformance::device_copy(floats);
    double* d_doubles = conformance::device_copy(doubles);
    int* d_ordered = conformance::device_array<int>(7);
    directed_rounding_kernel<<<1, 1>>>(d_floats, d_doubles, d_ordered);
    CONFORMANCE_CUDA(cudaGetLastError());
    const std::vector<int> ordered = conformance::host_copy(d_ordered, 7);
    const char* families[7] = {"__fadd_r*, __dadd_r*", "__fsub_r*, __dsub_r*", "__fmul_r*, __dmul_r*",
                               "__fdiv_r*, __ddiv_r*", "__frcp_r*, __drcp_r*", "__fsqrt_r*, __dsqrt_r*",
                               "__fmaf_r*, __fma_r*"};
    for (int k = 0; k < 7; ++k) conformance::check(ordered[k] == 1, families[k]);
    CONFORMANCE_CUDA(cudaFree(d_floats));
    CONFORMANCE_CUDA(cudaFree(d_doubles));
    CONFORMANCE_CUDA(cudaFree(d_ordered));
  }
  const int n = 1000;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = -0.999f + 1.998f * i / (n - 1);
  std::vector<float> got(size_t(n) * kOutputs);
  float *d_x, *d_out;
  CONFORMANCE_CUDA(cudaMalloc(&d_x, n * sizeof(float)));
  CONFORMANCE_CUDA(cudaMalloc(&d_out, got.size() * sizeof(float)));
  CONFORMANCE_CUDA(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  extended_math_kernel<<<(n + 127) / 128, 128>>>(d_x, d_out, n);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, got.size() * sizeof(float), cudaMemcpyDeviceToHost));

  struct Check {
    const char* name;
    double rel_tol, abs_tol;
  };
  const Check checks[kOutputs] = {
      {"isnan/isinf/isfinite/signbit", 0, 0},   {"erff(erfinvf(y)) == y", 0, 2e-6},
      {"erfcf(erfcinvf(y)) == y", 0, 4e-6},     {"normcdff(normcdfinvf(p)) == p", 0, 2e-6},
      {"erfcxf", 2e-6, 0},                      {"norm3df + rnorm3df", 2e-6, 0},
      {"rhypotf + hypotf", 2e-6, 0},            {"cbrtf + rcbrtf", 2e-6, 1e-6},
      {"sincosf + sincospif", 2e-6, 4e-6},      {"sinpif + cospif", 2e-6, 2e-6},
      {"exp10f + __exp10f", 1e-4, 1e-6},        {"__powf + __tanf + __log2f", 1e-4, 1e-5},
      {"frexpf + ldexpf + scalbnf", 1e-6, 1e-6}, {"__ll2double_rn + __float2ll_rn", 0, 0},
      {"fdividef + __fdiv_rn", 1e-6, 1e-7},     {"normcdff", 2e-6, 1e-7}};
  const double pi = 3.14159265358979323846;
  for (int f = 0; f < kOutputs; ++f) {
    std::vector<double> want(n), g(n);
    for (int i = 0; i < n; ++i) {
      double v = x[i];
      double r = 0;
      switch (f) {
        case 0: {
          double special = i % 4 == 0 ? NAN : (i % 4 == 1 ? std::copysign(INFINITY, v) : v);
          r = (std::isnan(special) ? 1 : 0) + (std::isinf(special) ? 2 : 0) + (std::isfinite(special) ? 4 : 0) +
              (std::signbit(v) ? 8 : 0);
          break;
        }
        case 1: r = v; break;
        case 2: r = double(x[i] + 1.0f); break;
        case 3: r = double(0.5f * x[i] + 0.5f); break;
        case 4: r = std::exp(v * v) * std::erfc(v); break;
        case 5: r = std::sqrt(v * v + 4 * v * v + 0.25) + 1.0 / std::sqrt(v * v + 4.0 + 0.25); break;
        case 6: r = 1.0 / std::hypot(v, 3.0) + std::hypot(v, 3.0); break;
        case 7: r = std::cbrt(v) + 1.0 / std::cbrt(v + 2.0); break;
        case 8: r = std::sin(v) + 2 * std::cos(v) + 3 * std::sin(pi * v) + 4 * std::cos(pi * v); break;
        case 9: r = std::sin(pi * v) + std::cos(pi * v); break;
        case 10: r = 2 * std::pow(10.0, v); break;
        case 11: r = std::pow(v + 2.0, 1.5) + std::tan(v) + std::log2(v + 2.0); break;
        case 12: {
          int exponent = 0;
          double mantissa = std::frexp(double(x[i] * 100.0f), &exponent);
          r = mantissa + exponent + v * 8 + v / 4;
          break;
        }
        case 13: {
          const float scaled = x[i] * 1e6f;  // the cast truncates, __float2ll_rn rounds
          r = static_cast<double>(static_cast<long long>(scaled)) + static_cast<double>(std::llrint(scaled));
          break;
        }
        case 14: r = 2 * v / 7.0; break;
        case 15: r = 0.5 * std::erfc(-v / std::sqrt(2.0)); break;
      }
      want[i] = r;
      g[i] = got[size_t(i) * kOutputs + f];
    }
    conformance::check_close(g.data(), want.data(), n, checks[f].rel_tol, checks[f].abs_tol, checks[f].name);
  }
  CONFORMANCE_CUDA(cudaFree(d_x));
  CONFORMANCE_CUDA(cudaFree(d_out));
  return conformance::finish();
}
