// Invalid launch configurations are refused the way CUDA refuses them: the
// launch records an error that cudaGetLastError returns (once), and the
// kernel does not run at all. Covers more than 1024 threads per block, a
// block dimension over its own limit, zero-sized grid and block dimensions,
// and dynamic shared memory above 48 KiB without cudaFuncSetAttribute.
#include <cstring>

#include "conformance_check.h"

__global__ void mark_kernel(int* flag) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *flag = 1;
}

extern __shared__ int dynamic_words[];

__global__ void mark_with_smem_kernel(int* flag) {
  dynamic_words[threadIdx.x] = 1;
  if (threadIdx.x == 0 && blockIdx.x == 0) *flag = dynamic_words[0];
}

// Launches through `launch`, then checks the error code and that the flag
// was not written. Any earlier error must have been cleared.
template <typename Launch>
static void expect_refused(const char* what, cudaError_t want, int* flag, Launch launch) {
  CONFORMANCE_CUDA(cudaMemset(flag, 0, sizeof(int)));
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  launch();
  cudaError_t got = cudaGetLastError();
  cudaError_t cleared = cudaGetLastError();
  cudaError_t sync = cudaDeviceSynchronize();  // launch errors are not sticky
  int ran = -1;
  CONFORMANCE_CUDA(cudaMemcpy(&ran, flag, sizeof(int), cudaMemcpyDeviceToHost));
  char line[256];
  std::snprintf(line, sizeof(line), "%s -> %s (got %s), error cleared, kernel did not run", what,
                cudaGetErrorName(want), cudaGetErrorName(got));
  conformance::check(got == want && cleared == cudaSuccess && sync == cudaSuccess && ran == 0, line);
}

int main() {
  int* flag;
  CONFORMANCE_CUDA(cudaMalloc(&flag, sizeof(int)));

  expect_refused("1025 threads per block", cudaErrorInvalidValue, flag,
                 [&] { mark_kernel<<<1, 1025>>>(flag); });
  expect_refused("block 32x32x2 = 2048 threads", cudaErrorInvalidValue, flag,
                 [&] { mark_kernel<<<1, dim3(32, 32, 2)>>>(flag); });
  expect_refused("block z = 65 (limit 64)", cudaErrorInvalidValue, flag,
                 [&] { mark_kernel<<<1, dim3(1, 1, 65)>>>(flag); });
  expect_refused("grid x = 0", cudaErrorInvalidValue, flag,
                 [&] { mark_kernel<<<0, 32>>>(flag); });
  expect_refused("grid y = 0", cudaErrorInvalidValue, flag,
                 [&] { mark_kernel<<<dim3(1, 0, 1), 32>>>(flag); });
  expect_refused("block x = 0", cudaErrorInvalidValue, flag,
                 [&] { mark_kernel<<<1, 0>>>(flag); });
  expect_refused("grid y = 65536 (limit 65535)", cudaErrorInvalidValue, flag,
                 [&] { mark_kernel<<<dim3(1, 65536), 1>>>(flag); });
  expect_refused("64 KiB dynamic shared memory without opt-in", cudaErrorInvalidValue, flag,
                 [&] { mark_with_smem_kernel<<<1, 32, 64 * 1024>>>(flag); });

  // A valid launch afterwards still works: the refusals left no sticky state.
  CONFORMANCE_CUDA(cudaMemset(flag, 0, sizeof(int)));
  mark_with_smem_kernel<<<1, 32, 48 * 1024>>>(flag);
  cudaError_t ok = cudaGetLastError();
  int ran = 0;
  CONFORMANCE_CUDA(cudaMemcpy(&ran, flag, sizeof(int), cudaMemcpyDeviceToHost));
  conformance::check(ok == cudaSuccess && ran == 1, "valid launch with exactly 48 KiB after the refusals");
  CONFORMANCE_CUDA(cudaFree(flag));
  return conformance::finish();
}
