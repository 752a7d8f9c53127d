// The device math library and fast intrinsics against the host's double
// precision <cmath>, each with a tolerance that matches CUDA's documented
// error bounds (ulp-level for the standard functions, looser for the __
// intrinsics), plus the integer/bit intrinsics and __ldg.
#include <cmath>
#include <vector>

#include "conformance_check.h"

constexpr int kFunctions = 22;

__global__ void math_kernel(const float* __restrict__ x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = __ldg(&x[i]);  // read-only cache load
  float* o = out + kFunctions * i;
  o[0] = expf(v);
  o[1] = __expf(v);
  o[2] = tanhf(v);
  o[3] = erff(v);
  o[4] = rsqrtf(fabsf(v) + 0.5f);
  o[5] = __fdividef(v, 3.0f);
  o[6] = fmaf(v, 1.5f, -0.25f);
  o[7] = __saturatef(v);
  o[8] = fmaxf(v, 0.1f) + fminf(v, -0.1f);
  o[9] = logf(fabsf(v) + 1.0f);
  o[10] = __logf(fabsf(v) + 1.0f);
  o[11] = sqrtf(fabsf(v));
  o[12] = sinf(v) + cosf(v);
  o[13] = __sinf(v) + __cosf(v);
  o[14] = powf(fabsf(v) + 0.5f, 1.7f);
  o[15] = exp2f(v) + log2f(fabsf(v) + 1.0f);
  o[16] = floorf(v * 3.3f) + ceilf(v * 1.7f) + truncf(v * 2.1f) + roundf(v * 4.5f);
  o[17] = atan2f(v, 0.7f) + asinf(v / 4.0f) + acosf(v / 4.0f);
  o[18] = coshf(v) - sinhf(v);
  o[19] = fabsf(v) + copysignf(2.0f, v) + fmodf(v, 0.75f);
  o[20] = static_cast<float>(max(static_cast<int>(v * 10.0f), -7) + min(static_cast<int>(v * 10.0f), 5));
  o[21] = __frcp_rn(v + 10.0f) + __fmul_rn(v, v) + __fadd_rn(v, 1.0f);
}

__global__ void bits_kernel(const unsigned* in, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = in[i];
  out[5 * i + 0] = __popc(v);
  out[5 * i + 1] = __clz(static_cast<int>(v));
  out[5 * i + 2] = __ffs(static_cast<int>(v));
  out[5 * i + 3] = __brev(v);
  out[5 * i + 4] = __float_as_uint(__uint_as_float(v));
}

struct Reference {
  const char* name;
  double rel_tol;
  double abs_tol;
};

