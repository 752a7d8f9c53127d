// Thrust with device vectors: fill from the host, transform, sort by key
// (int keys, negative ones included), sort of floats, reduce and
// inclusive_scan, and a kernel launched on a device_vector's
// storage through raw_pointer_cast; thrust::system_error and
// thrust::cuda_category() reachable from the algorithm headers alone, as
// programs that catch Thrust's errors expect. (On the CPU backend Thrust's
// device system is its C++ one.)
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "conformance_check.h"

struct square_plus_one {
  __host__ __device__ int operator()(int x) const { return x * x + 1; }
};

__global__ void add_index(int* values, int n) {
  int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) values[i] += i;
}

int main() {
  const int n = 1000;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i) host[i] = (i * 7919) % 1009 - 500;

  thrust::device_vector<int> keys(host.begin(), host.end());
  thrust::device_vector<int> values(n);
  thrust::transform(keys.begin(), keys.end(), values.begin(), square_plus_one());
  thrust::sort_by_key(keys.begin(), keys.end(), values.begin());
  thrust::host_vector<int> sorted_keys = keys, sorted_values = values;

  std::vector<int> want_keys = host;
  std::sort(want_keys.begin(), want_keys.end());
  std::vector<int> want_values(n);
  for (int i = 0; i < n; ++i) want_values[i] = want_keys[i] * want_keys[i] + 1;
  conformance::check_equal(sorted_keys.data(), want_keys.data(), size_t(n), "thrust::sort_by_key keys");
  conformance::check_equal(sorted_values.data(), want_values.data(), size_t(n), "thrust::transform values moved with their keys");

  std::vector<float> floats(n);
  for (int i = 0; i < n; ++i) floats[i] = float(host[i]) * 0.37f + 0.5f;
  thrust::device_vector<float> float_keys(floats.begin(), floats.end());
  thrust::sort(float_keys.begin(), float_keys.end());
  thrust::host_vector<float> sorted_floats = float_keys;
  std::sort(floats.begin(), floats.end());
  conformance::check_equal(sorted_floats.data(), floats.data(), size_t(n), "thrust::sort of negative and positive floats");

  long long sum = thrust::reduce(values.begin(), values.end(), 0LL, thrust::plus<long long>());
  long long want_sum = std::accumulate(want_values.begin(), want_values.end(), 0LL);
  conformance::check(sum == want_sum, "thrust::reduce");

  add_index<<<(n + 127) / 128, 128>>>(thrust::raw_pointer_cast(values.data()), n);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  thrust::inclusive_scan(values.begin(), values.end(), values.begin());
  thrust::host_vector<int> scanned = values;
  std::vector<int> want_scan(n);
  for (int i = 0; i < n; ++i) want_scan[i] = want_values[i] + i + (i > 0 ? want_scan[i - 1] : 0);
  conformance::check_equal(scanned.data(), want_scan.data(), size_t(n),
                           "kernel on raw_pointer_cast storage, then thrust::inclusive_scan");

  std::string caught;
  try {
    throw thrust::system_error(cudaErrorInvalidValue, thrust::cuda_category(), "probe");
  } catch (const thrust::system_error& error) {
    caught = error.what();
  }
  conformance::check(caught.find("probe") == 0 && caught.find("invalid argument") != std::string::npos,
                     "thrust::system_error with thrust::cuda_category() names the CUDA error");
  return conformance::finish();
}
