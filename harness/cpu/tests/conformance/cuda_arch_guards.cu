// Device code behind __CUDA_ARCH__ tests, as libraries and NVIDIA's samples
// write it: a kernel body under `#if __CUDA_ARCH__ >= 700`, a __host__
// __device__ function whose device branch differs, and a toolkit header
// (cuda/barrier) included by a file that tests the macro. The CPU backend
// compiles such files with the device's view (compute capability 9.0).
#include <cuda/barrier>

#include <vector>

#include "conformance_check.h"

__host__ __device__ int which_side() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__;
#else
  return -1;
#endif
}

__global__ void guarded_kernel(int* out) {
#if __CUDA_ARCH__ >= 700
  __shared__ int values[64];
  values[threadIdx.x] = int(threadIdx.x) * 2;
  __syncthreads();
  out[threadIdx.x] = values[63 - threadIdx.x] + (which_side() >= 700 ? 1 : 0);
#endif
}

int main() {
  int* d_out = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_out, 64 * sizeof(int)));
  CONFORMANCE_CUDA(cudaMemset(d_out, 0, 64 * sizeof(int)));
  guarded_kernel<<<1, 64>>>(d_out);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  std::vector<int> got(64), want(64);
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, 64 * sizeof(int), cudaMemcpyDeviceToHost));
  for (int t = 0; t < 64; ++t) want[t] = (63 - t) * 2 + 1;
  conformance::check_equal(got.data(), want.data(), 64, "kernel body under #if __CUDA_ARCH__ >= 700 runs");
  cudaDeviceProp prop{};
  CONFORMANCE_CUDA(cudaGetDeviceProperties(&prop, 0));
  std::printf("device compute capability %d.%d\n", prop.major, prop.minor);
  CONFORMANCE_CUDA(cudaFree(d_out));
  return conformance::finish();
}
