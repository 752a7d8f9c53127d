// author: judge maintainers
// title: baseline: one thread per output element, tap checks outside the channel loop
//
// Correct, straightforward solution for conv-transpose3d-sum-layernorm-avgpool-gelu.
//
// ConvTranspose3d (no bias, dilation 1, ungrouped) -> add the scalar sum_weight ->
// LayerNorm over the channel axis at every (n, d, h, w) position (biased variance,
// eps 1e-5, no affine) -> AvgPool 2x2x2 stride 2 (floor mode) -> exact GELU
// 0.5 x (1 + erf(x / sqrt 2)). One thread per output element or per position. The
// transposed-convolution intermediate can exceed 2^31 elements: offsets into it are
// size_t. Whether a convolution tap reaches an element, and which input element it
// reads, is decided once per tap, outside the loop over input channels, which then
// only multiplies and adds: at stride 2 most taps miss, and deciding that for every
// channel again cost far more than the arithmetic.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;
constexpr double kEps = 1e-5;

// Grid for a grid-stride loop over `count` elements (capped: the loop covers the rest).
unsigned grid_for(size_t count) {
  return static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>((count + kThreads - 1) / kThreads, 65535)));
}

// One tap range of a transposed convolution along one axis: input index i contributes
// to output o through tap k when o = i * stride - padding + k. In int: every extent
// here is far below 2^31, and a 64-bit division costs several times a 32-bit one (a
// GPU emulates it in software).
__device__ bool input_index(int o, int k, int stride, int padding, int extent, int* i) {
  int t = o + padding - k;
  if (t < 0 || t % stride != 0) return false;
  *i = t / stride;
  return *i < extent;
}

// y[n, co, od, oy, ox] = sum_weight + sum over ci and taps of
// input[n, ci, id, iy, ix] * kernel[ci, co, kd, ky, kx].
// Grid: x covers the positions of one output volume, y is the output channel, z the sample.
__global__ void conv_transpose3d_add(const float* input, const float* kernel, float* y, int in_channels,
                                     int out_channels, int depth, int height, int width, int kernel_d, int kernel_h,
                                     int kernel_w, int stride_d, int stride_h, int stride_w, int padding_d,
                                     int padding_h, int padding_w, int out_d, int out_h, int out_w,
                                     float sum_weight) {
  int position = blockIdx.x * blockDim.x + threadIdx.x;
  if (position >= out_d * out_h * out_w) return;
  int ox = position % out_w, oy = (position / out_w) % out_h, od = position / (out_w * out_h);
  int co = blockIdx.y;
  size_t n = blockIdx.z;
  size_t in_volume = static_cast<size_t>(depth) * height * width;
  size_t taps = static_cast<size_t>(kernel_d) * kernel_h * kernel_w;
  // Input channel ci: its volume is in_volume further, its weights for co
  // out_channels * taps further (kernel layout (C_in, C_out, K_d, K_h, K_w)).
  const float* sample = input + n * in_channels * in_volume;
  const float* weights = kernel + co * taps;
  size_t weight_step = out_channels * taps;
  float acc = 0.0f;
  for (int kd = 0; kd < kernel_d; ++kd) {
    int id;
    if (!input_index(od, kd, stride_d, padding_d, depth, &id)) continue;
    for (int ky = 0; ky < kernel_h; ++ky) {
      int iy;
      if (!input_index(oy, ky, stride_h, padding_h, height, &iy)) continue;
      for (int kx = 0; kx < kernel_w; ++kx) {
        int ix;
        if (!input_index(ox, kx, stride_w, padding_w, width, &ix)) continue;
        const float* in = sample + (id * height + iy) * width + ix;
        const float* w = weights + (kd * kernel_h + ky) * kernel_w + kx;
        for (int ci = 0; ci < in_channels; ++ci) acc += in[ci * in_volume] * w[ci * weight_step];
      }
    }
  }
  y[(n * out_channels + co) * out_d * out_h * out_w + position] = acc + sum_weight;
}

