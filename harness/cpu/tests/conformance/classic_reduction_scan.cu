// Two classic block-level patterns: a sum reduction that reduces each warp
// with __shfl_down_sync and then the warp totals through shared memory, and
// an inclusive block scan (Hillis-Steele, double-buffered) whose per-block
// totals are then scanned on a second launch to make a full prefix sum.
#include <vector>

#include "conformance_check.h"

__device__ float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

// One partial sum per block; blockDim.x is a multiple of 32, up to 1024.
__global__ void block_reduce_kernel(const float* in, float* partial, int n) {
  __shared__ float warp_totals[32];
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) v += in[i];
  v = warp_sum(v);
  if (lane == 0) warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int warps = blockDim.x / warpSize;
    v = lane < warps ? warp_totals[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0) partial[blockIdx.x] = v;
  }
}

// Inclusive scan of each block's slice; block totals go to `totals`.
__global__ void block_scan_kernel(const int* in, int* out, int* totals, int n) {
  extern __shared__ int buffers[];  // 2 * blockDim.x ints
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int* src = buffers;
  int* dst = buffers + blockDim.x;
  src[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    dst[t] = t >= offset ? src[t] + src[t - offset] : src[t];
    __syncthreads();
    int* swap = src;
    src = dst;
    dst = swap;
  }
  if (i < n) out[i] = src[t];
  if (totals != nullptr && t == blockDim.x - 1) totals[blockIdx.x] = src[t];
}

__global__ void add_block_offsets_kernel(int* out, const int* scanned_totals, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && blockIdx.x > 0) out[i] += scanned_totals[blockIdx.x - 1];
}

int main() {
  {
    const int n = 1 << 20, blocks = 64, threads = 512;
    std::vector<float> in(n);
    double want = 0;
    for (int i = 0; i < n; ++i) {
      in[i] = static_cast<float>(i % 1000) * 0.001f;
      want += in[i];
    }
    float *d_in, *d_partial;
    CONFORMANCE_CUDA(cudaMalloc(&d_in, n * sizeof(float)));
    CONFORMANCE_CUDA(cudaMalloc(&d_partial, blocks * sizeof(float)));
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    block_reduce_kernel<<<blocks, threads>>>(d_in, d_partial, n);
    block_reduce_kernel<<<1, 64>>>(d_partial, d_partial, blocks);  // in place: reads before writes
    CONFORMANCE_CUDA(cudaGetLastError());
    float got = 0;
    CONFORMANCE_CUDA(cudaMemcpy(&got, d_partial, sizeof(float), cudaMemcpyDeviceToHost));
    double got_d = got;
    conformance::check_close(&got_d, &want, 1, 1e-5, 0, "warp-shuffle block reduction of 2^20 floats");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_partial));
  }
  {
    const int n = 100000, threads = 256, blocks = (n + threads - 1) / threads;  // 391 blocks
    std::vector<int> in(n), got(n), want(n);
    for (int i = 0; i < n; ++i) in[i] = (i * 13) % 7 - 3;
    int running = 0;
    for (int i = 0; i < n; ++i) want[i] = running += in[i];
    int *d_in, *d_out, *d_totals, *d_scanned;
    CONFORMANCE_CUDA(cudaMalloc(&d_in, n * sizeof(int)));
    CONFORMANCE_CUDA(cudaMalloc(&d_out, n * sizeof(int)));
    CONFORMANCE_CUDA(cudaMalloc(&d_totals, blocks * sizeof(int)));
    CONFORMANCE_CUDA(cudaMalloc(&d_scanned, blocks * sizeof(int)));
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    block_scan_kernel<<<blocks, threads, 2 * threads * sizeof(int)>>>(d_in, d_out, d_totals, n);
    block_scan_kernel<<<1, 512, 2 * 512 * sizeof(int)>>>(d_totals, d_scanned, nullptr, blocks);
    add_block_offsets_kernel<<<blocks, threads>>>(d_out, d_scanned, n);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    conformance::check_equal(got.data(), want.data(), n, "block scan + scanned block totals = prefix sum");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
    CONFORMANCE_CUDA(cudaFree(d_totals));
    CONFORMANCE_CUDA(cudaFree(d_scanned));
  }
  return conformance::finish();
}
