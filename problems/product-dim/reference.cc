// Product over one dimension (keepdim, in double) of a tensor whose shape is a
// literal size_t array given by the case, as sum-dim's.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/reduction_shape.h"

namespace problems {
namespace {

class ProductDim : public DimReduction {
 public:
  double flops(const judge::ScalarArgs& args) const override { return per_line_tail_flops(args); }
  std::string flop_formula() const override {
    return "prod(shape) / shape[dim] * (shape[dim] - 1) (one multiplication per element after the first of each line)";
  }

 protected:
  float reduce_line(const float* x, int64_t stride, int64_t count) const override {
    double product = 1;
    for (int64_t k = 0; k < count; ++k) product *= x[k * stride];
    return static_cast<float>(product);
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("product-dim", problems::ProductDim);
