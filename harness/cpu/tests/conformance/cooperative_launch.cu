// Cooperative launches and grid-wide sync: cudaLaunchCooperativeKernel with
// the largest grid the reported occupancy allows (as NVIDIA's samples size
// it), grid.sync() / cg::sync(grid) / this_grid().sync() between phases that
// read what other blocks wrote, __shared__ memory private to each block
// across grid syncs, a 2-D grid, cudaLaunchKernelEx with the cooperative
// attribute, and a grid one block too large failing with
// cudaErrorCooperativeLaunchTooLarge without running.
#include <cooperative_groups.h>

#include <vector>

#include "conformance_check.h"

namespace cg = cooperative_groups;

constexpr int kRounds = 6;

// Each round every thread reads its right neighbour's value of the last
// round (often in another block) and adds one; a missing grid barrier would
// read a stale or unwritten value.
__global__ void neighbour_rounds(int* buffers, int* valid) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long n = grid.size();
  unsigned long long me = grid.thread_rank();
  buffers[me] = int(me);
  if (me == 0) *valid = grid.is_valid() ? 1 : 0;
  grid.sync();
  for (int round = 0; round < kRounds; ++round) {
    const int* from = buffers + (round % 2) * n;
    int* to = buffers + ((round + 1) % 2) * n;
    to[me] = from[(me + 1) % n] + 1;
    if (round % 2 == 0) {
      cg::sync(grid);
    } else {
      cg::this_grid().sync();
    }
  }
}

// A block's static and dynamic shared memory survive grid syncs unchanged
// while every other block writes its own; block sums are then combined by
// block 0 after a grid sync.
__global__ void block_sums_then_total(const int* in, int* block_sums, int* total) {
  extern __shared__ int scratch[];
  __shared__ int block_id;
  cg::thread_block block = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  if (block.thread_rank() == 0) block_id = int(grid.block_rank());
  scratch[block.thread_rank()] = in[grid.thread_rank()];
  grid.sync();
  if (block.thread_rank() == 0) {
    int sum = 0;
    for (unsigned i = 0; i < block.size(); ++i) sum += scratch[i];
    block_sums[block_id] = block_id == int(grid.block_rank()) ? sum : -1;
  }
  grid.sync();
  if (grid.block_rank() == 0 && block.thread_rank() == 0) {
    int sum = 0;
    for (unsigned long long b = 0; b < grid.num_blocks(); ++b) sum += block_sums[b];
    *total = sum;
  }
}

__global__ void mark_ran(int* flag) { *flag = 1; }

