// A kernel that writes through a wild pointer, without --check-memory. On a
// GPU this is cudaErrorIllegalAddress; on the CPU backend the process may
// die, but it must say which kernel faulted (name, block, thread) on its
// way out, so a judge's user can find the bug. The expectation file checks
// the kernel's name and a non-zero exit.
#include "device_run.h"

__global__ void wild_pointer_writer_kernel(float* data) {
  data[threadIdx.x + (1LL << 40)] = 1.0f;  // far outside any allocation
}

int main() {
  wild_pointer_writer_kernel<<<1, 64>>>(conformance::device_array<float>(64));
  conformance::report_failed_launch();
  return 1;  // the kernel is invalid: the expectation is always a failure exit
}
