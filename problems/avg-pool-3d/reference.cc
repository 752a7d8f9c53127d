// Average pooling of an (H, W, D) tensor with the same kernel_size, stride
// and zero padding on all three axes, each window sum divided by
// kernel_size^3 (padded positions count, as zeros).
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/pooling.h"

namespace problems {
namespace {

class AvgPool3d : public PoolingProblem {
 public:
  AvgPool3d() : PoolingProblem(PoolKind::kAverage, {"H", "W", "D"}) {}

  // Tensara's count: kernel_size^3 - 1 additions and one division per output.
  double flops(const judge::ScalarArgs& args) const override {
    const PoolGeometry g = geometry(args);
    return output_count(g) * window_taps(g);
  }
  std::string flop_formula() const override {
    return "H_out * W_out * D_out * kernel_size^3 (kernel_size^3 - 1 additions and one division per output)";
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("avg-pool-3d", problems::AvgPool3d);
