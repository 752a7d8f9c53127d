// Max pooling of an (H, W) matrix with the same kernel_size, stride, padding
// and dilation on both axes (padding never wins the max).
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/pooling.h"

namespace problems {
namespace {

class MaxPool2d : public PoolingProblem {
 public:
  MaxPool2d() : PoolingProblem(PoolKind::kMax, {"H", "W"}) {}

  // Tensara's count: kernel_size^2 - 1 comparisons per window, over the
  // windows an undilated kernel would give (its formula leaves dilation out).
  double flops(const judge::ScalarArgs& args) const override {
    const PoolGeometry g = geometry(args);
    return undilated_window_count(g) * (window_taps(g) - 1);
  }
  std::string flop_formula() const override {
    return "((H + 2p - k) / s + 1) * ((W + 2p - k) / s + 1) * (k^2 - 1) (integer division; Tensara's "
           "count: one comparison per tap after the first, dilation left out)";
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("max-pool-2d", problems::MaxPool2d);
