// KNOWN WRONG: the last row of every output plane is never written.
//
// The GroupNorm step runs one thread per output column and loops over rows with
// `row + 1 < pool_h`, a bound copied from a stencil that reads row + 1. The last row
// of each (n, c) plane keeps the zeros the judge fills outputs with before the call.
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

// Sum of `value` over the block (blockDim.x == kThreads); every thread gets the total.
__device__ double block_sum(double value, double* scratch) {
  scratch[threadIdx.x] = value;
  __syncthreads();
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) scratch[threadIdx.x] += scratch[threadIdx.x + stride];
    __syncthreads();
  }
  double total = scratch[0];
  __syncthreads();  // scratch is reused by the caller's next block_sum
  return total;
}

// Mean and 1/sqrt(biased variance + eps) of one segment per block. Segment s is
// `chunks` runs of `chunk_len` contiguous floats starting at s * segment_offset,
// `chunk_stride` apart: a BatchNorm channel is B runs of one plane, a GroupNorm
// group is one run of (channels per group) planes.
__global__ void segment_statistics(const float* x, size_t segment_offset, size_t chunks, size_t chunk_len,
                                   size_t chunk_stride, float* mean_out, float* rstd_out) {
  __shared__ double scratch[kThreads];
  const float* base = x + blockIdx.x * segment_offset;
  size_t count = chunks * chunk_len;
  double sum = 0.0;
  for (size_t i = threadIdx.x; i < count; i += blockDim.x) sum += base[(i / chunk_len) * chunk_stride + i % chunk_len];
  double mean = block_sum(sum, scratch) / static_cast<double>(count);
  double squares = 0.0;
  for (size_t i = threadIdx.x; i < count; i += blockDim.x) {
    double d = base[(i / chunk_len) * chunk_stride + i % chunk_len] - mean;
    squares += d * d;
  }
  double variance = block_sum(squares, scratch) / static_cast<double>(count);
  if (threadIdx.x == 0) {
    mean_out[blockIdx.x] = static_cast<float>(mean);
    rstd_out[blockIdx.x] = static_cast<float>(1.0 / sqrt(variance + kEps));
  }
}

// y[n, co, oy, ox] = sum over ci, ky, kx with oy = iy * stride_h - padding_h + ky (same for x)
// of input[n, ci, iy, ix] * kernel[ci, co, ky, kx].
__global__ void conv_transpose2d(const float* input, const float* kernel, float* y, size_t batch, size_t in_channels,
                                 size_t out_channels, size_t height, size_t width, size_t kernel_h, size_t kernel_w,
                                 size_t stride_h, size_t stride_w, size_t padding_h, size_t padding_w, size_t out_h,
                                 size_t out_w) {
  size_t total = batch * out_channels * out_h * out_w;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    size_t ox = i % out_w, oy = (i / out_w) % out_h, co = (i / (out_w * out_h)) % out_channels;
    size_t n = i / (out_w * out_h * out_channels);
    float acc = 0.0f;
    for (size_t ci = 0; ci < in_channels; ++ci) {
      for (size_t ky = 0; ky < kernel_h; ++ky) {
        long long ty = static_cast<long long>(oy + padding_h) - static_cast<long long>(ky);
        if (ty < 0 || ty % static_cast<long long>(stride_h) != 0) continue;
        size_t iy = static_cast<size_t>(ty) / stride_h;
        if (iy >= height) continue;
        for (size_t kx = 0; kx < kernel_w; ++kx) {
          long long tx = static_cast<long long>(ox + padding_w) - static_cast<long long>(kx);
          if (tx < 0 || tx % static_cast<long long>(stride_w) != 0) continue;
          size_t ix = static_cast<size_t>(tx) / stride_w;
          if (ix >= width) continue;
          acc += input[((n * in_channels + ci) * height + iy) * width + ix] *
                 kernel[((ci * out_channels + co) * kernel_h + ky) * kernel_w + kx];
        }
      }
    }
    y[i] = acc;
  }
}