int main() {
  const int n = 2001;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = -4.0f + 8.0f * i / (n - 1);
  std::vector<float> got(size_t(n) * kFunctions);
  float *d_x, *d_out;
  CONFORMANCE_CUDA(cudaMalloc(&d_x, n * sizeof(float)));
  CONFORMANCE_CUDA(cudaMalloc(&d_out, got.size() * sizeof(float)));
  CONFORMANCE_CUDA(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  math_kernel<<<(n + 127) / 128, 128>>>(d_x, d_out, n);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, got.size() * sizeof(float), cudaMemcpyDeviceToHost));

  const Reference refs[kFunctions] = {
      {"expf", 1e-6, 0}, {"__expf", 1e-4, 1e-6}, {"tanhf", 1e-6, 1e-7},
      {"erff", 1e-6, 1e-7}, {"rsqrtf", 1e-6, 0}, {"__fdividef", 1e-6, 1e-7},
      {"fmaf", 1e-7, 1e-7}, {"__saturatef", 0, 0}, {"fmaxf + fminf", 1e-7, 1e-7},
      {"logf", 1e-6, 1e-7}, {"__logf", 1e-5, 1e-6}, {"sqrtf", 1e-7, 0},
      {"sinf + cosf", 1e-6, 1e-6}, {"__sinf + __cosf", 1e-5, 1e-5},
      {"powf", 1e-6, 0}, {"exp2f + log2f", 1e-6, 1e-6},
      {"floorf/ceilf/truncf/roundf", 0, 0}, {"atan2f + asinf + acosf", 1e-6, 1e-6},
      {"coshf - sinhf", 1e-5, 5e-5}, {"fabsf + copysignf + fmodf", 1e-7, 1e-6},
      {"integer min/max", 0, 0}, {"__frcp_rn + __fmul_rn + __fadd_rn", 3e-7, 1e-6}};
  for (int f = 0; f < kFunctions; ++f) {
    std::vector<double> want(n), g(n);
    for (int i = 0; i < n; ++i) {
      double v = x[i];
      double r = 0;
      switch (f) {
        case 0: case 1: r = std::exp(v); break;
        case 2: r = std::tanh(v); break;
        case 3: r = std::erf(v); break;
        case 4: r = 1.0 / std::sqrt(std::fabs(v) + 0.5); break;
        case 5: r = v / 3.0; break;
        case 6: r = v * 1.5 - 0.25; break;
        case 7: r = v < 0 ? 0.0 : (v > 1 ? 1.0 : v); break;
        case 8: r = std::fmax(v, 0.1f) + std::fmin(v, -0.1f); break;
        case 9: case 10: r = std::log(std::fabs(v) + 1.0); break;
        case 11: r = std::sqrt(std::fabs(v)); break;
        case 12: case 13: r = std::sin(v) + std::cos(v); break;
        case 14: r = std::pow(std::fabs(v) + 0.5, 1.7); break;
        case 15: r = std::exp2(v) + std::log2(std::fabs(v) + 1.0); break;
        case 16: {
          // Rounding functions are exact on the float products.
          float a = x[i] * 3.3f, b = x[i] * 1.7f, c = x[i] * 2.1f, d = x[i] * 4.5f;
          r = std::floor(a) + std::ceil(b) + std::trunc(c) + std::round(d);
          break;
        }
        case 17: r = std::atan2(v, 0.7) + std::asin(v / 4.0) + std::acos(v / 4.0); break;
        case 18: r = std::exp(-v); break;
        case 19: r = std::fabs(v) + std::copysign(2.0, v) + std::fmod(v, 0.75); break;
        case 20: {
          int k = static_cast<int>(x[i] * 10.0f);
          r = std::max(k, -7) + std::min(k, 5);
          break;
        }
        case 21: r = 1.0 / (v + 10.0) + v * v + (v + 1.0); break;
      }
      want[i] = r;
      g[i] = got[size_t(i) * kFunctions + f];
    }
    conformance::check_close(g.data(), want.data(), n, refs[f].rel_tol, refs[f].abs_tol, refs[f].name);
  }

  // Integer and bit intrinsics are exact.
  const int m = 1000;
  std::vector<unsigned> bits(m), bits_got(5 * m), bits_want(5 * m);
  unsigned state = 7;
  for (int i = 0; i < m; ++i) {
    state = state * 1103515245u + 12345u;
    bits[i] = i < 3 ? static_cast<unsigned>(i) : state >> (i % 24);
    unsigned v = bits[i];
    bits_want[5 * i + 0] = __builtin_popcount(v);
    bits_want[5 * i + 1] = v == 0 ? 32 : __builtin_clz(v);
    bits_want[5 * i + 2] = v == 0 ? 0 : __builtin_ctz(v) + 1;
    unsigned r = 0;
    for (int b = 0; b < 32; ++b) r |= ((v >> b) & 1u) << (31 - b);
    bits_want[5 * i + 3] = r;
    bits_want[5 * i + 4] = v;
  }
  unsigned *d_bits, *d_bits_out;
  CONFORMANCE_CUDA(cudaMalloc(&d_bits, m * sizeof(unsigned)));
  CONFORMANCE_CUDA(cudaMalloc(&d_bits_out, 5 * m * sizeof(unsigned)));
  CONFORMANCE_CUDA(cudaMemcpy(d_bits, bits.data(), m * sizeof(unsigned), cudaMemcpyHostToDevice));
  bits_kernel<<<(m + 255) / 256, 256>>>(d_bits, d_bits_out, m);
  CONFORMANCE_CUDA(cudaMemcpy(bits_got.data(), d_bits_out, 5 * m * sizeof(unsigned), cudaMemcpyDeviceToHost));
  conformance::check_equal(bits_got.data(), bits_want.data(), 5 * m, "__popc/__clz/__ffs/__brev/__float_as_uint");

  CONFORMANCE_CUDA(cudaFree(d_x));
  CONFORMANCE_CUDA(cudaFree(d_out));
  CONFORMANCE_CUDA(cudaFree(d_bits));
  CONFORMANCE_CUDA(cudaFree(d_bits_out));
  return conformance::finish();
}
