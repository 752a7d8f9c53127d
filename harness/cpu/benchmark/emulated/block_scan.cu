// Inclusive prefix sum over 1 Mi floats in three kernels: a shared-memory
// block scan (Hillis-Steele with a double buffer, one __syncthreads per step:
// 11 barriers per thread), a scan of the block totals in one block, and a pass
// adding each block's offset. Measures barriers in a loop whose trip count is
// uniform across the block.
#include "harness/cpu/benchmark/emulated/device_driver.h"

using namespace workloads;

// Scans kScanBlock values of `in` per block into `out`; writes the block's
// total to `totals` when it is not null.
__global__ void block_scan_kernel(const float* __restrict__ in, float* __restrict__ out,
                                  float* __restrict__ totals, int n) {
  __shared__ float buffer[2][kScanBlock];
  int tid = threadIdx.x;
  int i = blockIdx.x * kScanBlock + tid;
  int current = 0;
  buffer[current][tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int offset = 1; offset < kScanBlock; offset *= 2) {
    float value = buffer[current][tid];
    if (tid >= offset) value += buffer[current][tid - offset];
    buffer[1 - current][tid] = value;
    current = 1 - current;
    __syncthreads();
  }
  if (i < n) out[i] = buffer[current][tid];
  if (totals != nullptr && tid == kScanBlock - 1) totals[blockIdx.x] = buffer[current][tid];
}

int main() {
  time_three_kernel_scan<kScanElements, kScanBlock>(
      "block_scan", 6, [](int blocks, const float* in, float* out, float* totals, int n) {
        block_scan_kernel<<<blocks, kScanBlock>>>(in, out, totals, n);
      });
  return 0;
}
