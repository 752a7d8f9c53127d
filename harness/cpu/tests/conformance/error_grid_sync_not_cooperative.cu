// grid.sync() in a kernel launched with <<<>>> (not cooperatively): a GPU
// does not keep the blocks resident and the sync is invalid. The backend
// reports it naming the kernel (a trap), and the launch fails with a sticky
// cudaErrorLaunchFailure instead of hanging.
#include <cooperative_groups.h>

#include "device_run.h"

namespace cg = cooperative_groups;

__global__ void grid_sync_without_cooperative_launch(int* out) {
  cg::grid_group grid = cg::this_grid();
  out[grid.thread_rank()] = 1;
  grid.sync();
  out[grid.thread_rank()] = 2;
}

int main() {
  grid_sync_without_cooperative_launch<<<4, 32>>>(conformance::device_array<int>(4 * 32));
  conformance::check(conformance::report_failed_launch(), "grid.sync() outside a cooperative launch fails the launch");
  conformance::finish();
  return 1;  // the launch failed: never a success exit
}
