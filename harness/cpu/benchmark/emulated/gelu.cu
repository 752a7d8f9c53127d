// Barrier-free elementwise kernel: exact GELU over 16 Mi floats, one thread
// per element. Measures the CPU backend's per-thread overhead.
#include <cmath>

#include "harness/cpu/benchmark/emulated/cuda_check.h"
#include "harness/cpu/benchmark/workloads.h"

__global__ void gelu_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t n) {
  int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
  }
}

int main() {
  const int64_t n = workloads::kGeluElements;
  std::vector<float> x = workloads::make_input(n, 1), y(n);
  float *d_x, *d_y;
  BENCH_CUDA(cudaMalloc(&d_x, n * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_y, n * sizeof(float)));
  BENCH_CUDA(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  const int threads = 256;
  const int blocks = static_cast<int>((n + threads - 1) / threads);
  workloads::time_and_report("gelu", [&] {
    gelu_kernel<<<blocks, threads>>>(d_x, d_y, n);
    BENCH_CUDA(cudaGetLastError());
    BENCH_CUDA(cudaDeviceSynchronize());
  });
  BENCH_CUDA(cudaMemcpy(y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost));
  workloads::report_checksum("gelu", y);
  return 0;
}
