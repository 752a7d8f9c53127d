// Threads that wait for other threads of their block without __syncthreads:
// cuda::barrier (arrive_and_wait, and arrive + wait with a token inside a
// device function, over several phases; cuda::memcpy_async completing on
// it), cuda::atomic_ref wait/notify, and a
// spin loop with a __nanosleep back-off. On the CPU backend each waiting
// thread must let the others run (its polls yield the fiber).
#include <cuda/atomic>
#include <cuda/barrier>

#include <utility>
#include <vector>

#include "conformance_check.h"

constexpr int kThreads = 256;
constexpr int kBlocks = 4;
constexpr int kPhases = 5;

using block_barrier = cuda::barrier<cuda::thread_scope_block>;

// A __shared__ barrier is constructed by init(), as CUDA's guide does it.
#ifdef __NVCC__
#pragma nv_diag_suppress static_var_with_dynamic_init
#endif

// Each phase every thread adds its right neighbour's value from the previous
// phase: the barrier separates the reads of one phase from the writes of the
// next.
__device__ int neighbour_sums(block_barrier& bar, int* values, int value) {
  int t = int(threadIdx.x);
  for (int phase = 0; phase < kPhases; ++phase) {
    values[t] = value;
    auto token = bar.arrive();
    bar.wait(std::move(token));
    int right = values[(t + 1) % kThreads];
    bar.arrive_and_wait();
    value += right;
  }
  return value;
}

__global__ void barrier_kernel(int* out) {
  __shared__ block_barrier bar;
  __shared__ int values[kThreads];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  int t = int(threadIdx.x);
  out[blockIdx.x * kThreads + t] = neighbour_sums(bar, values, int(blockIdx.x) * 1000 + t);
}

// Each thread copies one element into shared memory with cuda::memcpy_async
// completing on the barrier, and after the wait reads its neighbour's.
__global__ void memcpy_async_kernel(const int* in, int* out) {
  __shared__ block_barrier bar;
  __shared__ int staged[kThreads];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  int t = int(threadIdx.x);
  const int* source = in + blockIdx.x * kThreads;
  cuda::memcpy_async(&staged[t], &source[t], sizeof(int), bar);
  bar.arrive_and_wait();
  out[blockIdx.x * kThreads + t] = staged[(t + 1) % kThreads] * 2;
}

// The last thread publishes a value; every other thread waits for it.
__global__ void atomic_wait_kernel(int* out) {
  __shared__ int flag;
  __shared__ int data;
  if (threadIdx.x == 0) flag = 0;
  __syncthreads();
  cuda::atomic_ref<int, cuda::thread_scope_block> ready(flag);
  if (threadIdx.x == blockDim.x - 1) {
    data = 42 + int(blockIdx.x);
    ready.store(1, cuda::memory_order_release);
    ready.notify_all();
  } else {
    ready.wait(0, cuda::memory_order_acquire);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = data;
}

// Warp 0 spins until the block's last warp has written its values.
__global__ void spin_kernel(int* out) {
  __shared__ int values[kThreads];
  __shared__ int written;
  if (threadIdx.x == 0) written = 0;
  __syncthreads();
  int t = int(threadIdx.x);
  if (t >= kThreads - 32) {
    values[t] = t * 3;
    __threadfence_block();
    atomicAdd(&written, 1);
  } else if (t < 32) {
    while (atomicAdd(&written, 0) < 32) __nanosleep(100);
    __threadfence_block();
    values[t] = values[t + kThreads - 32] + 1;
  } else {
    values[t] = -t;
  }
  __syncthreads();
  out[blockIdx.x * kThreads + t] = values[t];
}

int main() {
  int* d_out = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_out, kBlocks * kThreads * sizeof(int)));
  std::vector<int> got(kBlocks * kThreads), want(kBlocks * kThreads);

  barrier_kernel<<<kBlocks, kThreads>>>(d_out);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < kBlocks; ++b) {
    std::vector<int> value(kThreads);
    for (int t = 0; t < kThreads; ++t) value[t] = b * 1000 + t;
    for (int phase = 0; phase < kPhases; ++phase) {
      std::vector<int> next(kThreads);
      for (int t = 0; t < kThreads; ++t) next[t] = value[t] + value[(t + 1) % kThreads];
      value = next;
    }
    for (int t = 0; t < kThreads; ++t) want[b * kThreads + t] = value[t];
  }
  conformance::check_equal(got.data(), want.data(), got.size(), "cuda::barrier phases (arrive/wait, arrive_and_wait)");

  std::vector<int> input(kBlocks * kThreads);
  for (int i = 0; i < kBlocks * kThreads; ++i) input[i] = (i * 31) % 257 - 100;
  int* d_in = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_in, input.size() * sizeof(int)));
  CONFORMANCE_CUDA(cudaMemcpy(d_in, input.data(), input.size() * sizeof(int), cudaMemcpyHostToDevice));
  memcpy_async_kernel<<<kBlocks, kThreads>>>(d_in, d_out);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < kThreads; ++t) want[b * kThreads + t] = input[b * kThreads + (t + 1) % kThreads] * 2;
  }
  conformance::check_equal(got.data(), want.data(), got.size(), "cuda::memcpy_async completing on a cuda::barrier");
  CONFORMANCE_CUDA(cudaFree(d_in));

  atomic_wait_kernel<<<kBlocks, kThreads>>>(d_out);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < kBlocks * kThreads; ++i) want[i] = 42 + i / kThreads;
  conformance::check_equal(got.data(), want.data(), got.size(), "cuda::atomic_ref wait / notify_all");

  spin_kernel<<<kBlocks, kThreads>>>(d_out);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < kThreads; ++t) {
      int v = t >= kThreads - 32 ? t * 3 : t < 32 ? (t + kThreads - 32) * 3 + 1 : -t;
      want[b * kThreads + t] = v;
    }
  }
  conformance::check_equal(got.data(), want.data(), got.size(), "spin loop with a __nanosleep back-off");

  CONFORMANCE_CUDA(cudaFree(d_out));
  return conformance::finish();
}
