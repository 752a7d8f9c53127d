// Barrier divergence through a loop: odd threads go round a loop with a
// __syncthreads() once more than even threads, which meanwhile wait at the
// barrier after the loop. Both barriers are reached by every thread, but not
// together: the second round of the loop's barrier meets the barrier after
// the loop. The CPU backend must report it, naming the kernel and both
// lines, instead of releasing them as one barrier.
#include "device_run.h"

__global__ void uneven_loop_kernel(int* out) {
  __shared__ int rounds[64];
  int mine = threadIdx.x % 2 + 1;
  for (int i = 0; i < mine; ++i) {
    rounds[threadIdx.x] = i;
    __syncthreads();  // line 14: twice for odd threads, once for even ones
  }
  __syncthreads();  // line 16
  out[threadIdx.x] = rounds[(threadIdx.x + 1) % 64];
}

int main() {
  uneven_loop_kernel<<<1, 64>>>(conformance::device_array<int>(64));
  std::printf("%s\n", conformance::report_failed_launch() ? "divergence reported through the runtime API"
                                                          : "FAIL divergent barriers were released without an error");
  return 1;
}
