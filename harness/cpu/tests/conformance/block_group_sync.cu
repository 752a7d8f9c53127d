// Cooperative groups' thread block in kernels the CPU backend splits into
// loops over threads: `block.sync()`, `cg::sync(block)` and
// `cg::this_thread_block().sync()` are block barriers, `block.thread_rank()`
// and `block.thread_index()` the thread's place, in a tree reduction over a
// block-uniform loop and in a 2-D neighbour exchange; and a sync in a branch,
// which stays on fibers. Checked against the host in natural and shuffled
// order (compiled with --split-barriers=force).
#include <cooperative_groups.h>

#include <vector>

#include "conformance_check.h"
#include "device_run.h"

namespace cg = cooperative_groups;

constexpr int kReduceThreads = 256;

// Per-block sums: a shared-memory tree whose steps end with the block's sync.
__global__ void block_group_reduce_kernel(const int* in, int* out) {
  __shared__ int partial[kReduceThreads];
  cg::thread_block block = cg::this_thread_block();
  unsigned t = block.thread_rank();
  partial[t] = in[blockIdx.x * kReduceThreads + t];
  block.sync();
  for (unsigned stride = block.size() / 2; stride > 0; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
    cg::sync(block);
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}

// 2-D blocks of 16x4: each thread adds its right neighbour's value (with
// wrap-around) for `rounds` rounds, values kept in a local across barriers.
__global__ void block_group_neighbours_kernel(int* data, int rounds) {
  __shared__ int cells[4][16];
  const auto block = cg::this_thread_block();
  dim3 at = block.thread_index();
  int value = data[(blockIdx.x * 4 + at.y) * 16 + at.x];
  for (int round = 0; round < rounds; ++round) {
    cells[at.y][at.x] = value;
    cg::this_thread_block().sync();
    value += cells[at.y][(at.x + 1) % 16] % 5;
    block.sync();
  }
  data[(blockIdx.x * 4 + at.y) * 16 + at.x] = value;
}

// Left to fibers: the sync sits in a (block-uniform) branch.
__global__ void block_group_branch_kernel(const int* in, int* out, int flip) {
  __shared__ int cells[64];
  cg::thread_block block = cg::this_thread_block();
  int t = block.thread_rank();
  cells[t] = in[blockIdx.x * 64 + t];
  if (flip) {
    block.sync();
    out[blockIdx.x * 64 + t] = cells[63 - t];
  } else {
    block.sync();
    out[blockIdx.x * 64 + t] = cells[t];
  }
}

int main() {
  {
    const int blocks = 5;
    std::vector<int> in = conformance::pattern(blocks * kReduceThreads, 3), want(blocks, 0);
    for (int b = 0; b < blocks; ++b) {
      for (int t = 0; t < kReduceThreads; ++t) want[b] += in[b * kReduceThreads + t];
    }
    std::vector<int> got = conformance::run_on_device(in, blocks, [](const int* i, int* o) {
      block_group_reduce_kernel<<<5, kReduceThreads>>>(i, o);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "block.sync() / cg::sync(block) reduction");
  }
  {
    const int blocks = 3, rounds = 4;
    std::vector<int> data = conformance::pattern(blocks * 64, 4), want = data;
    for (int b = 0; b < blocks; ++b) {
      for (int r = 0; r < rounds; ++r) {
        std::vector<int> before(want.begin() + b * 64, want.begin() + b * 64 + 64);
        for (int y = 0; y < 4; ++y) {
          for (int x = 0; x < 16; ++x) want[b * 64 + y * 16 + x] += before[y * 16 + (x + 1) % 16] % 5;
        }
      }
    }
    int* d_data;
    CONFORMANCE_CUDA(cudaMalloc(&d_data, data.size() * sizeof(int)));
    CONFORMANCE_CUDA(cudaMemcpy(d_data, data.data(), data.size() * sizeof(int), cudaMemcpyHostToDevice));
    block_group_neighbours_kernel<<<blocks, dim3(16, 4)>>>(d_data, rounds);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaMemcpy(data.data(), d_data, data.size() * sizeof(int), cudaMemcpyDeviceToHost));
    CONFORMANCE_CUDA(cudaFree(d_data));
    conformance::check_equal(data.data(), want.data(), want.size(), "2-D block, this_thread_block().sync()");
  }
  for (int flip = 0; flip < 2; ++flip) {
    const int blocks = 2;
    std::vector<int> in = conformance::pattern(blocks * 64, 5), want(in.size());
    for (int b = 0; b < blocks; ++b) {
      for (int t = 0; t < 64; ++t) want[b * 64 + t] = in[b * 64 + (flip ? 63 - t : t)];
    }
    std::vector<int> got = conformance::run_on_device(in, in.size(), [flip](const int* i, int* o) {
      block_group_branch_kernel<<<2, 64>>>(i, o, flip);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "block.sync() in a branch (fibers)");
  }
  return conformance::finish();
}
