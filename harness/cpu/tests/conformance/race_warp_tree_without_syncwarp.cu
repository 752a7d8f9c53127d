// A data race inside one warp: warp-synchronous code through __shared__
// memory without __syncwarp(). Each warp sums its 32 values with a tree over
// a shared array (the unrolled "last warp" reduction, written toward lane 31)
// through a volatile pointer, as pre-Volta code did: lane l adds the slot of
// lane l - offset, which that lane wrote in an earlier step. Since Volta the
// lanes of a warp need not run in lockstep, so nothing orders one lane's
// write before another lane's read; CUDA requires __syncwarp() there.
//
// What it proves: the backend's shuffled thread order exposes a missing
// __syncwarp() between lanes of one warp, not only a missing
// __syncthreads(). The tree is written so that running the lanes one after
// another in index order happens to be right (each lane reads lower lanes
// that are finished by then), so the natural order passes; a shuffled order
// runs a lane before the lanes it reads and must fail. The same tree with
// __syncwarp() after the write and after each step is correct in every
// order and must pass in the same runs.
#include <vector>

#include "device_run.h"

constexpr int kThreads = 256;
constexpr int kBlocks = 8;

// Racy: no __syncwarp() anywhere.
__global__ void warp_tree_racy(const int* in, int* out) {
  __shared__ int slots[kThreads];
  const int t = threadIdx.x, lane = t % 32;
  volatile int* s = slots + (t - lane);
  s[lane] = in[blockIdx.x * blockDim.x + t];
  // Missing: __syncwarp();
  if (lane >= 16) s[lane] += s[lane - 16];
  if (lane >= 24) s[lane] += s[lane - 8];
  if (lane >= 28) s[lane] += s[lane - 4];
  if (lane >= 30) s[lane] += s[lane - 2];
  if (lane >= 31) s[lane] += s[lane - 1];
  if (lane == 31) out[(blockIdx.x * blockDim.x + t) / 32] = s[31];
}

// Correct: the same tree, each step ordered by __syncwarp().
__global__ void warp_tree_synced(const int* in, int* out) {
  __shared__ int slots[kThreads];
  const int t = threadIdx.x, lane = t % 32;
  int* s = slots + (t - lane);
  s[lane] = in[blockIdx.x * blockDim.x + t];
  __syncwarp();
  for (int offset = 16; offset > 0; offset /= 2) {
    const int sum = lane >= 32 - offset ? s[lane] + s[lane - offset] : s[lane];
    __syncwarp();
    s[lane] = sum;
    __syncwarp();
  }
  if (lane == 31) out[(blockIdx.x * blockDim.x + t) / 32] = s[31];
}

int main() {
  const int n = kBlocks * kThreads, warps = n / 32;
  const std::vector<int> in = conformance::pattern(n, 41);
  std::vector<int> want(warps, 0);
  for (int i = 0; i < n; ++i) want[i / 32] += in[i];
  std::vector<int> got = conformance::run_on_device(
      in, warps, [&](const int* d_in, int* d_out) { warp_tree_synced<<<kBlocks, kThreads>>>(d_in, d_out); });
  conformance::check_equal(got.data(), want.data(), warps, "warp tree with __syncwarp");
  got = conformance::run_on_device(
      in, warps, [&](const int* d_in, int* d_out) { warp_tree_racy<<<kBlocks, kThreads>>>(d_in, d_out); });
  conformance::check_equal(got.data(), want.data(), warps, "warp tree without __syncwarp (racy)");
  return conformance::finish();
}
