// Warp collectives in the judge's shuffled pass's build (cucc
// --split-barriers=exact). A lowered collective adds a barrier that, split,
// orders every warp of the block where the source orders only its own warp;
// the build keeps a kernel split only where no such barrier can be observed,
// and runs a guard around collectives (`if (warp == 0) { ... }`) one warp of
// its threads at a time, so the collectives inside order only lanes of one
// warp, as on a GPU.
//   - block_sum: the block reduction of fast softmax and layer-norm kernels
//     (a warp butterfly, the warps' totals in shared memory, the first warp
//     reducing them): split, correct in every order;
//   - warp_scans_in_guard: a guard that keeps two warps of a 2-D block, each
//     scanning its lanes with __shfl_up_sync: split, correct in every order
//     (the shuffled order lists the two warps' threads mixed);
//   - cross_warp_missing_syncthreads: warp 0 writes shared memory that warp 1
//     reads after a shuffle, with no __syncthreads(): the shuffle's added
//     barrier would order them, so the kernel stays on fibers, where shuffled
//     orders show the race;
//   - guard_missing_syncwarp: inside the first warp's guard, lane 0 stores the
//     warp's total and every lane reads it back without __syncwarp(): split,
//     and shuffled orders show the race.
// Each racy version happens to be right in index order: only shuffled orders
// fail it.
#include <vector>

#include "device_run.h"

constexpr int kThreads = 256;
constexpr int kBlocks = 4;
constexpr unsigned kFullMask = 0xffffffffu;

__device__ int warp_sum(int v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(kFullMask, v, offset);
  return v;
}

__device__ int warp_inclusive_scan(int v) {
  const int lane = (threadIdx.y * blockDim.x + threadIdx.x) % 32;
  for (int offset = 1; offset < 32; offset *= 2) {
    const int below = __shfl_up_sync(kFullMask, v, offset);
    if (lane >= offset) v += below;
  }
  return v;
}

__global__ void block_sum(const int* in, int* out) {
  __shared__ int partial[32];
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  int v = warp_sum(in[blockIdx.x * blockDim.x + t]);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int first = lane < static_cast<int>(blockDim.x / 32) ? partial[lane] : 0;
    first = warp_sum(first);
    if (lane == 0) partial[0] = first;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = partial[0];
}

// Blocks of 16 x 8 threads: rows 0-1 are warp 0, rows 2-3 warp 1.
__global__ void warp_scans_in_guard(const int* in, int* out) {
  const int t = threadIdx.y * blockDim.x + threadIdx.x;
  const int i = blockIdx.x * blockDim.x * blockDim.y + t;
  out[i] = -1;
  if (threadIdx.y < 4) {
    const int scanned = warp_inclusive_scan(in[i]);
    out[i] = scanned;
  }
}

__global__ void cross_warp_missing_syncthreads(const int* in, int* out) {
  __shared__ int staged[32];
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  if (warp == 0) staged[lane] = in[blockIdx.x * blockDim.x + t];
  // Missing: __syncthreads();
  const int total = warp_sum(in[blockIdx.x * blockDim.x + t]);
  out[blockIdx.x * blockDim.x + t] = total + (warp == 1 ? staged[lane] : 0);
}

__global__ void guard_missing_syncwarp(const int* in, int* out) {
  __shared__ int total;
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  out[blockIdx.x * blockDim.x + t] = 0;
  if (warp == 0) {
    const int v = warp_sum(in[blockIdx.x * blockDim.x + t]);
    if (lane == 0) total = v;
    // Missing: __syncwarp();
    out[blockIdx.x * blockDim.x + t] = total;
  }
}

int main() {
  const int n = kBlocks * kThreads;
  const std::vector<int> in = conformance::pattern(n, 43);
  std::vector<int> warp_total(n / 32, 0), block_total(kBlocks, 0);
  for (int i = 0; i < n; ++i) {
    warp_total[i / 32] += in[i];
    block_total[i / kThreads] += in[i];
  }

  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = block_total[i / kThreads];
  std::vector<int> got = conformance::run_on_device(
      in, n, [&](const int* d_in, int* d_out) { block_sum<<<kBlocks, kThreads>>>(d_in, d_out); });
  conformance::check_equal(got.data(), want.data(), n, "block sum of warp sums");

  for (int i = 0; i < n; ++i) {
    const int t = i % 128;
    want[i] = t < 64 ? (i % 32 == 0 ? in[i] : want[i - 1] + in[i]) : -1;
  }
  got = conformance::run_on_device(in, n, [&](const int* d_in, int* d_out) {
    warp_scans_in_guard<<<n / 128, dim3(16, 8)>>>(d_in, d_out);
  });
  conformance::check_equal(got.data(), want.data(), n, "warp scans of two warps in a guard");

  for (int i = 0; i < n; ++i) {
    const int t = i % kThreads;
    want[i] = warp_total[i / 32] + (t / 32 == 1 ? in[i - 32] : 0);
  }
  got = conformance::run_on_device(
      in, n, [&](const int* d_in, int* d_out) { cross_warp_missing_syncthreads<<<kBlocks, kThreads>>>(d_in, d_out); });
  conformance::check_equal(got.data(), want.data(), n, "cross-warp shared read without __syncthreads (racy)");

  for (int i = 0; i < n; ++i) want[i] = i % kThreads < 32 ? warp_total[i / 32] : 0;
  got = conformance::run_on_device(
      in, n, [&](const int* d_in, int* d_out) { guard_missing_syncwarp<<<kBlocks, kThreads>>>(d_in, d_out); });
  conformance::check_equal(got.data(), want.data(), n, "warp total in a guard without __syncwarp (racy)");
  return conformance::finish();
}
