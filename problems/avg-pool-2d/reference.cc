// Average pooling of an (H, W) matrix with the same kernel_size, stride and
// zero padding on both axes, each window sum divided by kernel_size^2
// (padded positions count, as zeros).
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/pooling.h"

namespace problems {
namespace {

class AvgPool2d : public PoolingProblem {
 public:
  AvgPool2d() : PoolingProblem(PoolKind::kAverage, {"H", "W"}) {}

  // Tensara's count: kernel_size^2 - 1 additions and one division per output.
  double flops(const judge::ScalarArgs& args) const override {
    const PoolGeometry g = geometry(args);
    return output_count(g) * window_taps(g);
  }
  std::string flop_formula() const override {
    return "H_out * W_out * kernel_size^2 (kernel_size^2 - 1 additions and one division per output)";
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("avg-pool-2d", problems::AvgPool2d);
