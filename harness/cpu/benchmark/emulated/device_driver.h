// The host side every emulated workload shares: inputs copied to the device,
// a launch sequence timed to completion, the output's checksum read back,
// and the two multi-kernel drivers (per-block sums, three-kernel inclusive
// scan) whose workloads differ only in their block kernel, and the matmul
// driver. Each workload's
// .cu keeps its kernel and says only how to launch it.
#pragma once

#include <cstdint>
#include <vector>

#include "harness/cpu/benchmark/emulated/cuda_check.h"
#include "harness/cpu/benchmark/workloads.h"

namespace workloads {

// A device buffer of `count` floats (left to the process exit to free).
inline float* device_buffer(size_t count) {
  float* device = nullptr;
  BENCH_CUDA(cudaMalloc(&device, count * sizeof(float)));
  return device;
}

// A device copy of `host`.
inline float* to_device(const std::vector<float>& host) {
  float* device = device_buffer(host.size());
  BENCH_CUDA(cudaMemcpy(device, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice));
  return device;
}

// Times `launch` (which starts the workload's kernels) with the launch
// checked and the device synchronised inside each timed run, so a run
// counts until its work is done.
template <typename Launch>
void time_launches(const char* workload, Launch launch) {
  time_and_report(workload, [&] {
    launch();
    BENCH_CUDA(cudaGetLastError());
    BENCH_CUDA(cudaDeviceSynchronize());
  });
}

// Copies `count` floats of output back from the device and prints their
// checksum.
inline void report_device_checksum(const char* workload, const float* device, size_t count) {
  std::vector<float> host(count);
  BENCH_CUDA(cudaMemcpy(host.data(), device, count * sizeof(float), cudaMemcpyDeviceToHost));
  report_checksum(workload, host);
}

// C = A * B for size x size matrices (inputs seeded 4 and 5): `kernel`
// launched on 16x16 blocks (kMatmulTile), one per 16x16 tile of C.
template <typename Kernel>
void time_matmul(const char* workload, int size, Kernel kernel) {
  const size_t count = size_t(size) * size;
  float* a = to_device(make_input(count, 4));
  float* b = to_device(make_input(count, 5));
  float* c = device_buffer(count);
  const dim3 block(kMatmulTile, kMatmulTile);
  const dim3 grid(size / kMatmulTile, size / kMatmulTile);
  time_launches(workload, [&] { kernel<<<grid, block>>>(a, b, c, size); });
  report_device_checksum(workload, c, count);
}

// Per-block sums of `elements` input floats (seeded by `seed`), two elements
// per thread: launch_sums(blocks, in, partial, n) starts the workload's
// kernel with blocks of kBlock threads, one partial sum per block.
template <int kBlock, typename LaunchSums>
void time_block_sums(const char* workload, int elements, uint32_t seed, LaunchSums launch_sums) {
  const int blocks = elements / (2 * kBlock);
  float* in = to_device(make_input(elements, seed));
  float* partial = device_buffer(blocks);
  time_launches(workload, [&] { launch_sums(blocks, in, partial, elements); });
  report_device_checksum(workload, partial, blocks);
}

// Adds the inclusive scan of the previous blocks' totals to each element of
// a block of kBlock.
template <int kBlock>
__global__ void add_offsets_kernel(float* __restrict__ out, const float* __restrict__ scanned_totals, int n) {
  int i = blockIdx.x * kBlock + threadIdx.x;
  if (blockIdx.x > 0 && i < n) out[i] += scanned_totals[blockIdx.x - 1];
}

// Inclusive prefix sum of kElements input floats (seeded by `seed`) in
// three kernels: scan_blocks(blocks, in, out, totals, n) scans each block of
// kBlock values of `in` into `out` and writes the block's total to `totals`
// unless it is null; it runs once over the input and once, in one block,
// over the block totals; then add_offsets_kernel adds each block's offset.
template <int kElements, int kBlock, typename ScanBlocks>
void time_three_kernel_scan(const char* workload, uint32_t seed, ScanBlocks scan_blocks) {
  static_assert(kElements / kBlock <= kBlock, "the block totals must fit one block");
  const int elements = kElements, blocks = kElements / kBlock;
  float* in = to_device(make_input(elements, seed));
  float* out = device_buffer(elements);
  float* totals = device_buffer(blocks);
  float* scanned_totals = device_buffer(blocks);
  time_launches(workload, [&] {
    scan_blocks(blocks, in, out, totals, elements);
    scan_blocks(1, totals, scanned_totals, nullptr, blocks);
    add_offsets_kernel<kBlock><<<blocks, kBlock>>>(out, scanned_totals, elements);
  });
  report_device_checksum(workload, out, elements);
}

}  // namespace workloads
