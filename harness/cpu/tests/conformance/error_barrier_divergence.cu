// A __syncthreads that some live threads of a block never reach is a
// deadlock (or undefined behaviour) on a GPU. Here lane 0 of each warp waits
// at the block barrier while lanes 1-31 wait in a warp shuffle for lane 0, so
// neither can proceed. The CPU backend must detect this and fail with an
// error that names the kernel instead of hanging. (Threads that have
// returned count as arrived, so a barrier skipped by exited threads is
// valid; barriers.cu checks that pattern passes.) The expectation file checks
// the kernel's name in the output; this program never prints it itself.
#include "device_run.h"

__global__ void barrier_in_branch_kernel(int* out) {
  int lane = threadIdx.x % 32;
  int v = threadIdx.x;
  if (lane == 0) {
    __syncthreads();  // waits for lanes 1-31, which wait below for lane 0
  }
  v = __shfl_sync(0xffffffffu, v, 0);
  out[threadIdx.x] = v;
}

int main() {
  barrier_in_branch_kernel<<<2, 64>>>(conformance::device_array<int>(64));
  // Reaching here is acceptable only if the error came back through the API;
  // either way the kernel is invalid, so the program always fails.
  std::printf("%s\n", conformance::report_failed_launch() ? "deadlock reported through the runtime API"
                                                          : "FAIL deadlocked kernel completed without an error");
  return 1;
}
