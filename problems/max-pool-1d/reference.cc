// Max pooling of a vector of H floats: one kernel_size-tap window per output,
// with stride, dilation and padding (padding never wins the max).
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/pooling.h"

namespace problems {
namespace {

class MaxPool1d : public PoolingProblem {
 public:
  MaxPool1d() : PoolingProblem(PoolKind::kMax, {"H"}) {}

  // Tensara's count: kernel_size - 1 comparisons per output.
  double flops(const judge::ScalarArgs& args) const override {
    const PoolGeometry g = geometry(args);
    return static_cast<double>(g.out[0]) * static_cast<double>(g.kernel - 1);
  }
  std::string flop_formula() const override {
    return "H_out * (kernel_size - 1) (one comparison per window tap after the first)";
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("max-pool-1d", problems::MaxPool1d);
