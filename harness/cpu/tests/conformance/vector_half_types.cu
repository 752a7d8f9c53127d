// Vector types and half precision: float4 loads/stores through
// reinterpret_cast (16-byte aligned), make_float4/make_int2/make_uchar4,
// double2, and __half / __half2 conversions and arithmetic from cuda_fp16.h.
#include <cuda_fp16.h>

#include <cmath>
#include <vector>

#include "device_run.h"

__global__ void float4_kernel(const float* in, float* out, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  float4 v = reinterpret_cast<const float4*>(in)[i];
  float4 r = make_float4(v.w, v.z * 2.0f, v.y + 1.0f, v.x - v.w);
  reinterpret_cast<float4*>(out)[i] = r;
}

__global__ void small_vectors_kernel(int2* pairs, uchar4* colors, double2* points, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int2 p = pairs[i];
  pairs[i] = make_int2(p.y, p.x + p.y);
  uchar4 c = colors[i];
  colors[i] = make_uchar4(c.w, c.z, c.y, static_cast<unsigned char>(c.x + 1));
  double2 q = points[i];
  points[i] = make_double2(q.x * q.y, q.x - q.y);
}

__global__ void half_kernel(const float* in, float* out, __half* halves, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half a = __float2half(in[i]);
  __half b = __float2half(0.5f);
  __half sum = __hadd(a, b);
  __half product = __hmul(a, b);
  __half fused = __hfma(a, b, sum);
  // Operators from cuda_fp16.hpp; no multiply feeds an add, so no FMA
  // contraction can change the rounding.
  __half ops = -(a - b) * b;
  halves[i] = a;
  out[4 * i + 0] = __half2float(sum);
  out[4 * i + 1] = __half2float(product);
  out[4 * i + 2] = __half2float(fused);
  out[4 * i + 3] = __half2float(ops) + (__hgt(a, b) ? 100.0f : 0.0f);
}

__global__ void half2_kernel(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 pair = __floats2half2_rn(in[i], -in[i]);
  __half2 doubled = __hadd2(pair, pair);
  out[2 * i + 0] = __low2float(doubled);
  out[2 * i + 1] = __high2float(doubled);
}

// h2floor and h2exp2 (the __half2 forms of hfloor and hexp2), each half on
// its own, on inputs whose results are exact in half.
__global__ void half2_math_kernel(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 floored = h2floor(__floats2half2_rn(in[i], -in[i]));
  __half2 powers = h2exp2(__floats2half2_rn(float(i % 8), -float(i % 8)));
  out[4 * i + 0] = __low2float(floored);
  out[4 * i + 1] = __high2float(floored);
  out[4 * i + 2] = __low2float(powers);
  out[4 * i + 3] = __high2float(powers);
}

// Rounds a float to the nearest half (round-to-nearest-even), on the host.
static float round_to_half(float x) { return __half2float(__float2half(x)); }