// pooled[n, c, py, px] = max over the 2x2 window of tanh(batchnorm(y)).
__global__ void batchnorm_tanh_maxpool(const float* y, const float* mean, const float* rstd, const float* bn_weight,
                                       const float* bn_bias, float* pooled, size_t batch, size_t channels, size_t in_h,
                                       size_t in_w, size_t pool_h, size_t pool_w) {
  size_t total = batch * channels * pool_h * pool_w;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    size_t px = i % pool_w, py = (i / pool_w) % pool_h, plane = i / (pool_w * pool_h);
    size_t c = plane % channels;
    float best = -INFINITY;
    for (size_t dy = 0; dy < 2; ++dy) {
      for (size_t dx = 0; dx < 2; ++dx) {
        float v = y[(plane * in_h + 2 * py + dy) * in_w + 2 * px + dx];
        best = fmaxf(best, tanhf((v - mean[c]) * rstd[c] * bn_weight[c] + bn_bias[c]));
      }
    }
    pooled[i] = best;
  }
}

// One thread per (n, c, column); each walks down its column.
__global__ void groupnorm_apply(const float* x, const float* mean, const float* rstd, const float* weight,
                                const float* bias, float* out, size_t batch, size_t channels, size_t pool_h,
                                size_t pool_w, size_t channels_per_group) {
  size_t total = batch * channels * pool_w;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    size_t nc = i / pool_w, column = i % pool_w, c = nc % channels, segment = nc / channels_per_group;
    for (size_t row = 0; row + 1 < pool_h; ++row) {
      size_t at = (nc * pool_h + row) * pool_w + column;
      out[at] = (x[at] - mean[segment]) * rstd[segment] * weight[c] + bias[c];
    }
  }
}

}  // namespace

extern "C" void solution(const float* input, const float* kernel, const float* bn_weight, const float* bn_bias,
                         const float* gn_weight, const float* gn_bias, float* output, size_t batch_size,
                         size_t in_channels, size_t out_channels, size_t height, size_t width, size_t kernel_h,
                         size_t kernel_w, size_t stride_h, size_t stride_w, size_t padding_h, size_t padding_w,
                         size_t output_padding_h, size_t output_padding_w, size_t groups, size_t num_groups) {
  (void)groups;  // the convolution is ungrouped in this problem
  size_t out_h = (height - 1) * stride_h + kernel_h + output_padding_h - 2 * padding_h;
  size_t out_w = (width - 1) * stride_w + kernel_w + output_padding_w - 2 * padding_w;
  size_t pool_h = out_h / 2, pool_w = out_w / 2;
  size_t conv_count = batch_size * out_channels * out_h * out_w;
  size_t pooled_count = batch_size * out_channels * pool_h * pool_w;
  size_t channels_per_group = out_channels / num_groups;

  float *y, *pooled, *bn_mean, *bn_rstd, *gn_mean, *gn_rstd;
  cudaMalloc(&y, conv_count * sizeof(float));
  cudaMalloc(&pooled, pooled_count * sizeof(float));
  cudaMalloc(&bn_mean, out_channels * sizeof(float));
  cudaMalloc(&bn_rstd, out_channels * sizeof(float));
  cudaMalloc(&gn_mean, batch_size * num_groups * sizeof(float));
  cudaMalloc(&gn_rstd, batch_size * num_groups * sizeof(float));

  conv_transpose2d<<<grid_for(conv_count), kThreads>>>(input, kernel, y, batch_size, in_channels, out_channels, height,
                                                       width, kernel_h, kernel_w, stride_h, stride_w, padding_h,
                                                       padding_w, out_h, out_w);
  segment_statistics<<<static_cast<unsigned>(out_channels), kThreads>>>(
      y, out_h * out_w, batch_size, out_h * out_w, out_channels * out_h * out_w, bn_mean, bn_rstd);
  batchnorm_tanh_maxpool<<<grid_for(pooled_count), kThreads>>>(y, bn_mean, bn_rstd, bn_weight, bn_bias, pooled,
                                                                batch_size, out_channels, out_h, out_w, pool_h, pool_w);
  size_t group_len = channels_per_group * pool_h * pool_w;
  segment_statistics<<<static_cast<unsigned>(batch_size * num_groups), kThreads>>>(pooled, group_len, 1, group_len,
                                                                                   group_len, gn_mean, gn_rstd);
  groupnorm_apply<<<grid_for(batch_size * out_channels * pool_w), kThreads>>>(
      pooled, gn_mean, gn_rstd, gn_weight, gn_bias, output, batch_size, out_channels, pool_h, pool_w,
      channels_per_group);

  cudaFree(y);
  cudaFree(pooled);
  cudaFree(bn_mean);
  cudaFree(bn_rstd);
  cudaFree(gn_mean);
  cudaFree(gn_rstd);
}
