// Everyday CUDA idioms beyond the basics: __device__ global variables (with
// initialisers, read and written by kernels, reached from the host through
// cudaMemcpyToSymbol/FromSymbol and cudaGetSymbolAddress), the same
// templated kernel's static __shared__ array instantiated for two types,
// lambdas and struct operators inside kernels, a launch through a function
// pointer, and cudaLaunchKernel with an argument array.
#include <vector>

#include "device_run.h"

__device__ int g_launch_counter;
__device__ float g_table[4] = {1.0f, 2.0f, 3.0f, 4.0f};

template <typename T>
__global__ void reverse_typed_kernel(T* out) {
  __shared__ T values[64];  // one array per instantiation
  values[threadIdx.x] = T(threadIdx.x) * T(2);
  __syncthreads();
  out[threadIdx.x] = values[blockDim.x - 1 - threadIdx.x];
  atomicAdd(&g_launch_counter, 1);
}

__global__ void lambda_kernel(float* out) {
  auto twice = [](float x) { return 2.0f * x; };
  out[threadIdx.x] = twice(g_table[threadIdx.x % 4]);
}

struct Point {
  float x, y;
  __host__ __device__ Point operator+(Point other) const { return {x + other.x, y + other.y}; }
};

__global__ void shift_points_kernel(Point* points, Point by) {
  points[threadIdx.x] = points[threadIdx.x] + by;
}

__global__ void offset_kernel(int* out, int offset) { out[threadIdx.x] = threadIdx.x + offset; }

int main() {
  const int n = 64;
  float* d_f = conformance::device_array<float>(n);
  double* d_d = conformance::device_array<double>(n);
  int* d_i = conformance::device_array<int>(n);
  Point* d_p = conformance::device_array<Point>(n);

  const int zero = 0;
  CONFORMANCE_CUDA(cudaMemcpyToSymbol(g_launch_counter, &zero, sizeof(zero)));
  reverse_typed_kernel<float><<<1, n>>>(d_f);
  reverse_typed_kernel<double><<<1, n>>>(d_d);
  CONFORMANCE_CUDA(cudaGetLastError());
  std::vector<float> f(n), f_want(n);
  std::vector<double> d(n), d_want(n);
  CONFORMANCE_CUDA(cudaMemcpy(f.data(), d_f, n * sizeof(float), cudaMemcpyDeviceToHost));
  CONFORMANCE_CUDA(cudaMemcpy(d.data(), d_d, n * sizeof(double), cudaMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) {
    f_want[t] = float(n - 1 - t) * 2.0f;
    d_want[t] = double(n - 1 - t) * 2.0;
  }
  conformance::check_equal(f.data(), f_want.data(), n, "templated static __shared__, float instantiation");
  conformance::check_equal(d.data(), d_want.data(), n, "templated static __shared__, double instantiation");
  int counter = -1;
  CONFORMANCE_CUDA(cudaMemcpyFromSymbol(&counter, g_launch_counter, sizeof(counter)));
  conformance::check(counter == 2 * n, "__device__ int counter via cudaMemcpyToSymbol/FromSymbol");
  int* counter_address = nullptr;
  CONFORMANCE_CUDA(cudaGetSymbolAddress(reinterpret_cast<void**>(&counter_address), g_launch_counter));
  counter = -1;
  CONFORMANCE_CUDA(cudaMemcpy(&counter, counter_address, sizeof(counter), cudaMemcpyDeviceToHost));
  conformance::check(counter == 2 * n, "cudaGetSymbolAddress of a __device__ variable");

  lambda_kernel<<<1, n>>>(d_f);
  CONFORMANCE_CUDA(cudaMemcpy(f.data(), d_f, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) f_want[t] = 2.0f * float(t % 4 + 1);
  conformance::check_equal(f.data(), f_want.data(), n, "lambda in a kernel reading an initialised __device__ array");

  std::vector<Point> points(n);
  for (int t = 0; t < n; ++t) points[t] = {float(t), -float(t)};
  CONFORMANCE_CUDA(cudaMemcpy(d_p, points.data(), n * sizeof(Point), cudaMemcpyHostToDevice));
  shift_points_kernel<<<1, n>>>(d_p, Point{0.5f, 2.0f});
  std::vector<Point> shifted(n);
  CONFORMANCE_CUDA(cudaMemcpy(shifted.data(), d_p, n * sizeof(Point), cudaMemcpyDeviceToHost));
  bool points_ok = true;
  for (int t = 0; t < n; ++t) points_ok = points_ok && shifted[t].x == t + 0.5f && shifted[t].y == 2.0f - t;
  conformance::check(points_ok, "struct passed by value with a __host__ __device__ operator+");

  void (*kernel_pointer)(int*, int) = offset_kernel;
  kernel_pointer<<<1, n>>>(d_i, 100);
  std::vector<int> ints(n), ints_want(n);
  CONFORMANCE_CUDA(cudaMemcpy(ints.data(), d_i, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) ints_want[t] = t + 100;
  conformance::check_equal(ints.data(), ints_want.data(), n, "launch through a function pointer");

  int offset = -7;
  void* args[] = {&d_i, &offset};
  CONFORMANCE_CUDA(cudaLaunchKernel(offset_kernel, dim3(1), dim3(32), args, 0, nullptr));
  CONFORMANCE_CUDA(cudaMemcpy(ints.data(), d_i, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int t = 0; t < 32; ++t) ints_want[t] = t - 7;  // the upper half keeps the previous values
  conformance::check_equal(ints.data(), ints_want.data(), n, "cudaLaunchKernel with an argument array");

  CONFORMANCE_CUDA(cudaFree(d_f));
  CONFORMANCE_CUDA(cudaFree(d_d));
  CONFORMANCE_CUDA(cudaFree(d_i));
  CONFORMANCE_CUDA(cudaFree(d_p));
  return conformance::finish();
}
