// The shape of a reduction over one dimension, as Tensara's *-dim problems
// pass it: a literal `shape` array (the case's `params: {shape: [...]}`),
// `ndim` and `dim`. validate() of such a problem is reduction_shape(args).
// DimReduction is the whole definition of a float reduction over one
// dimension with keepdim output (sum-dim, mean-dim, max-dim, ...), so such a
// problem is its reduction of one line and its FLOP count.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/definition.h"

namespace problems {

// The tensor seen as (outer, extent, inner) around dimension `dim`.
struct ReductionShape {
  judge::Shape extents;  // the `shape` array
  int64_t dim = 0;
  int64_t outer = 1, extent = 1, inner = 1;
};

inline constexpr int64_t kMaxReductionRank = 8;

// Reads and checks `shape` (given, length `ndim`, every extent >= 1),
// `ndim` (1 to kMaxReductionRank) and `dim` (0 <= dim < ndim). Throws
// judge::InvalidCase naming the parameter and the rule.
ReductionShape reduction_shape(const judge::ScalarArgs& args);

// A reduction over dimension `dim` with Tensara's ABI (const float* input,
// int dim, float* output, const size_t* shape, size_t ndim): the output has
// the input's shape with extent 1 at `dim`. The reference reduces each line
// (outer, *, inner) on the reference threads; a subclass supplies that
// reduction and the FLOP count.
class DimReduction : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override;
  void validate(const judge::ScalarArgs& args) const override { reduction_shape(args); }
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override;
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;

 protected:
  // The output value of the `count` (>= 1) values x[0], x[stride], ...,
  // x[(count - 1) * stride].
  virtual float reduce_line(const float* x, int64_t stride, int64_t count) const = 0;
};

// prod(shape) / shape[dim] * (shape[dim] - 1): one operation per element
// after the first of each line.
double per_line_tail_flops(const judge::ScalarArgs& args);

// x[0] combined with x[stride], ..., x[(count - 1) * stride] in order:
// acc = combine(acc, x[k * stride]).
template <typename Combine>
float fold_line(const float* x, int64_t stride, int64_t count, Combine combine) {
  float acc = x[0];
  for (int64_t k = 1; k < count; ++k) acc = combine(acc, x[k * stride]);
  return acc;
}

}  // namespace problems
