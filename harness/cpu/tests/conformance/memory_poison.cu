// The CPU backend fills fresh cudaMalloc memory with a poison pattern, so a
// kernel that forgets to write an element leaves NaN there (a float read of
// the pattern) instead of a stale, plausible value. Real GPUs make no such
// promise: this program checks a backend guarantee, not CUDA semantics.
#include <cmath>
#include <vector>

#include "conformance_check.h"

// Writes only even indices: odd ones keep whatever cudaMalloc left there.
__global__ void write_even_kernel(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && i % 2 == 0) out[i] = 1.0f;
}

int main() {
  const int n = 4096;
  std::vector<float> host(n);
  for (int round = 0; round < 2; ++round) {
    float* d;
    CONFORMANCE_CUDA(cudaMalloc(&d, n * sizeof(float)));
    write_even_kernel<<<(n + 255) / 256, 256>>>(d, n);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaMemcpy(host.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    bool odd_nan = true, even_written = true;
    for (int i = 0; i < n; ++i) {
      if (i % 2 == 0) even_written = even_written && host[i] == 1.0f;
      else odd_nan = odd_nan && std::isnan(host[i]);
    }
    conformance::check(even_written, round == 0 ? "written elements hold their values"
                                                : "written elements hold their values (reused memory)");
#ifdef __CUCPU__  // built by nvcc, the program checks only what CUDA promises
    conformance::check(odd_nan, round == 0 ? "unwritten elements of fresh cudaMalloc memory are NaN"
                                           : "unwritten elements are NaN again after cudaFree + cudaMalloc");
#else
    (void)odd_nan;
#endif
    CONFORMANCE_CUDA(cudaFree(d));
  }
  // cudaMemset removes the poison.
  float* d;
  CONFORMANCE_CUDA(cudaMalloc(&d, n * sizeof(float)));
  CONFORMANCE_CUDA(cudaMemset(d, 0, n * sizeof(float)));
  write_even_kernel<<<(n + 255) / 256, 256>>>(d, n);
  CONFORMANCE_CUDA(cudaMemcpy(host.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool odd_zero = true;
  for (int i = 1; i < n; i += 2) odd_zero = odd_zero && host[i] == 0.0f;
  conformance::check(odd_zero, "cudaMemset(0) clears the poison");
  CONFORMANCE_CUDA(cudaFree(d));
  return conformance::finish();
}
