// Device side of philox.h: fills a tensor on the GPU with uniform_element and
// compares it bit for bit with the host's fill_uniform. Built with nvcc by
// philox_nvcc_test (compile only, since CI machines have no GPU); run it by
// hand on a GPU machine:
//   nvcc -std=c++17 -arch=sm_80 -I. judge/problem/philox_device_check.cu judge/problem/inputs.cc -o /tmp/philox_check && /tmp/philox_check
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "judge/problem/inputs.h"
#include "judge/problem/philox.h"

__global__ void fill_on_device(float* out, long long count, unsigned long long key, float lo, float hi) {
  const long long index = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (index < count) out[index] = judge::uniform_element(key, index, lo, hi);
}

__global__ void check_ranges_on_device(int* results) {
  results[0] = judge::uniform_range_is_exact(-1.0f, 1.0f);
  results[1] = judge::uniform_range_is_exact(1e-10f, 1e10f);
}

int main() {
  const long long count = 1 << 22;
  const float ranges[][2] = {{0.0f, 1.0f}, {-1.0f, 1.0f}, {100.0f, 200.0f}, {0.1f, 0.3f}};
  float* device = nullptr;
  if (cudaMalloc(&device, count * sizeof(float)) != cudaSuccess) {
    std::printf("no usable GPU\n");
    return 2;
  }
  int mismatches = 0;
  for (const auto& range : ranges) {
    const unsigned long long key = judge::input_stream_key("problem", "case", "tensor", 7);
    fill_on_device<<<(count + 255) / 256, 256>>>(device, count, key, range[0], range[1]);
    std::vector<float> from_device(count), from_host(count);
    cudaMemcpy(from_device.data(), device, count * sizeof(float), cudaMemcpyDeviceToHost);
    judge::fill_uniform(from_host.data(), count, key, range[0], range[1]);
    const int differing = std::memcmp(from_device.data(), from_host.data(), count * sizeof(float)) != 0;
    std::printf("[%g, %g): %s\n", range[0], range[1], differing ? "DIFFERENT" : "identical bits");
    mismatches += differing;
  }
  int* results = nullptr;
  cudaMalloc(&results, 2 * sizeof(int));
  check_ranges_on_device<<<1, 1>>>(results);
  int host_results[2] = {0, 0};
  cudaMemcpy(host_results, results, sizeof(host_results), cudaMemcpyDeviceToHost);
  std::printf("uniform_range_is_exact on device: %d %d (expect 1 0)\n", host_results[0], host_results[1]);
  mismatches += host_results[0] != 1 || host_results[1] != 0;
  return mismatches == 0 ? 0 : 1;
}
