// An off-by-one kernel that writes one element past the end of a cudaMalloc
// buffer. Built with --check-memory (AddressSanitizer), the backend must stop
// the program with a report that names the kernel and the overflow; the
// expectation file checks both. Without --check-memory the write could land
// silently, which is why the judge offers the flag.
#include "conformance_check.h"

__global__ void off_by_one_writer_kernel(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) out[i] = 2.0f * i;  // bug: should be i < n
}

int main() {
  const int n = 1000;
  float* d;
  CONFORMANCE_CUDA(cudaMalloc(&d, n * sizeof(float)));
  off_by_one_writer_kernel<<<(n + 1 + 255) / 256, 256>>>(d, n);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  std::printf("kernel finished without a memory error report\n");
  CONFORMANCE_CUDA(cudaFree(d));
  return 1;  // reaching here means the overflow went unnoticed
}
