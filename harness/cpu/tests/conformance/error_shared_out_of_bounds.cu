// A read one element past the end of a static __shared__ array. GPUs'
// compute-sanitizer reports this; under --check-memory the CPU backend must
// also stop with a report naming the kernel, rather than silently read the
// neighbouring array. The expectation file checks the report.
#include "device_run.h"

__global__ void shared_overread_kernel(float* out) {
  __shared__ float tile[64];
  __shared__ float neighbour[64];
  tile[threadIdx.x] = static_cast<float>(threadIdx.x);
  neighbour[threadIdx.x] = -1.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x + 1] + neighbour[threadIdx.x];  // bug: thread 63 reads tile[64]
}

int main() {
  shared_overread_kernel<<<1, 64>>>(conformance::device_array<float>(64));
  conformance::report_failed_launch();
  return 1;  // reaching here means the overread went unnoticed
}
