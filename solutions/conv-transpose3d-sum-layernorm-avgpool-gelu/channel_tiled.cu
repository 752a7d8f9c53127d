// author: judge maintainers
// title: channel-tiled transposed 3-D convolution, tap checks hoisted out of the channel loop
//
// ConvTranspose3d (no bias, dilation 1, ungrouped) -> + sum_weight -> LayerNorm over
// channels -> AvgPool 2x2x2 -> exact GELU, as default.cu, with the convolution (almost
// all of the work) reorganised for a GPU: each thread computes kChannelTile output
// channels of one voxel, reusing each input value it loads; the stride/padding test of
// a tap runs once per (kd, ky, kx) outside the input-channel loop, as in default.cu,
// and starts at the first tap of the right phase (at stride 2 seven of eight taps
// fail). The normalisation and pooling passes are default.cu's.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;
constexpr double kEps = 1e-5;
constexpr unsigned kChannelTile = 4;

// Grid for a grid-stride loop over `count` elements (capped: the loop covers the rest).
unsigned grid_for(size_t count) {
  return static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>((count + kThreads - 1) / kThreads, 65535)));
}

// y[n, co, od, oy, ox] = sum_weight + sum over taps landing on (od, oy, ox), ci of
// input[n, ci, id, iy, ix] * kernel[ci, co, kd, ky, kx], for kChannelTile consecutive co.
// Each tap is tested once, outside the input-channel loop, starting at the first tap
// of the right phase; every input value loaded serves kChannelTile output channels.
__global__ void conv_transpose3d_add_tiled(const float* __restrict__ input, const float* __restrict__ kernel,
                                           float* __restrict__ y, size_t batch, size_t in_channels,
                                           size_t out_channels, size_t depth, size_t height, size_t width,
                                           size_t kernel_d, size_t kernel_h, size_t kernel_w, size_t stride_d,
                                           size_t stride_h, size_t stride_w, size_t padding_d, size_t padding_h,
                                           size_t padding_w, size_t out_d, size_t out_h, size_t out_w,
                                           float sum_weight) {
  const size_t tiles = (out_channels + kChannelTile - 1) / kChannelTile;
  const size_t volume = out_d * out_h * out_w, in_volume = depth * height * width;
  const size_t taps = kernel_d * kernel_h * kernel_w;
  const size_t total = batch * tiles * volume;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    const size_t voxel = i % volume, tile = (i / volume) % tiles, n = i / (volume * tiles);
    const size_t ox = voxel % out_w, oy = (voxel / out_w) % out_h, od = voxel / (out_w * out_h);
    const size_t co0 = tile * kChannelTile;
    const size_t valid = min(static_cast<size_t>(kChannelTile), out_channels - co0);
    float acc[kChannelTile] = {};
    for (size_t kd = (od + padding_d) % stride_d; kd < kernel_d && kd <= od + padding_d; kd += stride_d) {
      const size_t id = (od + padding_d - kd) / stride_d;
      if (id >= depth) continue;
      for (size_t ky = (oy + padding_h) % stride_h; ky < kernel_h && ky <= oy + padding_h; ky += stride_h) {
        const size_t iy = (oy + padding_h - ky) / stride_h;
        if (iy >= height) continue;
        for (size_t kx = (ox + padding_w) % stride_w; kx < kernel_w && kx <= ox + padding_w; kx += stride_w) {
          const size_t ix = (ox + padding_w - kx) / stride_w;
          if (ix >= width) continue;
          const float* in = input + n * in_channels * in_volume + (id * height + iy) * width + ix;
          const float* tap = kernel + co0 * taps + (kd * kernel_h + ky) * kernel_w + kx;
          for (size_t ci = 0; ci < in_channels; ++ci) {
            const float v = in[ci * in_volume];
            const float* w = tap + ci * out_channels * taps;
#pragma unroll
            for (unsigned j = 0; j < kChannelTile; ++j) {
              if (j < valid) acc[j] += v * w[j * taps];
            }
          }
        }
      }
    }
#pragma unroll
    for (unsigned j = 0; j < kChannelTile; ++j) {
      if (j < valid) y[(n * out_channels + co0 + j) * volume + voxel] = acc[j] + sum_weight;
    }
  }
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
  const size_t tiles = (out_channels + kChannelTile - 1) / kChannelTile;
  conv_transpose3d_add_tiled<<<grid_for(batch_size * tiles * volume), kThreads>>>(
      input, kernel, y, batch_size, in_channels, out_channels, depth, height, width, kernel_d, kernel_h, kernel_w,
      stride_d, stride_h, stride_w, padding_d, padding_h, padding_w, out_d, out_h, out_w,
      static_cast<float>(sum_weight));
  layernorm_channels<<<grid_for(batch_size * volume), kThreads>>>(y, batch_size, out_channels, volume);
  avgpool_gelu<<<grid_for(pooled_count), kThreads>>>(y, output, batch_size * out_channels, out_d, out_h, out_w,
                                                     out_d / 2, out_h / 2, out_w / 2);
  cudaFree(y);
}
