// Hinge Loss, elementwise: max(0, 1 - p * t).
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
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("hinge-loss", problems::HingeLoss);
