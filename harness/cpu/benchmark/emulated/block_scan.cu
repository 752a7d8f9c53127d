// Inclusive prefix sum over 1 Mi floats in three kernels: a shared-memory
// block scan (Hillis-Steele with a double buffer, one __syncthreads per step:
// 11 barriers per thread), a scan of the block totals in one block, and a pass
// adding each block's offset. Measures barriers in a loop whose trip count is
// uniform across the block.
#include "harness/cpu/benchmark/emulated/cuda_check.h"
#include "harness/cpu/benchmark/workloads.h"

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

// Adds the inclusive scan of the previous blocks' totals to each element.
__global__ void add_offsets_kernel(float* __restrict__ out, const float* __restrict__ scanned_totals, int n) {
  int i = blockIdx.x * kScanBlock + threadIdx.x;
  if (blockIdx.x > 0 && i < n) out[i] += scanned_totals[blockIdx.x - 1];
}

int main() {
  const int n = kScanElements;
  const int blocks = n / kScanBlock;  // kScanBlock totals: scanned by one block
  static_assert(kScanElements / kScanBlock <= kScanBlock, "the totals must fit one block");
  std::vector<float> x = make_input(n, 6), y(n);
  float *d_x, *d_y, *d_totals, *d_scanned;
  BENCH_CUDA(cudaMalloc(&d_x, n * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_y, n * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_totals, blocks * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_scanned, blocks * sizeof(float)));
  BENCH_CUDA(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  time_and_report("block_scan", [&] {
    block_scan_kernel<<<blocks, kScanBlock>>>(d_x, d_y, d_totals, n);
    block_scan_kernel<<<1, kScanBlock>>>(d_totals, d_scanned, nullptr, blocks);
    add_offsets_kernel<<<blocks, kScanBlock>>>(d_y, d_scanned, n);
    BENCH_CUDA(cudaGetLastError());
    BENCH_CUDA(cudaDeviceSynchronize());
  });
  BENCH_CUDA(cudaMemcpy(y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost));
  report_checksum("block_scan", y);
  return 0;
}
