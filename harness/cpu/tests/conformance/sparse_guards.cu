// Statements that few threads run, under tests that come out the same in
// every block (`if (lane == 0) sums[warp] = v;`): the CPU backend runs them
// as a loop over a list of those threads that each worker makes once per
// launch (compiler/barrier_regions.h, sparse guards; split_kernel.h,
// LaunchGuardList). Each kernel is launched several times with other block
// shapes and parameters, so a list kept from an earlier launch would give
// wrong sums; in a kernel whose threads may return first the statement
// stays in its loop. Every result is exact, checked in natural and
// shuffled order.
#include <vector>

#include "conformance_check.h"
#include "device_run.h"

// Per-block sums by warp shuffles, and the input of thread `pick` of each
// block.
__global__ void block_sums_kernel(const int* in, int* out, int pick) {
  __shared__ int warp_sums[32];
  unsigned tid = threadIdx.x;
  unsigned lane = tid % 32, warp = tid / 32;
  unsigned i = blockIdx.x * blockDim.x + tid;
  int value = in[i];
  for (int offset = 16; offset > 0; offset /= 2) value += __shfl_down_sync(0xffffffffu, value, offset);
  if (lane == 0) warp_sums[warp] = value;
  __syncthreads();
  if (warp == 0) {
    value = lane < blockDim.x / 32 ? warp_sums[lane] : 0;
    for (int offset = 16; offset > 0; offset /= 2) value += __shfl_down_sync(0xffffffffu, value, offset);
    if (!lane) out[blockIdx.x] = value;
  }
  if (tid == unsigned(pick)) out[gridDim.x + blockIdx.x] = in[i];
}

// 2-D blocks: the first row's thread `col` copies its element.
__global__ void row_pick_kernel(const int* in, int* out, int col) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int width = gridDim.x * blockDim.x;
  out[y * width + x] = in[y * width + x] + 1;
  if (threadIdx.y == 0 && threadIdx.x == col) out[width * gridDim.y * blockDim.y + blockIdx.y * gridDim.x + blockIdx.x] = in[y * width + x];
}

// Threads past n return first (the last block would need a list of its
// own): the statement stays in its thread loop.
__global__ void ragged_kernel(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = 2 * in[i];
  if (threadIdx.x % 32 == 0) out[n + i / 32] = in[i];
}

int main() {
  const struct {
    int block, blocks, pick;
  } shapes[] = {{64, 5, 0}, {128, 3, 127}, {96, 4, 33}, {32, 6, 31}, {64, 2, 64}};
  for (const auto& shape : shapes) {
    const int n = shape.block * shape.blocks;
    const std::vector<int> in = conformance::pattern(n, shape.block);
    std::vector<int> out = conformance::run_on_device(in, 2 * shape.blocks, [&](int* d_in, int* d_out) {
      block_sums_kernel<<<shape.blocks, shape.block>>>(d_in, d_out, shape.pick);
    });
    std::vector<int> want(out.size(), 0);
    for (int i = 0; i < n; ++i) {
      want[i / shape.block] += in[i];
      if (i % shape.block == shape.pick) want[shape.blocks + i / shape.block] = in[i];
    }
    conformance::check_equal(out.data(), want.data(), out.size(),
                             "warp sums, lane 0 of each warp and thread `pick` (blocks of 64, 128, 96, 32)");
  }
  const struct {
    int x, y, col;
  } tiles[] = {{16, 4, 3}, {8, 8, 7}, {16, 4, 0}};
  for (const auto& tile : tiles) {
    const int grid_x = 3, grid_y = 2, width = grid_x * tile.x, height = grid_y * tile.y;
    const std::vector<int> in = conformance::pattern(width * height, tile.col + 10);
    std::vector<int> out = conformance::run_on_device(in, width * height + grid_x * grid_y, [&](int* d_in, int* d_out) {
      row_pick_kernel<<<dim3(grid_x, grid_y), dim3(tile.x, tile.y)>>>(d_in, d_out, tile.col);
    });
    std::vector<int> want(out.size(), 0);
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        want[y * width + x] = in[y * width + x] + 1;
        if (y % tile.y == 0 && x % tile.x == tile.col) want[width * height + (y / tile.y) * grid_x + x / tile.x] = in[y * width + x];
      }
    }
    conformance::check_equal(out.data(), want.data(), out.size(), "first row's thread `col` in 16x4 and 8x8 blocks");
  }
  for (int n : {256, 200, 161}) {
    const std::vector<int> in = conformance::pattern(n, n);
    std::vector<int> out = conformance::run_on_device(in, n + 8, [&](int* d_in, int* d_out) {
      ragged_kernel<<<(n + 63) / 64, 64>>>(d_in, d_out, n);
    });
    std::vector<int> want(out.size(), 0);
    for (int i = 0; i < n; ++i) {
      want[i] = 2 * in[i];
      if (i % 32 == 0) want[n + i / 32] = in[i];
    }
    conformance::check_equal(out.data(), want.data(), out.size(), "lane 0 after threads past n returned");
  }
  return conformance::finish();
}
