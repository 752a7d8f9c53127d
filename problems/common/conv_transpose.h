// Exact transposed convolution (a.k.a. fractionally-strided convolution) of
// one sample, in double, for up to three spatial axes (a 2-D problem uses
// depth 1), with groups, stride, padding, output_padding and dilation.
//
// Method: per group, a GEMM  columns(C_out_g * K_vol, positions) =
// kernel_g^T (C_out_g * K_vol, C_in_g) x input_g (C_in_g, positions), then a
// scatter-add ("col2im") of every column entry to the output element its tap
// lands on. The GEMM is Eigen's (double, AVX2/FMA), the scatter costs 1/C_in_g
// of the GEMM. Input positions are processed in chunks of whole input rows so
// the column buffer stays a few MiB even for the 3-D problem.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace problems {

// Axis order everywhere: depth, height, width.
struct ConvTransposeGeometry {
  int64_t in_channels = 1;
  int64_t out_channels = 1;
  int64_t groups = 1;
  std::array<int64_t, 3> in_size{1, 1, 1};
  std::array<int64_t, 3> kernel{1, 1, 1};
  std::array<int64_t, 3> stride{1, 1, 1};
  std::array<int64_t, 3> padding{0, 0, 0};
  std::array<int64_t, 3> output_padding{0, 0, 0};
  std::array<int64_t, 3> dilation{1, 1, 1};

  // (in - 1) * stride - 2 * padding + dilation * (kernel - 1) + output_padding + 1
  int64_t out_size(int axis) const;
  int64_t in_volume() const { return in_size[0] * in_size[1] * in_size[2]; }
  int64_t out_volume() const { return out_size(0) * out_size(1) * out_size(2); }
  int64_t kernel_volume() const { return kernel[0] * kernel[1] * kernel[2]; }

  // Number of (input position, kernel tap) pairs whose tap lands inside the
  // output, i.e. 0 <= i * stride - padding + k * dilation < out on every
  // axis. The count is separable: the product over axes of the per-axis
  // counts. Multiply-adds of one sample = this * C_out * C_in / groups.
  int64_t contributing_pairs() const;
  // Multiply-adds of one sample (taps that fall in the padding do no work).
  double multiply_adds_per_sample() const;
};

class ConvTranspose {
 public:
  // `kernel` has shape (C_in, C_out / groups, K_d, K_h, K_w), float32; it is
  // converted to double once here.
  ConvTranspose(const ConvTransposeGeometry& geometry, const float* kernel);

  // Overwrites `output` (C_out, D_out, H_out, W_out) with the transposed
  // convolution of `input` (C_in, D, H, W), one sample. Thread-safe: callers
  // run several samples at once. Uses scratch_buffer slots 6 and 7.
  void run_sample(const float* input, double* output) const;

  const ConvTransposeGeometry& geometry() const { return m_geometry; }

 private:
  void scatter_columns(int64_t group, const double* columns, int64_t column_stride,
                       int64_t first_row, int64_t row_count, double* output) const;

  ConvTransposeGeometry m_geometry;
  // Per group: (C_out_g * K_vol) x C_in_g, row-major.
  std::vector<std::vector<double>> m_kernel_t;
};

}  // namespace problems
