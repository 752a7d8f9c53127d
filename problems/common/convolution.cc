#include "problems/common/convolution.h"

#include <algorithm>
#include <vector>

#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

// Output elements per parallel item: long enough to amortise the per-tap
// bookkeeping, short enough that a 1-D signal yields many items.
constexpr int64_t kChunk = 4096;

// scratch_buffer slot this file uses.
constexpr int kAccumulatorSlot = 5;

}  // namespace

int64_t ConvolutionGeometry::out_size(int axis) const {
  return std::max<int64_t>(0, in_size[axis] + 2 * padding[axis] - kernel[axis] + 1);
}

ConvolutionGeometry same_convolution(const std::array<int64_t, 3>& in_size,
                                     const std::array<int64_t, 3>& kernel) {
  ConvolutionGeometry geometry;
  geometry.in_size = in_size;
  geometry.kernel = kernel;
  for (int axis = 0; axis < 3; ++axis) geometry.padding[axis] = (kernel[axis] - 1) / 2;
  return geometry;
}

int64_t centred_kernel_extent(const judge::ScalarArgs& args, const std::string& kernel_name,
                              const std::string& extent_name) {
  const int64_t extent = size_at_least(args, extent_name, 2);
  const int64_t kernel = size_at_least(args, kernel_name, 1);
  require(kernel % 2 == 1, kernel_name + " = " + std::to_string(kernel) + " must be odd (the kernel is centred)");
  require(kernel < extent, kernel_name + " = " + std::to_string(kernel) + " must be smaller than " + extent_name +
                               " = " + std::to_string(extent));
  return kernel;
}

void convolve(const ConvolutionGeometry& geometry, const float* input, const float* kernel,
              const ConvolutionSink& sink) {
  const int64_t out_d = geometry.out_size(0), out_h = geometry.out_size(1), out_w = geometry.out_size(2);
  if (out_d * out_h * out_w == 0) return;
  const int64_t in_d = geometry.in_size[0], in_h = geometry.in_size[1], in_w = geometry.in_size[2];
  const int64_t k_d = geometry.kernel[0], k_h = geometry.kernel[1], k_w = geometry.kernel[2];
  const int64_t p_d = geometry.padding[0], p_h = geometry.padding[1], p_w = geometry.padding[2];
  std::vector<double> weights(kernel, kernel + k_d * k_h * k_w);

  const int64_t chunks_per_row = (out_w + kChunk - 1) / kChunk;
  parallel_for(out_d * out_h * chunks_per_row, [&](int64_t item) {
    const int64_t row = item / chunks_per_row;  // d * out_h + h
    const int64_t od = row / out_h, oh = row % out_h;
    const int64_t w_first = (item % chunks_per_row) * kChunk;
    const int64_t width = std::min(kChunk, out_w - w_first);
    double* sum = scratch_buffer(kAccumulatorSlot, width);
    std::fill(sum, sum + width, 0.0);
    for (int64_t a = 0; a < k_d; ++a) {
      const int64_t id = od + a - p_d;
      if (id < 0 || id >= in_d) continue;
      for (int64_t b = 0; b < k_h; ++b) {
        const int64_t ih = oh + b - p_h;
        if (ih < 0 || ih >= in_h) continue;
        const float* in_row = input + (id * in_h + ih) * in_w;
        const double* tap_row = weights.data() + (a * k_h + b) * k_w;
        for (int64_t c = 0; c < k_w; ++c) {
          // Output w reads input w + c - p_w: keep 0 <= w + c - p_w < in_w.
          const int64_t shift = c - p_w;
          const int64_t lo = std::clamp<int64_t>(-shift, w_first, w_first + width);
          const int64_t hi = std::clamp<int64_t>(in_w - shift, lo, w_first + width);
          const double weight = tap_row[c];
          for (int64_t w = lo; w < hi; ++w) sum[w - w_first] += weight * static_cast<double>(in_row[w + shift]);
        }
      }
    }
    sink(row * out_w + w_first, width, sum);
  });
}

void convolve_to_float(const ConvolutionGeometry& geometry, const float* input, const float* kernel,
                       float* output) {
  convolve(geometry, input, kernel, [&](int64_t first, int64_t count, const double* values) {
    for (int64_t i = 0; i < count; ++i) output[first + i] = static_cast<float>(values[i]);
  });
}

}  // namespace problems
