// Bounds tests on thread indexes, which the CPU backend prechecks per block
// (compiler/bounds_prechecks.h: a block whose threads all pass runs a copy
// of the thread loop without them): ragged last blocks, `if (i < n)` around
// stores, `?:` loads, nested guards, 2-D bounds, a bound on a local made
// with a constant divisor, and a warp reduction whose first warp reads
// per-warp sums under `lane < warps`. Outputs are larger than what the
// kernels may write, and the slots past the bounds must keep their zeros.
// Every result is exact, checked in natural and shuffled order.
#include <vector>

#include "conformance_check.h"
#include "device_run.h"

constexpr int kBlock = 64, kHalf = 2;

__global__ void guarded_store_kernel(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 3 * in[i] + 1;
}

// Each thread adds two elements a block's width apart, as a reduction's
// first step does; the block's sum goes through shared memory.
__global__ void pair_sum_kernel(const int* in, int* out, int n) {
  __shared__ int sums[kBlock];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * kBlock) + tid;
  int value = i < unsigned(n) ? in[i] : 0;
  if (i + kBlock < unsigned(n)) value += in[i + kBlock];
  sums[tid] = value;
  __syncthreads();
  if (tid == 0) {
    int total = 0;
    for (int k = 0; k < kBlock; ++k) total += sums[k];
    out[blockIdx.x] = total;
  }
}

// Nested guards, one with an else, and a bound on i / 2.
__global__ void nested_guard_kernel(const int* in, int* out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int half = i / kHalf;
  if (i < n) {
    if (i + 1 < n) {
      out[i] = in[i] + in[i + 1];
    } else {
      out[i] = -in[i];
    }
    if (half < m) out[n + i] = half;
  }
}

__global__ void matrix_kernel(const int* in, int* out, int rows, int cols) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows && col < cols) out[row * cols + col] = in[row * cols + col] * 2 + row - col;
}

// Per-block sums by warp shuffles: the first warp reduces the warps' sums,
// reading them under `lane < kBlock / 32`.
__global__ void warp_sum_kernel(const int* in, int* out, int n) {
  __shared__ int warp_sums[kBlock / 32];
  unsigned tid = threadIdx.x;
  unsigned lane = tid % 32, warp = tid / 32;
  unsigned i = blockIdx.x * kBlock + tid;
  int value = i < unsigned(n) ? in[i] : 0;
  for (int offset = 16; offset > 0; offset /= 2) value += __shfl_down_sync(0xffffffffu, value, offset);
  if (lane == 0) warp_sums[warp] = value;
  __syncthreads();
  if (warp == 0) {
    value = lane < unsigned(kBlock / 32) ? warp_sums[lane] : 0;
    for (int offset = 16; offset > 0; offset /= 2) value += __shfl_down_sync(0xffffffffu, value, offset);
    if (lane == 0) out[blockIdx.x] = value;
  }
}

int main() {
  // n: whole blocks only, a ragged last block, and a block with one thread in.
  for (int n : {4 * kBlock, 4 * kBlock - 5, 3 * kBlock + 1}) {
    const std::vector<int> in = conformance::pattern(n, 1);
    std::vector<int> out = conformance::run_on_device(in, 4 * kBlock + 8, [&](int* d_in, int* d_out) {
      guarded_store_kernel<<<(n + kBlock - 1) / kBlock, kBlock>>>(d_in, d_out, n);
    });
    std::vector<int> want(out.size(), 0);
    for (int i = 0; i < n; ++i) want[i] = 3 * in[i] + 1;
    conformance::check_equal(out.data(), want.data(), out.size(), "if (i < n) store, whole and ragged blocks");
  }
  // The last block: both loads in, only the first, part of the first.
  for (int n : {6 * kBlock, 5 * kBlock + 7, 4 * kBlock + 30}) {
    const std::vector<int> in = conformance::pattern(n, 2);
    const int blocks = (n + 2 * kBlock - 1) / (2 * kBlock);
    std::vector<int> out = conformance::run_on_device(in, blocks + 2, [&](int* d_in, int* d_out) {
      pair_sum_kernel<<<blocks, kBlock>>>(d_in, d_out, n);
    });
    std::vector<int> want(out.size(), 0);
    for (int i = 0; i < n; ++i) want[i / (2 * kBlock)] += in[i];
    conformance::check_equal(out.data(), want.data(), out.size(), "?: load and guarded load, two per thread");
  }
  for (int m : {1000, 40}) {
    const int n = 3 * kBlock - 9;
    const std::vector<int> in = conformance::pattern(n, 3);
    std::vector<int> out = conformance::run_on_device(in, 2 * n + 4 * kBlock, [&](int* d_in, int* d_out) {
      nested_guard_kernel<<<4, kBlock>>>(d_in, d_out, n, m);
    });
    std::vector<int> want(out.size(), 0);
    for (int i = 0; i < n; ++i) {
      want[i] = i + 1 < n ? in[i] + in[i + 1] : -in[i];
      if (i / kHalf < m) want[n + i] = i / kHalf;
    }
    conformance::check_equal(out.data(), want.data(), out.size(), "nested guards and a bound on i / 2");
  }
  {
    const int rows = 37, cols = 45;
    const std::vector<int> in = conformance::pattern(rows * cols, 4);
    std::vector<int> out = conformance::run_on_device(in, rows * cols + 16, [&](int* d_in, int* d_out) {
      matrix_kernel<<<dim3((cols + 15) / 16, (rows + 7) / 8), dim3(16, 8)>>>(d_in, d_out, rows, cols);
    });
    std::vector<int> want(out.size(), 0);
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) want[r * cols + c] = in[r * cols + c] * 2 + r - c;
    }
    conformance::check_equal(out.data(), want.data(), out.size(), "row < rows && col < cols on 16x8 blocks");
  }
  {
    const int n = 5 * kBlock - 20, blocks = 5;
    const std::vector<int> in = conformance::pattern(n, 5);
    std::vector<int> out = conformance::run_on_device(in, blocks + 2, [&](int* d_in, int* d_out) {
      warp_sum_kernel<<<blocks, kBlock>>>(d_in, d_out, n);
    });
    std::vector<int> want(out.size(), 0);
    for (int i = 0; i < n; ++i) want[i / kBlock] += in[i];
    conformance::check_equal(out.data(), want.data(), out.size(), "warp sums, lane < warps in the first warp");
  }
  return conformance::finish();
}
