// Argmax over one dimension, first index on ties; int32 output compared
// exactly. The shape is a literal int array given by the case (and passed
// to the solution as a device array), like sum-dim's.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/reduction_shape.h"

namespace problems {
namespace {

class Argmax : public DimIndexReduction {
 public:
  double flops(const judge::ScalarArgs& args) const override { return per_line_tail_flops(args); }
  std::string flop_formula() const override {
    return "prod(shape) / shape[dim] * (shape[dim] - 1) (one comparison per element after the first of each line)";
  }

 protected:
  int64_t pick_line(const float* x, int64_t stride, int64_t count) const override {
    return first_preferred_index(x, stride, count, [](float v, float best) { return v > best; });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("argmax", problems::Argmax);
