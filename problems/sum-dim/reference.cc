// Sum over one dimension of a tensor whose shape is a literal size_t array
// given by the case (and passed to the solution as a device array). The
// tensor is (outer, extent, inner) around the summed dimension; each output
// element is one double sum over `extent` strided values.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/reduction_shape.h"

namespace problems {
namespace {

class SumDim : public DimReduction {
 public:
  double flops(const judge::ScalarArgs& args) const override { return per_line_tail_flops(args); }
  std::string flop_formula() const override {
    return "prod(shape) / shape[dim] * (shape[dim] - 1) (one addition per element after the first of each line)";
  }

 protected:
  float reduce_line(const float* x, int64_t stride, int64_t count) const override {
    double sum = 0;
    for (int64_t k = 0; k < count; ++k) sum += x[k * stride];
    return static_cast<float>(sum);
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("sum-dim", problems::SumDim);
