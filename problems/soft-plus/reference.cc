// Softplus on an (n, m) matrix: ln(1 + e^x), evaluated as max(x, 0) + log1p(e^-|x|).
#include <cmath>

#include "problems/common/elementwise.h"

namespace problems {
namespace {

class SoftPlus : public MatrixActivation {
 public:
  SoftPlus() : MatrixActivation(3, "3 * n * m (Tensara's count: exp, add, log)") {}

 protected:
  double activation(double x) const override { return std::max(x, 0.0) + std::log1p(std::exp(-std::abs(x))); }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("soft-plus", problems::SoftPlus);
