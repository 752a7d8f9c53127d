// Exact direct convolution (cross-correlation, the kernel not flipped) of one
// single-channel signal, image or volume with one kernel, stride 1, zero
// padding, in double: the core of the conv-1d / conv-2d / conv-square-3d
// family. A 1-D problem uses depth = height = 1, a 2-D one depth = 1.
//
// Method: each output row (fixed depth and height) is split into chunks of
// consecutive elements; a chunk is one parallel_for item, so a single long
// 1-D signal spreads over every thread as well as a tall image does. Within a
// chunk, every kernel tap adds weight * (shifted input row) to a double
// accumulator, a loop the compiler vectorises; taps that fall in the padding
// are skipped, never multiplied by a stored zero.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "judge/problem/definition.h"

namespace problems {

// Axis order everywhere: depth, height, width.
struct ConvolutionGeometry {
  std::array<int64_t, 3> in_size{1, 1, 1};
  std::array<int64_t, 3> kernel{1, 1, 1};
  // Zeros added before the first and after the last element of each axis.
  std::array<int64_t, 3> padding{0, 0, 0};

  // in + 2 * padding - kernel + 1 (at least 0)
  int64_t out_size(int axis) const;
  int64_t out_volume() const { return out_size(0) * out_size(1) * out_size(2); }
};

// The "same" geometry of the family: kernel extents odd, padding
// (kernel - 1) / 2 on each axis, so the output has the input's size and
// the kernel's centre tap sits on the output position.
ConvolutionGeometry same_convolution(const std::array<int64_t, 3>& in_size,
                                     const std::array<int64_t, 3>& kernel);

// validate() for a centred kernel: reads the size_t parameters `extent_name`
// (at least 2) and `kernel_name`, which must be odd and smaller than the
// extent (the family's promise, from upstream); throws judge::InvalidCase
// naming the parameter otherwise. Returns the kernel extent.
int64_t centred_kernel_extent(const judge::ScalarArgs& args, const std::string& kernel_name,
                              const std::string& extent_name);

// Receives `count` consecutive output elements starting at flat (row-major)
// index `first`, in double. Called from worker threads, each element once.
using ConvolutionSink = std::function<void(int64_t first, int64_t count, const double* values)>;

// out[d][h][w] = sum over taps (a, b, c) of
//   kernel[a][b][c] * input[d + a - pd][h + b - ph][w + c - pw]
// where an input index outside [0, in) reads as zero. Input and kernel are
// row-major float; every product and sum is in double.
void convolve(const ConvolutionGeometry& geometry, const float* input, const float* kernel,
              const ConvolutionSink& sink);

// The common case: each element rounded once to float into `output`.
void convolve_to_float(const ConvolutionGeometry& geometry, const float* input, const float* kernel,
                       float* output);

}  // namespace problems
