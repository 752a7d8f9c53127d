// A data race after a warp shuffle: lane 0 ends a __shfl_down_sync reduction
// holding its warp's total, stores it in __shared__ memory, and every lane
// of the warp reads it back with no __syncwarp() (or __syncthreads()) in
// between. The shuffles synchronise the lanes up to the last one; nothing
// orders lane 0's store after it before the other lanes' loads, so a lane
// may read the slot before lane 0 has written it (CUDA requires
// __syncwarp() there).
//
// What it proves: a collective is not a barrier for the memory accesses that
// follow it, on fibers and as split loops alike; shuffled thread orders must
// expose the missing __syncwarp(), while the same kernel with it passes in
// the same runs. Which lane runs first after the last shuffle in natural
// order depends on the execution model (on fibers the lane that completes
// the exchange goes on first, in a loop over threads lane 0 does), so the
// expectation pins only shuffled orders.
#include <vector>

#include "device_run.h"

constexpr int kThreads = 256;
constexpr int kBlocks = 8;

__device__ int warp_sum(int v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

// Racy: lane 0's store and the other lanes' loads are not ordered.
__global__ void broadcast_total_racy(const int* in, int* out) {
  __shared__ int warp_total[kThreads / 32];
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const int total = warp_sum(in[blockIdx.x * blockDim.x + t]);
  if (lane == 0) warp_total[warp] = total;
  // Missing: __syncwarp();
  out[blockIdx.x * blockDim.x + t] = warp_total[warp];
}

// Correct: __syncwarp() orders the store before the loads.
__global__ void broadcast_total_synced(const int* in, int* out) {
  __shared__ int warp_total[kThreads / 32];
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const int total = warp_sum(in[blockIdx.x * blockDim.x + t]);
  if (lane == 0) warp_total[warp] = total;
  __syncwarp();
  out[blockIdx.x * blockDim.x + t] = warp_total[warp];
}

int main() {
  const int n = kBlocks * kThreads;
  const std::vector<int> in = conformance::pattern(n, 43);
  std::vector<int> total(n / 32, 0), want(n);
  for (int i = 0; i < n; ++i) total[i / 32] += in[i];
  for (int i = 0; i < n; ++i) want[i] = total[i / 32];
  std::vector<int> got = conformance::run_on_device(
      in, n, [&](const int* d_in, int* d_out) { broadcast_total_synced<<<kBlocks, kThreads>>>(d_in, d_out); });
  conformance::check_equal(got.data(), want.data(), n, "warp total through shared memory with __syncwarp");
  got = conformance::run_on_device(
      in, n, [&](const int* d_in, int* d_out) { broadcast_total_racy<<<kBlocks, kThreads>>>(d_in, d_out); });
  conformance::check_equal(got.data(), want.data(), n, "warp total through shared memory without __syncwarp (racy)");
  return conformance::finish();
}