int main() {
  int device = 0;
  int cooperative = 0;
  CONFORMANCE_CUDA(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  conformance::check(cooperative == 1, "cudaDevAttrCooperativeLaunch is 1");

  const int block_threads = 128;
  int blocks_per_sm = 0, sm_count = 0;
  CONFORMANCE_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, neighbour_rounds, block_threads, 0));
  CONFORMANCE_CUDA(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device));
  const int blocks = blocks_per_sm * sm_count;
  conformance::check(blocks >= 2, "occupancy allows at least two blocks");
  // Two blocks first, then the largest grid: the second launch needs more
  // resident blocks than any before it.
  for (int launch_blocks : {2, blocks}) {
    const unsigned long long n = (unsigned long long)launch_blocks * block_threads;
    int *d_buffers = nullptr, *d_valid = nullptr;
    CONFORMANCE_CUDA(cudaMalloc(&d_buffers, 2 * n * sizeof(int)));
    CONFORMANCE_CUDA(cudaMalloc(&d_valid, sizeof(int)));
    void* args[] = {&d_buffers, &d_valid};
    CONFORMANCE_CUDA(cudaLaunchCooperativeKernel((void*)neighbour_rounds, dim3(launch_blocks), dim3(block_threads),
                                                 args, 0, 0));
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    std::vector<int> got(n), want(n);
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_buffers + (kRounds % 2) * n, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (unsigned long long i = 0; i < n; ++i) want[i] = int((i + kRounds) % n) + kRounds;
    conformance::check_equal(got.data(), want.data(), size_t(n),
                             launch_blocks == 2 ? "grid.sync between rounds over 2 blocks"
                                                : "grid.sync between rounds over the largest grid");
    int valid = 0;
    CONFORMANCE_CUDA(cudaMemcpy(&valid, d_valid, sizeof(int), cudaMemcpyDeviceToHost));
    conformance::check(valid == 1, "grid.is_valid() in a cooperative launch");
    CONFORMANCE_CUDA(cudaFree(d_buffers));
    CONFORMANCE_CUDA(cudaFree(d_valid));
  }

  // 2-D grid and blocks through cudaLaunchKernelEx with the attribute.
  const dim3 grid2(2, 2), block2(8, 8);
  const int threads2 = 4 * 64;
  std::vector<int> in(threads2);
  for (int i = 0; i < threads2; ++i) in[i] = (i * 37) % 101 - 50;
  int *d_in = nullptr, *d_sums = nullptr, *d_total = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_in, threads2 * sizeof(int)));
  CONFORMANCE_CUDA(cudaMalloc(&d_sums, 4 * sizeof(int)));
  CONFORMANCE_CUDA(cudaMalloc(&d_total, sizeof(int)));
  CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), threads2 * sizeof(int), cudaMemcpyHostToDevice));
  cudaLaunchConfig_t config = {};
  config.gridDim = grid2;
  config.blockDim = block2;
  config.dynamicSmemBytes = 64 * sizeof(int);
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeCooperative;
  attribute[0].val.cooperative = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  CONFORMANCE_CUDA(cudaLaunchKernelEx(&config, block_sums_then_total, (const int*)d_in, d_sums, d_total));
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  int sums[4], total = 0, want_sums[4] = {0, 0, 0, 0}, want_total = 0;
  CONFORMANCE_CUDA(cudaMemcpy(sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost));
  CONFORMANCE_CUDA(cudaMemcpy(&total, d_total, sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < threads2; ++i) {
    want_sums[i / 64] += in[i];
    want_total += in[i];
  }
  conformance::check_equal(sums, want_sums, 4, "per-block shared memory kept across grid.sync (2-D grid)");
  conformance::check(total == want_total, "block 0 sums every block's result after grid.sync");

  // One block more than can be resident: refused, nothing runs, not sticky.
  int* d_flag = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_flag, sizeof(int)));
  CONFORMANCE_CUDA(cudaMemset(d_flag, 0, sizeof(int)));
  void* flag_args[] = {&d_flag};
  int per_sm_1024 = 0;
  CONFORMANCE_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm_1024, mark_ran, 1024, 0));
  cudaError_t too_large = cudaLaunchCooperativeKernel((void*)mark_ran, dim3(per_sm_1024 * sm_count + 1), dim3(1024),
                                                      flag_args, 0, 0);
  conformance::check(too_large == cudaErrorCooperativeLaunchTooLarge,
                     "a grid over the occupancy fails with cudaErrorCooperativeLaunchTooLarge");
  conformance::check(cudaGetLastError() == cudaErrorCooperativeLaunchTooLarge && cudaGetLastError() == cudaSuccess,
                     "the error is reported once by cudaGetLastError");
  int flag = -1;
  CONFORMANCE_CUDA(cudaMemcpy(&flag, d_flag, sizeof(int), cudaMemcpyDeviceToHost));
  conformance::check(flag == 0, "the refused kernel did not run");

  CONFORMANCE_CUDA(cudaFree(d_in));
  CONFORMANCE_CUDA(cudaFree(d_sums));
  CONFORMANCE_CUDA(cudaFree(d_total));
  CONFORMANCE_CUDA(cudaFree(d_flag));
  return conformance::finish();
}
