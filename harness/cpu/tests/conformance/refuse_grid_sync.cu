// A grid-wide barrier (cooperative groups this_grid().sync()) needs every
// block resident at once, which the CPU backend's block-by-block execution
// cannot provide: cucc must refuse it at compile time, naming grid sync and
// the line. nvcc accepts this file (it would need a cooperative launch to run).
#include <cooperative_groups.h>

#include "conformance_check.h"

namespace cg = cooperative_groups;

__global__ void two_phase_kernel(int* data, int n) {
  cg::grid_group grid = cg::this_grid();
  int i = static_cast<int>(grid.thread_rank());
  if (i < n) data[i] = i;
  grid.sync();
  if (i < n) data[i] += data[n - 1 - i];
}

int main() {
  int* d;
  CONFORMANCE_CUDA(cudaMalloc(&d, 256 * sizeof(int)));
  two_phase_kernel<<<2, 128>>>(d, 256);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  return conformance::finish();
}
