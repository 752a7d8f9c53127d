// A cooperative launch in which block 0 returns while the others wait at
// grid.sync(): a GPU's grid barrier would never complete. The backend reports
// a deadlock naming the kernel and fails the launch (sticky
// cudaErrorLaunchFailure) instead of hanging.
#include <cooperative_groups.h>

#include "device_run.h"

namespace cg = cooperative_groups;

__global__ void block_zero_skips_grid_sync(int* out) {
  cg::grid_group grid = cg::this_grid();
  if (blockIdx.x == 0) return;
  out[grid.thread_rank()] = 1;
  grid.sync();
  out[grid.thread_rank()] = 2;
}

int main() {
  int* d_out = conformance::device_array<int>(2 * 64);
  void* args[] = {&d_out};
  cudaLaunchCooperativeKernel((void*)block_zero_skips_grid_sync, dim3(2), dim3(64), args, 0, 0);
  conformance::check(conformance::report_failed_launch(), "a block skipping grid.sync() fails the launch");
  return 1;  // the launch failed: never a success exit
}
