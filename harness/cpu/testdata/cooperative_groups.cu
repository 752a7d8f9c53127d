// Block and tile cooperative groups: a block sum through tile reductions.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void block_sum(const int* in, int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ int partial[8];
  int value = in[block.group_index().x * block.size() + block.thread_rank()];
  int warp_sum = cg::reduce(warp, value, cg::plus<int>());
  if (warp.thread_rank() == 0) partial[warp.meta_group_rank()] = warp_sum;
  block.sync();
  if (block.thread_rank() == 0) {
    int total = 0;
    for (unsigned w = 0; w < warp.meta_group_size(); ++w) total += partial[w];
    out[blockIdx.x] = total;
  }
  cg::thread_block_tile<4> quad = cg::tiled_partition<4>(block);
  int down = quad.shfl_down(int(quad.thread_rank()), 1);
  if (block.thread_rank() == 1 && down != 2) out[blockIdx.x] = -1;
}

int main() {
  const int blocks = 3, threads = 256;
  int *in, *out;
  cudaMallocManaged(&in, blocks * threads * sizeof(int));
  cudaMallocManaged(&out, blocks * sizeof(int));
  for (int i = 0; i < blocks * threads; ++i) in[i] = i % 7;
  block_sum<<<blocks, threads>>>(in, out);
  cudaDeviceSynchronize();
  int failures = 0;
  for (int b = 0; b < blocks; ++b) {
    int expected = 0;
    for (int t = 0; t < threads; ++t) expected += (b * threads + t) % 7;
    if (out[b] != expected) { std::printf("block %d: %d != %d\n", b, out[b], expected); ++failures; }
  }
  std::printf(failures ? "FAILED\n" : "ALL PASS\n");
  return failures != 0;
}
