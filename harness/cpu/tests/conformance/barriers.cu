// Block barriers and their reducing forms: __syncthreads in loops,
// __syncthreads_count/_and/_or, __syncwarp, and the common pattern where
// threads past the end return early and the rest still meet at a barrier
// (returned threads count as arrived, as on the hardware).
#include <vector>

#include "device_run.h"

// Repeated neighbour averaging: every step reads what all threads wrote in
// the previous step, so any missing barrier would change the result.
__global__ void smoothing_kernel(const int* in, int* out, int steps) {
  __shared__ int cells[2][128];
  int t = threadIdx.x;
  cells[0][t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int s = 0; s < steps; ++s) {
    int src = s & 1;
    int left = cells[src][(t + blockDim.x - 1) % blockDim.x];
    int right = cells[src][(t + 1) % blockDim.x];
    cells[src ^ 1][t] = left + right - cells[src][t];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = cells[steps & 1][t];
}

// out[4*b + 0..3] = count of even values, and, or, count again (to check that
// repeated reducing barriers do not interfere).
__global__ void reducing_barriers_kernel(const int* in, int* out) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int evens = __syncthreads_count(v % 2 == 0);
  int all_positive = __syncthreads_and(v > 0);
  int any_big = __syncthreads_or(v > 1000);
  int odds = __syncthreads_count(v % 2 != 0);
  if (threadIdx.x == 0) {
    out[4 * blockIdx.x + 0] = evens;
    out[4 * blockIdx.x + 1] = all_positive != 0;
    out[4 * blockIdx.x + 2] = any_big != 0;
    out[4 * blockIdx.x + 3] = odds;
  }
}

// Each warp exchanges values through shared memory with __syncwarp only.
__global__ void warp_exchange_kernel(const int* in, int* out) {
  __shared__ int slots[256];
  int t = threadIdx.x;
  int lane = t % 32;
  int warp_base = t - lane;
  slots[t] = in[blockIdx.x * blockDim.x + t];
  __syncwarp();
  int mirrored = slots[warp_base + 31 - lane];
  __syncwarp();
  slots[t] = mirrored * 2;
  __syncwarp(0xffffffffu);
  out[blockIdx.x * blockDim.x + t] = slots[warp_base + (lane + 1) % 32];
}

// The last block is partial: threads with i >= n return before the barrier.
__global__ void early_return_kernel(const float* in, float* out, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  tile[threadIdx.x] = in[i];
  __syncthreads();
  // Read a neighbour that is known to be live: the first thread of the block.
  out[i] = tile[threadIdx.x] + tile[0];
}

int main() {
  {
    const int blocks = 3, threads = 128, n = blocks * threads, steps = 9;
    std::vector<int> in(n), got(n), want(n);
    for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101 - 50;
    for (int b = 0; b < blocks; ++b) {
      std::vector<int> cur(in.begin() + b * threads, in.begin() + (b + 1) * threads), next(threads);
      for (int s = 0; s < steps; ++s) {
        for (int t = 0; t < threads; ++t)
          next[t] = cur[(t + threads - 1) % threads] + cur[(t + 1) % threads] - cur[t];
        cur.swap(next);
      }
      for (int t = 0; t < threads; ++t) want[b * threads + t] = cur[t];
    }
    got = conformance::run_on_device(in, n,
                                     [&](const int* i, int* o) { smoothing_kernel<<<blocks, threads>>>(i, o, steps); });
    conformance::check_equal(got.data(), want.data(), n, "__syncthreads inside a loop");
  }
  {
    const int blocks = 3, threads = 96, n = blocks * threads;
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i) in[i] = i + 1;               // block 0: all positive
    for (int i = threads; i < 2 * threads; ++i) in[i] = -i;  // block 1: none positive
    in[2 * threads + 5] = 5000;                              // block 2: one big value
    std::vector<int> want(4 * blocks), got(4 * blocks);
    for (int b = 0; b < blocks; ++b) {
      int evens = 0, odds = 0, all_positive = 1, any_big = 0;
      for (int t = 0; t < threads; ++t) {
        int v = in[b * threads + t];
        evens += v % 2 == 0;
        odds += v % 2 != 0;
        all_positive &= v > 0;
        any_big |= v > 1000;
      }
      want[4 * b] = evens;
      want[4 * b + 1] = all_positive;
      want[4 * b + 2] = any_big;
      want[4 * b + 3] = odds;
    }
    got = conformance::run_on_device(
        in, want.size(), [&](const int* i, int* o) { reducing_barriers_kernel<<<blocks, threads>>>(i, o); });
    conformance::check_equal(got.data(), want.data(), want.size(), "__syncthreads_count/_and/_or");
  }
  {
    const int blocks = 2, threads = 256, n = blocks * threads;
    std::vector<int> in(n), got(n), want(n);
    for (int i = 0; i < n; ++i) in[i] = i * 3 + 1;
    for (int i = 0; i < n; ++i) {
      int base = i - i % 32;
      int j = base + (i % 32 + 1) % 32;                 // the slot read at the end
      want[i] = in[base + 31 - j % 32] * 2;             // what that lane stored
    }
    got = conformance::run_on_device(in, n,
                                     [&](const int* i, int* o) { warp_exchange_kernel<<<blocks, threads>>>(i, o); });
    conformance::check_equal(got.data(), want.data(), n, "__syncwarp orders shared memory within a warp");
  }
  {
    const int n = 1000, threads = 256, blocks = (n + threads - 1) / threads;
    std::vector<float> in(n), got(n), want(n);
    for (int i = 0; i < n; ++i) in[i] = 0.25f * i;
    for (int i = 0; i < n; ++i) want[i] = in[i] + in[i - i % threads];
    float *d_in, *d_out;
    CONFORMANCE_CUDA(cudaMalloc(&d_in, n * sizeof(float)));
    CONFORMANCE_CUDA(cudaMalloc(&d_out, n * sizeof(float)));
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    early_return_kernel<<<blocks, threads>>>(d_in, d_out, n);
    CONFORMANCE_CUDA(cudaGetLastError());
    conformance::check(cudaDeviceSynchronize() == cudaSuccess,
                       "early-returned threads count as arrived at __syncthreads");
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
    conformance::check_equal(got.data(), want.data(), n, "partial last block with early return");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  return conformance::finish();
}
