#include "problems/common/conv_transpose.h"

#include <Eigen/Core>
#include <algorithm>
#include <cstring>

#include "problems/common/parallel.h"

namespace problems {
namespace {

using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Column buffer budget, in doubles (8 MiB): large enough for an efficient
// GEMM, small enough to stay near the caches and to run one per thread.
constexpr int64_t kColumnBudget = int64_t{1} << 20;

// scratch_buffer slots this file uses (documented in the header).
constexpr int kColumnsSlot = 6;
constexpr int kInputChunkSlot = 7;

// Range of input indices i with 0 <= i * stride + offset < out_extent, as
// [first, last).
std::pair<int64_t, int64_t> landing_range(int64_t in_extent, int64_t stride, int64_t offset,
                                          int64_t out_extent) {
  // smallest i with i * stride + offset >= 0
  int64_t first = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
  // largest i with i * stride + offset <= out_extent - 1
  int64_t top = out_extent - 1 - offset;
  int64_t last = top < 0 ? 0 : top / stride + 1;
  first = std::min(first, in_extent);
  last = std::clamp(last, first, in_extent);
  return {first, last};
}

}  // namespace

int64_t ConvTransposeGeometry::out_size(int axis) const {
  return (in_size[axis] - 1) * stride[axis] - 2 * padding[axis] +
         dilation[axis] * (kernel[axis] - 1) + output_padding[axis] + 1;
}

int64_t ConvTransposeGeometry::contributing_pairs() const {
  int64_t pairs = 1;
  for (int axis = 0; axis < 3; ++axis) {
    int64_t axis_pairs = 0;
    for (int64_t k = 0; k < kernel[axis]; ++k) {
      auto [first, last] = landing_range(in_size[axis], stride[axis],
                                         k * dilation[axis] - padding[axis], out_size(axis));
      axis_pairs += last - first;
    }
    pairs *= axis_pairs;
  }
  return pairs;
}

double ConvTransposeGeometry::multiply_adds_per_sample() const {
  return static_cast<double>(contributing_pairs()) * static_cast<double>(out_channels) *
         static_cast<double>(in_channels / groups);
}

ConvTranspose::ConvTranspose(const ConvTransposeGeometry& geometry, const float* kernel)
    : m_geometry(geometry) {
  const int64_t in_g = geometry.in_channels / geometry.groups;
  const int64_t out_g = geometry.out_channels / geometry.groups;
  const int64_t kvol = geometry.kernel_volume();
  const int64_t rows = out_g * kvol;
  m_kernel_t.resize(geometry.groups);
  for (int64_t g = 0; g < geometry.groups; ++g) {
    auto& transposed = m_kernel_t[g];
    transposed.resize(rows * in_g);
    // kernel[(g * in_g + ci), r] with r = (co_g, kd, kh, kw) -> transposed[r, ci]
    for (int64_t ci = 0; ci < in_g; ++ci) {
      const float* source = kernel + (g * in_g + ci) * rows;
      for (int64_t r = 0; r < rows; ++r) transposed[r * in_g + ci] = source[r];
    }
  }
}

void ConvTranspose::run_sample(const float* input, double* output) const {
  const auto& geo = m_geometry;
  const int64_t in_g = geo.in_channels / geo.groups;
  const int64_t out_g = geo.out_channels / geo.groups;
  const int64_t rows = out_g * geo.kernel_volume();
  const int64_t row_length = geo.in_size[2];  // one input row (fixed d, h)
  const int64_t input_rows = geo.in_size[0] * geo.in_size[1];
  const int64_t positions = geo.in_volume();
  const int64_t chunk_rows =
      std::clamp<int64_t>(kColumnBudget / std::max<int64_t>(1, rows * row_length), 1, input_rows);

  std::memset(output, 0, sizeof(double) * geo.out_channels * geo.out_volume());
  const int64_t chunk_capacity = chunk_rows * row_length;
  double* columns = scratch_buffer(kColumnsSlot, rows * chunk_capacity);
  double* input_chunk = scratch_buffer(kInputChunkSlot, in_g * chunk_capacity);

  for (int64_t g = 0; g < geo.groups; ++g) {
    Eigen::Map<const RowMajorMatrix> kernel_t(m_kernel_t[g].data(), rows, in_g);
    const float* input_g = input + g * in_g * positions;
    for (int64_t first_row = 0; first_row < input_rows; first_row += chunk_rows) {
      const int64_t row_count = std::min(chunk_rows, input_rows - first_row);
      const int64_t width = row_count * row_length;
      for (int64_t ci = 0; ci < in_g; ++ci) {
        const float* source = input_g + ci * positions + first_row * row_length;
        double* target = input_chunk + ci * chunk_capacity;
        for (int64_t p = 0; p < width; ++p) target[p] = source[p];
      }
      Eigen::Map<RowMajorMatrix, 0, Eigen::OuterStride<>> column_view(
          columns, rows, width, Eigen::OuterStride<>(chunk_capacity));
      Eigen::Map<const RowMajorMatrix, 0, Eigen::OuterStride<>> input_view(
          input_chunk, in_g, width, Eigen::OuterStride<>(chunk_capacity));
      column_view.noalias() = kernel_t * input_view;
      scatter_columns(g, columns, chunk_capacity, first_row, row_count, output);
    }
  }
}

// Adds columns[(co_g, kd, kh, kw), position] to the output element the tap
// lands on. `first_row` is the first input (d, h) row of the chunk.
void ConvTranspose::scatter_columns(int64_t group, const double* columns, int64_t column_stride,
                                    int64_t first_row, int64_t row_count, double* output) const {
  const auto& geo = m_geometry;
  const int64_t out_g = geo.out_channels / geo.groups;
  const int64_t out_d = geo.out_size(0), out_h = geo.out_size(1), out_w = geo.out_size(2);
  const int64_t in_h = geo.in_size[1], in_w = geo.in_size[2];
  const int64_t sw = geo.stride[2];

  int64_t row = 0;
  for (int64_t co = 0; co < out_g; ++co) {
    double* plane = output + (group * out_g + co) * out_d * out_h * out_w;
    for (int64_t kd = 0; kd < geo.kernel[0]; ++kd) {
      for (int64_t kh = 0; kh < geo.kernel[1]; ++kh) {
        for (int64_t kw = 0; kw < geo.kernel[2]; ++kw, ++row) {
          const double* column_row = columns + row * column_stride;
          const int64_t w_offset = kw * geo.dilation[2] - geo.padding[2];
          auto [iw_first, iw_last] = landing_range(in_w, sw, w_offset, out_w);
          for (int64_t r = 0; r < row_count; ++r) {
            const int64_t id = (first_row + r) / in_h;
            const int64_t ih = (first_row + r) % in_h;
            const int64_t od = id * geo.stride[0] - geo.padding[0] + kd * geo.dilation[0];
            const int64_t oh = ih * geo.stride[1] - geo.padding[1] + kh * geo.dilation[1];
            if (od < 0 || od >= out_d || oh < 0 || oh >= out_h) continue;
            double* out_row = plane + (od * out_h + oh) * out_w;
            const double* source = column_row + r * in_w;
            for (int64_t iw = iw_first; iw < iw_last; ++iw) out_row[iw * sw + w_offset] += source[iw];
          }
        }
      }
    }
  }
}

}  // namespace problems
