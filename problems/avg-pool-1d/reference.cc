// Average pooling of a vector of H floats: kernel_size-wide windows with
// stride and zero padding, each sum divided by kernel_size (padded positions
// count, as zeros).
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/pooling.h"

namespace problems {
namespace {

class AvgPool1d : public PoolingProblem {
 public:
  AvgPool1d() : PoolingProblem(PoolKind::kAverage, {"H"}) {}

  // Tensara's count: kernel_size - 1 additions and one division per output.
  double flops(const judge::ScalarArgs& args) const override {
    const PoolGeometry g = geometry(args);
    return output_count(g) * window_taps(g);
  }
  std::string flop_formula() const override {
    return "H_out * kernel_size (kernel_size - 1 additions and one division per output)";
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("avg-pool-1d", problems::AvgPool1d);
