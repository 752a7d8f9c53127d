// Barrier divergence: the two halves of a block wait at two different
// __syncthreads() calls. CUDA requires a barrier to be reached by every live
// thread of the block or by none (a GPU may hang, or release the halves
// together as if they met); the CPU backend must report it, naming the kernel
// and both lines, instead of releasing them as one barrier. The expectation
// file checks the report; this program never prints the kernel's name itself.
#include "device_run.h"

__global__ void divergent_branches_kernel(int* out) {
  __shared__ int values[64];
  values[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 32) {
    __syncthreads();  // the lower half waits here (line 13)
    out[threadIdx.x] = values[threadIdx.x + 32];
  } else {
    __syncthreads();  // the upper half waits here (line 16)
    out[threadIdx.x] = values[threadIdx.x - 32];
  }
}

int main() {
  divergent_branches_kernel<<<2, 64>>>(conformance::device_array<int>(64));
  std::printf("%s\n", conformance::report_failed_launch() ? "divergence reported through the runtime API"
                                                          : "FAIL divergent barriers were released without an error");
  return 1;
}
