// Barrier-free elementwise kernel: exact GELU over 16 Mi floats, one thread
// per element. Measures the CPU backend's per-thread overhead.
#include <cmath>

#include "harness/cpu/benchmark/emulated/device_driver.h"

__global__ void gelu_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t n) {
  int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
  }
}

int main() {
  const int64_t n = workloads::kGeluElements;
  float* d_x = workloads::to_device(workloads::make_input(n, 1));
  float* d_y = workloads::device_buffer(n);
  const int threads = 256;
  const int blocks = static_cast<int>((n + threads - 1) / threads);
  workloads::time_launches("gelu", [&] { gelu_kernel<<<blocks, threads>>>(d_x, d_y, n); });
  workloads::report_device_checksum("gelu", d_y, n);
  return 0;
}
