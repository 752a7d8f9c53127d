// Huber Loss, elementwise: |d| < 1 ? d^2 / 2 : |d| - 1/2 with d = prediction - target.
#include <algorithm>
#include <cmath>

#include "problems/common/losses.h"

namespace problems {
namespace {

// d is the float32 difference, as the statement defines it.
double huber(double prediction, double target) {
  const double d = static_cast<double>(static_cast<float>(prediction - target));
  return std::abs(d) < 1 ? 0.5 * d * d : std::abs(d) - 0.5;
}

class HuberLoss : public ElementwiseLoss {
 public:
  HuberLoss() : ElementwiseLoss(huber, 5, "5 * n (Tensara's count: difference, abs, compare, two products)") {}
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("huber-loss", problems::HuberLoss);
