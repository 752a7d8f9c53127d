// Histogram with privatised bins: each block counts into a dynamically sized
// extern __shared__ histogram with shared-memory atomics, then merges it into
// the global histogram with global atomics. The input is skewed so that most
// values hit a few bins (heavy collisions), and the bin count is chosen at
// run time, so the dynamic shared-memory size differs between launches.
#include <vector>

#include "conformance_check.h"

__global__ void histogram_kernel(const unsigned char* data, int n, unsigned* bins, int bin_count) {
  extern __shared__ unsigned local_bins[];
  for (int b = threadIdx.x; b < bin_count; b += blockDim.x) local_bins[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    atomicAdd(&local_bins[data[i] % bin_count], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < bin_count; b += blockDim.x) {
    if (local_bins[b] != 0) atomicAdd(&bins[b], local_bins[b]);
  }
}

int main() {
  const int n = 3000000;
  std::vector<unsigned char> data(n);
  unsigned state = 99;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    unsigned r = state >> 16;
    data[i] = static_cast<unsigned char>(r % 8 < 6 ? r % 3 : r % 256);  // 75% in 3 values
  }
  unsigned char* d_data;
  CONFORMANCE_CUDA(cudaMalloc(&d_data, n));
  CONFORMANCE_CUDA(cudaMemcpy(d_data, data.data(), n, cudaMemcpyHostToDevice));
  for (int bin_count : {256, 37}) {
    std::vector<unsigned> want(bin_count, 0), got(bin_count, 0);
    for (int i = 0; i < n; ++i) ++want[data[i] % bin_count];
    unsigned* d_bins;
    CONFORMANCE_CUDA(cudaMalloc(&d_bins, bin_count * sizeof(unsigned)));
    CONFORMANCE_CUDA(cudaMemset(d_bins, 0, bin_count * sizeof(unsigned)));
    histogram_kernel<<<48, 256, bin_count * sizeof(unsigned)>>>(d_data, n, d_bins, bin_count);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_bins, bin_count * sizeof(unsigned), cudaMemcpyDeviceToHost));
    conformance::check_equal(got.data(), want.data(), bin_count,
                             bin_count == 256 ? "histogram, 256 bins in dynamic shared memory"
                                              : "histogram, 37 bins in dynamic shared memory");
    CONFORMANCE_CUDA(cudaFree(d_bins));
  }
  CONFORMANCE_CUDA(cudaFree(d_data));
  return conformance::finish();
}
