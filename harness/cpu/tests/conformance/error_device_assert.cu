// A failing assert() in device code, as CUDA defines it: the failure is
// reported (file, line, kernel, block and thread), cudaDeviceSynchronize
// returns cudaErrorAssert, and the error is sticky: every later runtime call
// fails with it, since the context is unusable. The expectation file checks
// the report on the program's output; the program checks the error codes.
#include <cassert>

#include "conformance_check.h"

__global__ void non_negative_check_kernel(const int* values) {
  int v = values[threadIdx.x];
  assert(v >= 0);
}

int main() {
  int host[32];
  for (int i = 0; i < 32; ++i) host[i] = i == 5 ? -1 : i;
  int* d;
  CONFORMANCE_CUDA(cudaMalloc(&d, sizeof(host)));
  CONFORMANCE_CUDA(cudaMemcpy(d, host, sizeof(host), cudaMemcpyHostToDevice));
  non_negative_check_kernel<<<1, 32>>>(d);
  cudaError_t sync = cudaDeviceSynchronize();
  std::fflush(stderr);
  std::printf("synchronize returned %s\n", cudaGetErrorName(sync));
  conformance::check(sync == cudaErrorAssert, "cudaDeviceSynchronize returns cudaErrorAssert");
  int* another = nullptr;
  cudaError_t later = cudaMalloc(&another, 16);
  cudaError_t last = cudaGetLastError();
  std::printf("later cudaMalloc returned %s, cudaGetLastError %s\n", cudaGetErrorName(later),
              cudaGetErrorName(last));
  conformance::check(later == cudaErrorAssert, "the assert error is sticky: a later cudaMalloc fails with it");
  conformance::check(last == cudaErrorAssert, "cudaGetLastError after the failed call returns the sticky error");
  return conformance::finish();
}
