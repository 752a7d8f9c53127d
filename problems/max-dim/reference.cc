// Max over one dimension (values only, keepdim) of a tensor whose shape is a
// literal size_t array given by the case, as sum-dim's.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/reduction_shape.h"

namespace problems {
namespace {

class MaxDim : public DimReduction {
 public:
  double flops(const judge::ScalarArgs& args) const override { return per_line_tail_flops(args); }
  std::string flop_formula() const override {
    return "prod(shape) / shape[dim] * (shape[dim] - 1) (one comparison per element after the first of each line)";
  }

 protected:
  float reduce_line(const float* x, int64_t stride, int64_t count) const override {
    return fold_line(x, stride, count, [](float best, float v) { return v > best ? v : best; });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("max-dim", problems::MaxDim);
