// Host-side plumbing the conformance programs share: device arrays made from
// and read back into host vectors, a run of one launch from input to output,
// a deterministic input pattern, and the report of a launch that must fail.
// Like conformance_check.h it compiles under nvcc and the CPU backend alike;
// every runtime call is checked with CONFORMANCE_CUDA.
#pragma once

#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include "conformance_check.h"

namespace conformance {

// An uninitialised device array of n T's (the caller frees it).
template <class T>
T* device_array(size_t n) {
  T* device = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&device, n * sizeof(T)));
  return device;
}

// A device copy of `host` (the caller frees it).
template <class T>
T* device_copy(const std::vector<T>& host) {
  T* device = device_array<T>(host.size());
  CONFORMANCE_CUDA(cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return device;
}

// The first n T's of a device array, copied to the host.
template <class T>
std::vector<T> host_copy(const T* device, size_t n) {
  std::vector<T> host(n);
  CONFORMANCE_CUDA(cudaMemcpy(host.data(), device, n * sizeof(T), cudaMemcpyDeviceToHost));
  return host;
}

// Copies `input` to the device, zeroes an output of out_count ints, calls
// launch(d_in, d_out) (which launches the kernels under test), checks the
// launch, and returns the output.
template <class Launch>
std::vector<int> run_on_device(const std::vector<int>& input, size_t out_count, Launch launch) {
  int* d_in = device_copy(input);
  int* d_out = device_array<int>(out_count);
  CONFORMANCE_CUDA(cudaMemset(d_out, 0, out_count * sizeof(int)));
  launch(d_in, d_out);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  std::vector<int> out = host_copy(d_out, out_count);
  CONFORMANCE_CUDA(cudaFree(d_in));
  CONFORMANCE_CUDA(cudaFree(d_out));
  return out;
}

// n ints in [-500, 500) that differ with the index and the seed.
inline std::vector<int> pattern(size_t n, int seed) {
  std::vector<int> values(n);
  for (size_t i = 0; i < n; ++i) values[i] = int((i * 2654435761u + seed) % 1000) - 500;
  return values;
}

// For programs whose last launch must fail: waits for it and prints
//   launch: <cudaGetLastError>, cudaDeviceSynchronize: <its result>
// (the expectation files match this line). True when either is an error.
inline bool report_failed_launch() {
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  std::printf("launch: %s, cudaDeviceSynchronize: %s\n", cudaGetErrorName(launch), cudaGetErrorName(sync));
  return launch != cudaSuccess || sync != cudaSuccess;
}

}  // namespace conformance
