// Per-thread locals that cross barriers in kernels run as loops over threads
// (cucc keeps each in a per-thread slot, copied into a local for each
// stretch between barriers when its address is never taken): values carried
// through several stretches, a uniform loop of barriers, a struct updated by
// member, a local reached through a pointer taken before a barrier, and the
// shape of NVIDIA's simpleAttributes sample (a private xorshift state that
// crosses a barrier, then a loop that runs until a shared counter bumped with
// atomicAdd reaches a target).
#include <vector>

#include "conformance_check.h"

constexpr int kThreads = 128;
constexpr int kBlocks = 4;

struct Pair {
  int low;
  int high;
};

__global__ void carried(const int* in, int* out, int rounds) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  int value = in[blockIdx.x * kThreads + tid];
  Pair pair;
  pair.low = value;
  pair.high = 0;
  int total = 0;
  int* through = &total;
  __syncthreads();
  for (int r = 0; r < rounds; ++r) {
    s[tid] = value;
    __syncthreads();
    value = s[(tid + 1) % kThreads] + r;  // the neighbour's value from before the barrier
    pair.high += value;
    *through += 1;
    __syncthreads();
  }
  pair.low -= 1;
  __syncthreads();
  out[(blockIdx.x * kThreads + tid) * 4 + 0] = value;
  out[(blockIdx.x * kThreads + tid) * 4 + 1] = pair.low;
  out[(blockIdx.x * kThreads + tid) * 4 + 2] = pair.high;
  out[(blockIdx.x * kThreads + tid) * 4 + 3] = total;
}

__global__ void counted(int* data, int data_size, unsigned* hits, int* iterations, unsigned target) {
  __shared__ unsigned hit;
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned state = tid + 1;
  int mine = 0;
  atomicExch(&hit, 0u);
  __syncthreads();
  while (hit < target) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    atomicAdd(&data[state % data_size], 1);
    ++mine;
    atomicAdd(&hit, 1u);
  }
  __syncthreads();
  iterations[tid] = mine;
  if (threadIdx.x == 0) hits[blockIdx.x] = hit;
}

int main() {
  const int n = kBlocks * kThreads, rounds = 5;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101;
  int *d_in, *d_out;
  CONFORMANCE_CUDA(cudaMalloc(&d_in, n * sizeof(int)));
  CONFORMANCE_CUDA(cudaMalloc(&d_out, 4 * n * sizeof(int)));
  CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  carried<<<kBlocks, kThreads>>>(d_in, d_out, rounds);
  CONFORMANCE_CUDA(cudaGetLastError());
  std::vector<int> got(4 * n), want(4 * n);
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, 4 * n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < kBlocks; ++b) {
    std::vector<int> value(in.begin() + b * kThreads, in.begin() + (b + 1) * kThreads), high(kThreads, 0);
    for (int r = 0; r < rounds; ++r) {
      std::vector<int> next(kThreads);
      for (int t = 0; t < kThreads; ++t) next[t] = value[(t + 1) % kThreads] + r;
      value = next;
      for (int t = 0; t < kThreads; ++t) high[t] += value[t];
    }
    for (int t = 0; t < kThreads; ++t) {
      int i = b * kThreads + t;
      want[4 * i + 0] = value[t];
      want[4 * i + 1] = in[i] - 1;
      want[4 * i + 2] = high[t];
      want[4 * i + 3] = rounds;
    }
  }
  conformance::check_equal(got.data(), want.data(), 4 * n, "locals carried across barriers (loop, struct, pointer)");

  const int data_size = 1 << 12;
  const unsigned target = 200000;
  int *d_data, *d_iterations;
  unsigned* d_hits;
  CONFORMANCE_CUDA(cudaMalloc(&d_data, data_size * sizeof(int)));
  CONFORMANCE_CUDA(cudaMemset(d_data, 0, data_size * sizeof(int)));
  CONFORMANCE_CUDA(cudaMalloc(&d_iterations, n * sizeof(int)));
  CONFORMANCE_CUDA(cudaMalloc(&d_hits, kBlocks * sizeof(unsigned)));
  counted<<<kBlocks, kThreads>>>(d_data, data_size, d_hits, d_iterations, target);
  CONFORMANCE_CUDA(cudaGetLastError());
  std::vector<int> iterations(n), data(data_size);
  std::vector<unsigned> hits(kBlocks);
  CONFORMANCE_CUDA(cudaMemcpy(iterations.data(), d_iterations, n * sizeof(int), cudaMemcpyDeviceToHost));
  CONFORMANCE_CUDA(cudaMemcpy(hits.data(), d_hits, kBlocks * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CONFORMANCE_CUDA(cudaMemcpy(data.data(), d_data, data_size * sizeof(int), cudaMemcpyDeviceToHost));
  bool hits_ok = true;
  long long all = 0;
  for (int b = 0; b < kBlocks; ++b) {
    long long block = 0;
    for (int t = 0; t < kThreads; ++t) block += iterations[b * kThreads + t];
    // Every iteration bumps the counter once; threads that passed the test
    // together may overshoot the target by fewer than a block's threads.
    hits_ok = hits_ok && block == hits[b] && hits[b] >= target && hits[b] < target + kThreads;
    all += block;
  }
  conformance::check(hits_ok, "shared counter equals the block's iterations, within a block of the target");
  long long drawn = 0;
  for (int v : data) drawn += v;
  conformance::check(drawn == all, "every iteration's atomicAdd on global memory counted");
  CONFORMANCE_CUDA(cudaFree(d_in));
  CONFORMANCE_CUDA(cudaFree(d_out));
  CONFORMANCE_CUDA(cudaFree(d_data));
  CONFORMANCE_CUDA(cudaFree(d_iterations));
  CONFORMANCE_CUDA(cudaFree(d_hits));
  return conformance::finish();
}
