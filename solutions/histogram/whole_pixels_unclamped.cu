// author: judge maintainers
// title: whole-number pixels: rounded, unclamped, into zeroed bins
//
// Relies on the input domain (Tensara's too): every pixel is a whole number
// in [0, num_bins), so rounding to nearest is truncation and no pixel needs
// clamping. It also relies on the judge zero-filling the output before the call.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void count_pixels(const float* image, float* histogram, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    atomicAdd(&histogram[__float2int_rn(image[i])], 1.0f);
  }
}

}  // namespace

extern "C" void solution(const float* image, int num_bins, float* histogram, size_t height, size_t width) {
  (void)num_bins;
  const size_t count = height * width;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  count_pixels<<<blocks, kThreads>>>(image, histogram, count);
}
