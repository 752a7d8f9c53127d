// Hinge Loss, elementwise: max(0, 1 - p * t).
#include <algorithm>
#include <cmath>

#include "problems/common/losses.h"

namespace problems {
namespace {

class HingeLoss : public ElementwiseLoss {
 public:
  HingeLoss() : ElementwiseLoss(3, "3 * n (a product, a subtraction, a maximum)") {}

 protected:
  double loss(double prediction, double target) const override {
    return std::max(0.0, 1.0 - static_cast<double>(static_cast<float>(prediction * target)));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("hinge-loss", problems::HingeLoss);
