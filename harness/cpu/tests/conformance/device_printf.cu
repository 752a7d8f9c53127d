// Device-side printf: format conversions, per-thread values, and "<<<" inside
// a format string. The lines' order across threads is unspecified, so the
// expectation file (device_printf.expect) matches each line on its own; this
// program checks only that the kernel ran and printed before the host line.
#include "conformance_check.h"

__global__ void greet_kernel(int base, float scale) {
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  if (t % 5 == 0) {
    printf("device thread %d of block %d: value=%d scaled=%.2f\n", threadIdx.x, blockIdx.x,
           base + t, scale * t);
  }
  if (t == 0) {
    printf("device formats: %s %c %u %x %lld %e <<<not a launch>>>\n", "text", 'Q', 4000000000u,
           255u, -1234567890123LL, 1.5e-3);
  }
}

int main() {
  greet_kernel<<<2, 16>>>(100, 0.5f);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaDeviceSynchronize());  // flushes the device printf buffer
  std::printf("host after synchronize\n");
  return conformance::finish();
}
