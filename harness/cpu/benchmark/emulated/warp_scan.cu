// Inclusive prefix sum over 1 Mi floats in three kernels, the block scan
// built from warp shuffles: each warp scans its 32 values by __shfl_up_sync
// steps (5 shuffles), the last lane of each warp stores the warp's total in
// shared memory, the first warp scans the 32 totals the same way, and each
// warp adds the total of the warps before it (2 __syncthreads). Then, as in
// block_scan, a scan of the block totals in one block and a pass adding each
// block's offset. Measures warp collectives (which keep the kernel on fibers)
// next to block_scan's shared-memory Hillis-Steele scan.
#include "harness/cpu/benchmark/emulated/device_driver.h"

using namespace workloads;

constexpr int kWarps = kWarpScanBlock / kWarpSize;
static_assert(kWarps <= kWarpSize, "the warp totals must fit one warp");

// Inclusive scan of `value` over the warp's lanes.
__device__ float warp_inclusive_scan(float value, unsigned lane) {
  for (int offset = 1; offset < kWarpSize; offset *= 2) {
    float before = __shfl_up_sync(0xffffffffu, value, offset);
    if (lane >= unsigned(offset)) value += before;
  }
  return value;
}

// Scans kWarpScanBlock values of `in` per block into `out`; writes the
// block's total to `totals` when it is not null.
__global__ void warp_scan_kernel(const float* __restrict__ in, float* __restrict__ out,
                                 float* __restrict__ totals, int n) {
  __shared__ float warp_totals[kWarps];
  unsigned tid = threadIdx.x;
  unsigned lane = tid % kWarpSize, warp = tid / kWarpSize;
  int i = blockIdx.x * kWarpScanBlock + tid;
  float value = warp_inclusive_scan(i < n ? in[i] : 0.0f, lane);
  if (lane == kWarpSize - 1) warp_totals[warp] = value;
  __syncthreads();
  if (warp == 0) warp_totals[lane] = warp_inclusive_scan(warp_totals[lane], lane);
  __syncthreads();
  if (warp > 0) value += warp_totals[warp - 1];
  if (i < n) out[i] = value;
  if (totals != nullptr && tid == kWarpScanBlock - 1) totals[blockIdx.x] = value;
}

int main() {
  time_three_kernel_scan<kWarpScanElements, kWarpScanBlock>(
      "warp_scan", 9, [](int blocks, const float* in, float* out, float* totals, int n) {
        warp_scan_kernel<<<blocks, kWarpScanBlock>>>(in, out, totals, n);
      });
  return 0;
}
