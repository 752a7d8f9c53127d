// KNOWN WRONG: counts with integer atomics into the float bins.
//
// atomicAdd on int is the histogram every tutorial shows; casting the float
// output to int* compiles, but the bins then hold integer bit patterns (a
// count of 3 reads as the float 4.2e-45), not the counts as floats.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void count_pixels(const float* image, int num_bins, int* histogram, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const float x = fminf(fmaxf(image[i], 0.0f), static_cast<float>(num_bins - 1));
    atomicAdd(&histogram[static_cast<int>(x)], 1);
  }
}

}  // namespace

extern "C" void solution(const float* image, int num_bins, float* histogram, size_t height, size_t width) {
  const size_t count = height * width;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  count_pixels<<<blocks, kThreads>>>(image, num_bins, reinterpret_cast<int*>(histogram), count);
}
