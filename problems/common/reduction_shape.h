// The shape of a reduction over one dimension, as Tensara's *-dim problems
// pass it: a literal `shape` array (the case's `params: {shape: [...]}`),
// `ndim` and `dim`. validate() of such a problem is reduction_shape(args).
// DimReduction is the whole definition of a float reduction over one
// dimension with keepdim output (sum-dim, mean-dim, max-dim, ...), so such a
// problem is its reduction of one line and its FLOP count (DimExtremum is
// max-dim and min-dim whole); DimIndexReduction is the same for Tensara's
// argmax/argmin (an int32 index per line, the reduced dimension dropped).
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

// Max-dim and min-dim: each line folded to its largest (smallest) value, a
// later value replacing the kept one only when strictly larger (smaller).
// FLOPs: per_line_tail_flops, one comparison per element after the first.
enum class Extremum { kMax, kMin };

class DimExtremum : public DimReduction {
 public:
  explicit DimExtremum(Extremum extremum) : m_extremum(extremum) {}

  double flops(const judge::ScalarArgs& args) const override { return per_line_tail_flops(args); }
  std::string flop_formula() const override {
    return "prod(shape) / shape[dim] * (shape[dim] - 1) (one comparison per element after the first of each line)";
  }

 protected:
  float reduce_line(const float* x, int64_t stride, int64_t count) const override;

 private:
  Extremum m_extremum;
};

// The index of the value a line reduces to, over one dimension, with
// Tensara's ABI (const float* input, int dim, int* output, const int* shape,
// int ndim), ndim >= 2: the output (int32, compared exactly) has the input's
// shape without dimension `dim`. The reference picks each line's index on
// the reference threads; a subclass supplies the pick and the FLOP count.
class DimIndexReduction : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override;
  void validate(const judge::ScalarArgs& args) const override;
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override;
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;

 protected:
  // The chosen k in [0, count) of the values x[0], x[stride], ...,
  // x[(count - 1) * stride].
  virtual int64_t pick_line(const float* x, int64_t stride, int64_t count) const = 0;
};

// The first k whose x[k * stride] is preferred to every earlier value:
// prefer(candidate, best) must be strict, so the first of equal values stays.
template <typename Prefer>
int64_t first_preferred_index(const float* x, int64_t stride, int64_t count, Prefer prefer) {
  int64_t best = 0;
  for (int64_t k = 1; k < count; ++k) {
    if (prefer(x[k * stride], x[best * stride])) best = k;
  }
  return best;
}

}  // namespace problems
