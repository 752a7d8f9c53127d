// Hinge Loss, elementwise: max(0, 1 - p * t), with labels t = +-1 as Tensara's.
#include <algorithm>
#include <cmath>

#include "problems/common/losses.h"

namespace problems {
namespace {

// The product is the float32 product, as the statement defines it.
double hinge(double prediction, double target) {
  return std::max(0.0, 1.0 - static_cast<double>(static_cast<float>(prediction * target)));
}

class HingeLoss : public ElementwiseLoss {
 public:
  HingeLoss() : ElementwiseLoss(hinge, 3, "3 * n (a product, a subtraction, a maximum)") {}

  // Tensara's targets are labels: the sign of each draw.
  void shape_inputs(const judge::ScalarArgs& args, const judge::MutableTensors& inputs) const override {
    float* targets = inputs.at("targets");
    const int64_t n = args.integer("n");
    for (int64_t i = 0; i < n; ++i) targets[i] = targets[i] < 0.0f ? -1.0f : 1.0f;
  }
  std::string input_shaping() const override { return "targets: labels, -1 where the draw is negative, else 1"; }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("hinge-loss", problems::HingeLoss);
