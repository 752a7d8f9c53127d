// Mean over one dimension (keepdim) of a tensor whose shape is a
// literal size_t array given by the case, as sum-dim's.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/reduction_shape.h"

namespace problems {
namespace {

class MeanDim : public DimReduction {
 public:
  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(judge::element_count(reduction_shape(args).extents));
  }
  std::string flop_formula() const override {
    return "prod(shape) (per output: shape[dim] - 1 additions and one division)";
  }

 protected:
  float reduce_line(const float* x, int64_t stride, int64_t count) const override {
    double sum = 0;
    for (int64_t k = 0; k < count; ++k) sum += x[k * stride];
    return static_cast<float>(sum / static_cast<double>(count));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("mean-dim", problems::MeanDim);
