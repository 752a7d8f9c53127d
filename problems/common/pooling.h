// Max and average pooling over 1 to 3 spatial axes of a single, contiguous
// row-major float32 tensor (no batch, no channels), shared by the references
// of the pooling family (max-pool-1d/2d/3d, avg-pool-1d/2d/3d). Every axis
// uses the same kernel_size, stride, padding and dilation, as in Tensara's
// problems; floor mode (a window that would run past the padded end is
// dropped).
//
// Max pooling treats padding as minus infinity (it never wins); average
// pooling counts padded positions as zeros in the divisor
// (count_include_pad), so every window divides by kernel_size^axes. Not the
// max-pool of normalization.h, which is the fused problems' window = stride
// variant on channel-major double data. PoolingProblem is the whole
// definition of such a problem but for its FLOP count (Tensara's counts differ
// from problem to problem).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/definition.h"

namespace problems {

enum class PoolKind { kMax, kAverage };

struct PoolGeometry {
  int64_t kernel = 1;
  int64_t stride = 1;
  int64_t padding = 0;
  int64_t dilation = 1;          // 1 for average pooling, which has no dilation
  std::vector<int64_t> in;       // input extents, outermost first
  std::vector<int64_t> out;      // output extents, outermost first
};

// Output extent along one axis: floor((in + 2 * padding - dilation * (kernel - 1) - 1) / stride) + 1,
// or a value below 1 when not even one window fits.
int64_t pooled_extent(int64_t in, int64_t kernel, int64_t stride, int64_t padding, int64_t dilation);

// Reads and checks kernel_size, stride, padding, dilation (only when
// `has_dilation`) and the extents named `extent_names` (outermost first).
// Throws judge::InvalidCase naming the parameter: sizes, kernel_size,
// stride, dilation below 1; padding below 0 or above kernel_size / 2 (the
// framework rule, which also guarantees every window covers at least one
// input element); an extent too small for one window.
PoolGeometry pool_geometry(const judge::ScalarArgs& args, const std::vector<std::string>& extent_names,
                           bool has_dilation);

// Pools `input` (shape geometry.in) into `output` (shape geometry.out), in
// double, each output rounded once to float32. Multi-threaded.
void pool(PoolKind kind, const PoolGeometry& geometry, const float* input, float* output);

// A pooling problem with Tensara's ABI: (const float* input, int kernel_size,
// int stride, int padding[, int dilation], float* output, size_t extent...),
// dilation for max pooling only. A subclass supplies the FLOP count.
class PoolingProblem : public judge::ProblemDefinition {
 public:
  // `extents`: the size parameters, outermost first ({"H", "W"}).
  PoolingProblem(PoolKind kind, std::vector<std::string> extents) : m_kind(kind), m_extents(std::move(extents)) {}

  std::vector<ParameterDecl> parameters() const override;
  void validate(const judge::ScalarArgs& args) const override { geometry(args); }
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override;
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;

 protected:
  PoolGeometry geometry(const judge::ScalarArgs& args) const {
    return pool_geometry(args, m_extents, m_kind == PoolKind::kMax);
  }

 private:
  PoolKind m_kind;
  std::vector<std::string> m_extents;
};

// Windows an undilated kernel would give: the product over axes of
// pooled_extent(in, kernel, stride, padding, 1).
double undilated_window_count(const PoolGeometry& geometry);

// Product of the output extents, and kernel_size^axes.
double output_count(const PoolGeometry& geometry);
double window_taps(const PoolGeometry& geometry);

}  // namespace problems