int main() {
  {
    const int n = 4096;
    std::vector<float> in(n), got(n), want(n);
    for (int i = 0; i < n; ++i) in[i] = 0.5f * i - 7.0f;
    for (int i = 0; i < n; i += 4) {
      want[i + 0] = in[i + 3];
      want[i + 1] = in[i + 2] * 2.0f;
      want[i + 2] = in[i + 1] + 1.0f;
      want[i + 3] = in[i + 0] - in[i + 3];
    }
    float *d_in, *d_out;
    CONFORMANCE_CUDA(cudaMalloc(&d_in, n * sizeof(float)));
    CONFORMANCE_CUDA(cudaMalloc(&d_out, n * sizeof(float)));
    conformance::check(reinterpret_cast<size_t>(d_in) % 16 == 0, "cudaMalloc is at least 16-byte aligned");
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    float4_kernel<<<(n / 4 + 127) / 128, 128>>>(d_in, d_out, n / 4);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
    conformance::check_equal(got.data(), want.data(), n, "float4 load/store and make_float4");
    conformance::check(sizeof(float4) == 16 && alignof(float4) == 16, "float4 is 16 bytes, 16-aligned");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  {
    const int n = 300;
    std::vector<int2> pairs(n);
    std::vector<uchar4> colors(n);
    std::vector<double2> points(n);
    for (int i = 0; i < n; ++i) {
      pairs[i] = make_int2(i, 2 * i + 1);
      colors[i] = make_uchar4(i & 255, (i * 3) & 255, (i * 7) & 255, (i * 11) & 255);
      points[i] = make_double2(0.5 * i, 0.25 * i + 1.0);
    }
    int2* d_pairs = conformance::device_copy(pairs);
    uchar4* d_colors = conformance::device_copy(colors);
    double2* d_points = conformance::device_copy(points);
    small_vectors_kernel<<<(n + 63) / 64, 64>>>(d_pairs, d_colors, d_points, n);
    const std::vector<int2> pairs_got = conformance::host_copy(d_pairs, n);
    const std::vector<uchar4> colors_got = conformance::host_copy(d_colors, n);
    const std::vector<double2> points_got = conformance::host_copy(d_points, n);
    bool pairs_ok = true, colors_ok = true, points_ok = true;
    for (int i = 0; i < n; ++i) {
      pairs_ok = pairs_ok && pairs_got[i].x == pairs[i].y && pairs_got[i].y == pairs[i].x + pairs[i].y;
      const uchar4 c = colors[i], g = colors_got[i];
      colors_ok = colors_ok && g.x == c.w && g.y == c.z && g.z == c.y &&
                  g.w == static_cast<unsigned char>(c.x + 1);
      points_ok = points_ok && points_got[i].x == points[i].x * points[i].y &&
                  points_got[i].y == points[i].x - points[i].y;
    }
    conformance::check(pairs_ok, "int2 and make_int2");
    conformance::check(colors_ok, "uchar4 and make_uchar4");
    conformance::check(points_ok, "double2 and make_double2");
    CONFORMANCE_CUDA(cudaFree(d_pairs));
    CONFORMANCE_CUDA(cudaFree(d_colors));
    CONFORMANCE_CUDA(cudaFree(d_points));
  }
  {
    const int n = 1000;
    std::vector<float> in(n), got(4 * n), want(4 * n), got2(2 * n), want2(2 * n);
    std::vector<__half> halves(n);
    for (int i = 0; i < n; ++i) in[i] = -20.0f + 0.0437f * i;
    for (int i = 0; i < n; ++i) {
      // Each half operation rounds its exact result to half.
      float a = round_to_half(in[i]), b = 0.5f;
      float sum = round_to_half(a + b);
      want[4 * i + 0] = sum;
      want[4 * i + 1] = round_to_half(a * b);
      want[4 * i + 2] = round_to_half(a * b + sum);  // exact in float: one rounding
      float ops = round_to_half(-round_to_half(a - b) * b);
      want[4 * i + 3] = ops + (a > b ? 100.0f : 0.0f);
      float h = round_to_half(in[i]);
      want2[2 * i + 0] = round_to_half(2.0f * h);
      want2[2 * i + 1] = round_to_half(-2.0f * h);
    }
    float *d_in, *d_out, *d_out2;
    __half* d_halves;
    CONFORMANCE_CUDA(cudaMalloc(&d_in, n * sizeof(float)));
    CONFORMANCE_CUDA(cudaMalloc(&d_out, 4 * n * sizeof(float)));
    CONFORMANCE_CUDA(cudaMalloc(&d_out2, 2 * n * sizeof(float)));
    CONFORMANCE_CUDA(cudaMalloc(&d_halves, n * sizeof(__half)));
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    half_kernel<<<(n + 127) / 128, 128>>>(d_in, d_out, d_halves, n);
    half2_kernel<<<(n + 127) / 128, 128>>>(d_in, d_out2, n);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, 4 * n * sizeof(float), cudaMemcpyDeviceToHost));
    CONFORMANCE_CUDA(cudaMemcpy(got2.data(), d_out2, 2 * n * sizeof(float), cudaMemcpyDeviceToHost));
    CONFORMANCE_CUDA(cudaMemcpy(halves.data(), d_halves, n * sizeof(__half), cudaMemcpyDeviceToHost));
    conformance::check_equal(got.data(), want.data(), 4 * n, "__half conversions, __hadd/__hmul/__hfma/operators");
    conformance::check_equal(got2.data(), want2.data(), 2 * n, "__half2 pack, __hadd2, unpack");
    bool stored_ok = true;
    for (int i = 0; i < n; ++i) stored_ok = stored_ok && __half2float(halves[i]) == round_to_half(in[i]);
    conformance::check(stored_ok && sizeof(__half) == 2, "__half stored to device memory is 2 bytes, read on host");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
    CONFORMANCE_CUDA(cudaFree(d_out2));
    CONFORMANCE_CUDA(cudaFree(d_halves));
  }
  {
    const int n = 256;
    std::vector<float> in(n), want(4 * n);
    for (int i = 0; i < n; ++i) {
      in[i] = -20.0f + 0.15625f * i;  // a multiple of 2^-6 below 32: exact in half
      want[4 * i + 0] = std::floor(in[i]);
      want[4 * i + 1] = std::floor(-in[i]);
      want[4 * i + 2] = std::exp2(float(i % 8));
      want[4 * i + 3] = std::exp2(-float(i % 8));
    }
    float* d_in = conformance::device_copy(in);
    float* d_out = conformance::device_array<float>(4 * n);
    half2_math_kernel<<<(n + 127) / 128, 128>>>(d_in, d_out, n);
    CONFORMANCE_CUDA(cudaGetLastError());
    const std::vector<float> got = conformance::host_copy(d_out, 4 * n);
    conformance::check_close(got.data(), want.data(), 4 * n, 1e-3, 0.0, "h2floor, h2exp2 on each half");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  return conformance::finish();
}
