// KNOWN WRONG: writes clamp_max everywhere.
//
// With inputs drawn from [0, 1) and the clamp range [0, 1], most outputs of the
// upstream data saturate at 1.0, so an author who only looks at a few printed values
// (or at a loose aggregate check) may conclude the answer is always clamp_max. The
// check cases include unsaturated outputs, where this is far off.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void fill(float* out, size_t count, float value) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x)
    out[i] = value;
}

}  // namespace

extern "C" void solution(const float* input, const float* kernel, const float* conv_bias, const float* gn_weight,
                         const float* gn_bias, const float* scale, float* output, size_t num_groups,
                         size_t pool_kernel, double clamp_min, double clamp_max, size_t batch_size,
                         size_t in_channels, size_t out_channels, size_t height, size_t width, size_t kernel_h,
                         size_t kernel_w) {
  (void)input, (void)kernel, (void)conv_bias, (void)gn_weight, (void)gn_bias, (void)scale;
  (void)num_groups, (void)clamp_min, (void)in_channels;
  size_t pool_h = (height - kernel_h + 1) / pool_kernel, pool_w = (width - kernel_w + 1) / pool_kernel;
  size_t count = batch_size * out_channels * pool_h * pool_w;
  unsigned grid = static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>((count + kThreads - 1) / kThreads, 65535)));
  fill<<<grid, kThreads>>>(output, count, static_cast<float>(clamp_max));
}
