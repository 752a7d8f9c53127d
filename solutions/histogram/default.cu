// author: judge maintainers
// title: baseline: zero the bins, then one atomic add per pixel
//
// Correct, straightforward solution for histogram. The judge zero-fills the
// output before each call; clearing the bins anyway keeps the solution right
// on a buffer that holds anything (--poison-outputs). Then each thread clamps
// and truncates one pixel at a time and adds 1 to its bin with atomicAdd (exact:
// every count stays below 2^24).
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
  cudaMemset(histogram, 0, static_cast<size_t>(num_bins) * sizeof(float));
  const size_t count = height * width;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  count_pixels<<<blocks, kThreads>>>(image, num_bins, histogram, count);
}
