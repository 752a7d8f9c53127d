// author: judge maintainers
// title: atomic adds into the bins the judge zeroed
//
// Adds to the bins without clearing them first: the judge, like Tensara,
// zero-fills every output before each call, so this is a valid solution.
// (Judged with --poison-outputs every bin stays NaN.)
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void count_pixels(const float* image, int num_bins, float* histogram, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const float x = fminf(fmaxf(image[i], 0.0f), static_cast<float>(num_bins - 1));
    atomicAdd(&histogram[static_cast<int>(x)], 1.0f);
  }
}

}  // namespace

extern "C" void solution(const float* image, int num_bins, float* histogram, size_t height, size_t width) {
  const size_t count = height * width;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  count_pixels<<<blocks, kThreads>>>(image, num_bins, histogram, count);
}