// Normalises y in place over the channel axis, one thread per (n, spatial position).
__global__ void layernorm_channels(float* y, size_t batch, size_t channels, size_t volume) {
  size_t total = batch * volume;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    float* first = y + (i / volume) * channels * volume + i % volume;
    double sum = 0.0;
    for (size_t c = 0; c < channels; ++c) sum += first[c * volume];
    double mean = sum / static_cast<double>(channels);
    double squares = 0.0;
    for (size_t c = 0; c < channels; ++c) {
      double d = first[c * volume] - mean;
      squares += d * d;
    }
    double rstd = 1.0 / sqrt(squares / static_cast<double>(channels) + kEps);
    for (size_t c = 0; c < channels; ++c) first[c * volume] = static_cast<float>((first[c * volume] - mean) * rstd);
  }
}

// out[n, c, pd, ph, pw] = gelu(mean of the 2x2x2 window of y).
__global__ void avgpool_gelu(const float* y, float* out, size_t planes, size_t in_d, size_t in_h, size_t in_w,
                             size_t pool_d, size_t pool_h, size_t pool_w) {
  size_t total = planes * pool_d * pool_h * pool_w;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    size_t px = i % pool_w, py = (i / pool_w) % pool_h, pz = (i / (pool_w * pool_h)) % pool_d;
    size_t plane = i / (pool_w * pool_h * pool_d);
    float sum = 0.0f;
    for (size_t dz = 0; dz < 2; ++dz)
      for (size_t dy = 0; dy < 2; ++dy)
        for (size_t dx = 0; dx < 2; ++dx)
          sum += y[((plane * in_d + 2 * pz + dz) * in_h + 2 * py + dy) * in_w + 2 * px + dx];
    float x = sum * 0.125f;
    out[i] = 0.5f * x * (1.0f + erff(x * 0.70710678118654752f));
  }
}

}  // namespace

extern "C" void solution(const float* input, const float* kernel, float* output, size_t batch_size,
                         size_t in_channels, size_t out_channels, size_t depth, size_t height, size_t width,
                         size_t kernel_d, size_t kernel_h, size_t kernel_w, size_t stride_d, size_t stride_h,
                         size_t stride_w, size_t padding_d, size_t padding_h, size_t padding_w,
                         size_t output_padding_d, size_t output_padding_h, size_t output_padding_w,
                         double sum_weight) {
  size_t out_d = (depth - 1) * stride_d + kernel_d + output_padding_d - 2 * padding_d;
  size_t out_h = (height - 1) * stride_h + kernel_h + output_padding_h - 2 * padding_h;
  size_t out_w = (width - 1) * stride_w + kernel_w + output_padding_w - 2 * padding_w;
  size_t volume = out_d * out_h * out_w;
  size_t conv_count = batch_size * out_channels * volume;
  size_t pooled_count = batch_size * out_channels * (out_d / 2) * (out_h / 2) * (out_w / 2);

  float* y;
  cudaMalloc(&y, conv_count * sizeof(float));
  dim3 conv_grid(static_cast<unsigned>((volume + kThreads - 1) / kThreads), static_cast<unsigned>(out_channels),
                 static_cast<unsigned>(batch_size));
  conv_transpose3d_add<<<conv_grid, kThreads>>>(
      input, kernel, y, static_cast<int>(in_channels), static_cast<int>(out_channels), static_cast<int>(depth),
      static_cast<int>(height), static_cast<int>(width), static_cast<int>(kernel_d), static_cast<int>(kernel_h),
      static_cast<int>(kernel_w), static_cast<int>(stride_d), static_cast<int>(stride_h), static_cast<int>(stride_w),
      static_cast<int>(padding_d), static_cast<int>(padding_h), static_cast<int>(padding_w), static_cast<int>(out_d),
      static_cast<int>(out_h), static_cast<int>(out_w), static_cast<float>(sum_weight));
  layernorm_channels<<<grid_for(batch_size * volume), kThreads>>>(y, batch_size, out_channels, volume);
  avgpool_gelu<<<grid_for(pooled_count), kThreads>>>(y, output, batch_size * out_channels, out_d, out_h, out_w,
                                                     out_d / 2, out_h / 2, out_w / 2);
  cudaFree(y);
}
