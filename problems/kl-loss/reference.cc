// KL Divergence, elementwise: t > 0 ? max(t, eps) (ln max(t, eps) - ln max(q, eps)) : 0.
#include <algorithm>
#include <cmath>

#include "problems/common/losses.h"

namespace problems {
namespace {

double kl_divergence(double prediction, double target) {
  if (!(target > 0)) return 0.0;
  constexpr double kEps = 1e-10;
  const double t = std::max(target, kEps);
  return t * (std::log(t) - std::log(std::max(prediction, kEps)));
}

class KlLoss : public ElementwiseLoss {
 public:
  KlLoss() : ElementwiseLoss(kl_divergence, 7, "7 * n (Tensara's count: two clamps, two logs, a subtraction, a product, a select)") {}
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("kl-loss", problems::KlLoss);
