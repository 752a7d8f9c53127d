// Code that tests __CUDACC__, as user headers write it to pick between their
// CUDA and plain C++ versions: NVIDIA's helper_math.h defines host versions
// of max(int, int) and friends only when the file is not compiled as CUDA,
// and those would clash with CUDA's own. nvcc defines __CUDACC__ and
// __CUDACC_VER_MAJOR__ in host and device code alike; a toolkit header (here
// cuda/std/limits) included by such a file must still work.
#include <cuda/std/limits>

#include <vector>

#include "conformance_check.h"

#ifndef __CUDACC__
inline int max(int a, int b) { return a > b ? a : b; }
inline int min(int a, int b) { return a < b ? a : b; }
#endif

#if defined(__CUDACC__)
#define SIDE_AGNOSTIC __host__ __device__
#else
#define SIDE_AGNOSTIC
#endif

SIDE_AGNOSTIC int clamp_to(int value, int low, int high) { return min(max(value, low), high); }

__global__ void clamp_kernel(int* out, int n) {
  int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = clamp_to(i - 20, 0, 50) + (cuda::std::numeric_limits<int>::max() > 0 ? 1 : 0);
}

int main() {
  const int n = 100;
  int* d_out = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_out, n * sizeof(int)));
  clamp_kernel<<<1, n>>>(d_out, n);
  CONFORMANCE_CUDA(cudaGetLastError());
  std::vector<int> got(n), want(n);
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) want[i] = clamp_to(i - 20, 0, 50) + 1;
  conformance::check_equal(got.data(), want.data(), size_t(n), "a __host__ __device__ function behind #ifdef __CUDACC__");

#if defined(__CUDACC__) && __CUDACC_VER_MAJOR__ >= 12
  bool compiled_as_cuda = true;
#else
  bool compiled_as_cuda = false;
#endif
  conformance::check(compiled_as_cuda, "host code sees __CUDACC__ and __CUDACC_VER_MAJOR__");
  CONFORMANCE_CUDA(cudaFree(d_out));
  return conformance::finish();
}
