// Inclusive prefix sum over 1 Mi floats in three kernels, the block scan
// built from warp shuffles: each warp scans its 32 values by __shfl_up_sync
// steps (5 shuffles), the last lane of each warp stores the warp's total in
// shared memory, the first warp scans the 32 totals the same way, and each
// warp adds the total of the warps before it (2 __syncthreads). Then, as in
// block_scan, a scan of the block totals in one block and a pass adding each
// block's offset. Measures warp collectives (which keep the kernel on fibers)
// next to block_scan's shared-memory Hillis-Steele scan.
#include "harness/cpu/benchmark/emulated/cuda_check.h"
#include "harness/cpu/benchmark/workloads.h"

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

// Adds the inclusive scan of the previous blocks' totals to each element.
__global__ void add_offsets_kernel(float* __restrict__ out, const float* __restrict__ scanned_totals, int n) {
  int i = blockIdx.x * kWarpScanBlock + threadIdx.x;
  if (blockIdx.x > 0 && i < n) out[i] += scanned_totals[blockIdx.x - 1];
}

int main() {
  const int n = kWarpScanElements;
  const int blocks = n / kWarpScanBlock;  // kWarpScanBlock totals: scanned by one block
  static_assert(kWarpScanElements / kWarpScanBlock <= kWarpScanBlock, "the totals must fit one block");
  std::vector<float> x = make_input(n, 9), y(n);
  float *d_x, *d_y, *d_totals, *d_scanned;
  BENCH_CUDA(cudaMalloc(&d_x, n * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_y, n * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_totals, blocks * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_scanned, blocks * sizeof(float)));
  BENCH_CUDA(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  time_and_report("warp_scan", [&] {
    warp_scan_kernel<<<blocks, kWarpScanBlock>>>(d_x, d_y, d_totals, n);
    warp_scan_kernel<<<1, kWarpScanBlock>>>(d_totals, d_scanned, nullptr, blocks);
    add_offsets_kernel<<<blocks, kWarpScanBlock>>>(d_y, d_scanned, n);
    BENCH_CUDA(cudaGetLastError());
    BENCH_CUDA(cudaDeviceSynchronize());
  });
  BENCH_CUDA(cudaMemcpy(y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost));
  report_checksum("warp_scan", y);
  return 0;
}
