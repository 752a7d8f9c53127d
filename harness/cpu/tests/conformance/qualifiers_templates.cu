// Function qualifiers, templates and unrolled loops: __global__, __device__,
// __host__ __device__, __forceinline__, __restrict__, __launch_bounds__,
// template kernels launched as k<T, 4><<<...>>>, #pragma unroll, and device
// functions calling each other (including recursion through a template).
#include <vector>

#include "conformance_check.h"

__device__ __forceinline__ int square(int x) { return x * x; }

__device__ int sum_of_squares_upto(int n) {  // calls another device function
  int total = 0;
  for (int i = 1; i <= n; ++i) total += square(i);
  return total;
}

__host__ __device__ int triangle(int n) { return n * (n + 1) / 2; }

template <int N>
__device__ int factorial() {
  if constexpr (N <= 1) {
    return 1;
  } else {
    return N * factorial<N - 1>();
  }
}

__global__ void __launch_bounds__(128) composed_kernel(int* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = sum_of_squares_upto(i % 10) + triangle(i) + factorial<5>();
}

// Each thread handles VEC consecutive elements with a fully unrolled loop.
template <typename T, int VEC>
__global__ void scale_vec_kernel(const T* __restrict__ in, T* __restrict__ out,
                                 T factor, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * VEC;
#pragma unroll
  for (int j = 0; j < VEC; ++j) {
    if (base + j < n) out[base + j] = in[base + j] * factor;
  }
}

template <typename T>
struct Plus {
  __device__ T operator()(T a, T b) const { return a + b; }
};

// A functor passed by value to a template kernel.
template <typename T, typename Op>
__global__ void combine_kernel(const T* a, const T* b, T* out, int n, Op op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(a[i], b[i]);
}

int main() {
  const int n = 1000;

  // Device functions calling each other, host-device function, templates.
  int* d_out = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_out, n * sizeof(int)));
  composed_kernel<<<(n + 127) / 128, 128>>>(d_out, n);
  CONFORMANCE_CUDA(cudaGetLastError());
  std::vector<int> got(n), want(n);
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int squares = 0;
    for (int k = 1; k <= i % 10; ++k) squares += k * k;
    want[i] = squares + i * (i + 1) / 2 + 120;
  }
  conformance::check_equal(got.data(), want.data(), n, "device functions calling each other");
  conformance::check(triangle(10) == 55, "__host__ __device__ function called on the host");

  // Template kernels with explicit arguments, for two types and widths.
  std::vector<float> f_in(n), f_out(n), f_want(n);
  std::vector<double> d_in(n), d_outv(n), d_want(n);
  for (int i = 0; i < n; ++i) {
    f_in[i] = 0.5f * i;
    f_want[i] = f_in[i] * 3.0f;
    d_in[i] = 0.25 * i;
    d_want[i] = d_in[i] * -2.0;
  }
  float *df_in, *df_out;
  double *dd_in, *dd_out;
  CONFORMANCE_CUDA(cudaMalloc(&df_in, n * sizeof(float)));
  CONFORMANCE_CUDA(cudaMalloc(&df_out, n * sizeof(float)));
  CONFORMANCE_CUDA(cudaMalloc(&dd_in, n * sizeof(double)));
  CONFORMANCE_CUDA(cudaMalloc(&dd_out, n * sizeof(double)));
  CONFORMANCE_CUDA(cudaMemcpy(df_in, f_in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CONFORMANCE_CUDA(cudaMemcpy(dd_in, d_in.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  scale_vec_kernel<float, 4><<<(n / 4 + 63) / 64, 64>>>(df_in, df_out, 3.0f, n);
  scale_vec_kernel<double, 3><<<(n / 3 + 1 + 31) / 32, 32>>>(dd_in, dd_out, -2.0, n);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaMemcpy(f_out.data(), df_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  CONFORMANCE_CUDA(cudaMemcpy(d_outv.data(), dd_out, n * sizeof(double), cudaMemcpyDeviceToHost));
  conformance::check_equal(f_out.data(), f_want.data(), n, "template kernel <float, 4> with #pragma unroll");
  conformance::check_equal(d_outv.data(), d_want.data(), n, "template kernel <double, 3> with #pragma unroll");

  // Template kernel with a deduced functor argument.
  combine_kernel<<<(n + 255) / 256, 256>>>(df_in, df_out, df_out, n, Plus<float>());
  CONFORMANCE_CUDA(cudaMemcpy(f_out.data(), df_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) f_want[i] = f_in[i] + f_in[i] * 3.0f;
  conformance::check_equal(f_out.data(), f_want.data(), n, "template kernel with deduced functor argument");

  CONFORMANCE_CUDA(cudaFree(d_out));
  CONFORMANCE_CUDA(cudaFree(df_in));
  CONFORMANCE_CUDA(cudaFree(df_out));
  CONFORMANCE_CUDA(cudaFree(dd_in));
  CONFORMANCE_CUDA(cudaFree(dd_out));
  return conformance::finish();
}
