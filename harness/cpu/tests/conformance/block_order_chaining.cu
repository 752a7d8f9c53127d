// Blocks that wait for earlier blocks: a single-pass chained scan of tile
// sums, as CUB's decoupled look-back does it. Each block takes a tile number
// from a global ticket counter (so a tile's predecessor was started before
// it, whatever order the hardware or the CPU backend's workers pick blocks),
// sums its tile, spins until the previous tile has published its running
// total, and publishes its own. It finishes only if every block a waiting
// block depends on keeps running: on the CPU backend, however the workers
// split the grid between them. Every block must also run exactly once,
// including with a grid that no batch size divides.
#include <vector>

#include "conformance_check.h"

constexpr int kThreads = 64;
constexpr int kTiles = 1009;  // prime: no worker's share of the grid comes out even
constexpr int kTileElements = 2 * kThreads;

__global__ void chained_scan(const int* in, long long* running_totals, int* ready, unsigned* next_ticket,
                             int* runs_per_block) {
  __shared__ unsigned tile;
  __shared__ long long partial[kThreads];
  if (threadIdx.x == 0) {
    tile = atomicAdd(next_ticket, 1u);
    atomicAdd(&runs_per_block[blockIdx.x], 1);
  }
  __syncthreads();
  const int* values = in + size_t(tile) * kTileElements;
  partial[threadIdx.x] = (long long)values[threadIdx.x] + values[threadIdx.x + kThreads];
  __syncthreads();
  for (unsigned stride = kThreads / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    long long before = 0;
    if (tile > 0) {
      while (atomicAdd(&ready[tile - 1], 0) == 0) {
      }
      __threadfence();
      before = *(volatile long long*)&running_totals[tile - 1];
    }
    *(volatile long long*)&running_totals[tile] = before + partial[0];
    __threadfence();
    atomicExch(&ready[tile], 1);
  }
}

int main() {
  std::vector<int> in(size_t(kTiles) * kTileElements);
  for (size_t i = 0; i < in.size(); ++i) in[i] = int(i * 2654435761u % 1000) - 500;

  int *d_in, *d_ready, *d_runs;
  long long* d_totals;
  unsigned* d_ticket;
  CONFORMANCE_CUDA(cudaMalloc(&d_in, in.size() * sizeof(int)));
  CONFORMANCE_CUDA(cudaMalloc(&d_totals, kTiles * sizeof(long long)));
  CONFORMANCE_CUDA(cudaMalloc(&d_ready, kTiles * sizeof(int)));
  CONFORMANCE_CUDA(cudaMalloc(&d_runs, kTiles * sizeof(int)));
  CONFORMANCE_CUDA(cudaMalloc(&d_ticket, sizeof(unsigned)));
  CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), in.size() * sizeof(int), cudaMemcpyHostToDevice));
  CONFORMANCE_CUDA(cudaMemset(d_ready, 0, kTiles * sizeof(int)));
  CONFORMANCE_CUDA(cudaMemset(d_runs, 0, kTiles * sizeof(int)));
  CONFORMANCE_CUDA(cudaMemset(d_ticket, 0, sizeof(unsigned)));

  chained_scan<<<kTiles, kThreads>>>(d_in, d_totals, d_ready, d_ticket, d_runs);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaDeviceSynchronize());

  std::vector<long long> totals(kTiles), want(kTiles);
  std::vector<int> runs(kTiles), once(kTiles, 1);
  CONFORMANCE_CUDA(cudaMemcpy(totals.data(), d_totals, kTiles * sizeof(long long), cudaMemcpyDeviceToHost));
  CONFORMANCE_CUDA(cudaMemcpy(runs.data(), d_runs, kTiles * sizeof(int), cudaMemcpyDeviceToHost));
  long long sum = 0;
  for (int t = 0; t < kTiles; ++t) {
    for (int i = 0; i < kTileElements; ++i) sum += in[size_t(t) * kTileElements + i];
    want[t] = sum;
  }
  conformance::check_equal(runs.data(), once.data(), kTiles, "every block of a 1009-block grid runs exactly once");
  conformance::check_equal(totals.data(), want.data(), kTiles,
                           "chained scan: each block waits for the block holding the previous ticket");
  return conformance::finish();
}
