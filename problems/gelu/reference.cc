// GELU on an (n, m) matrix: the tanh approximation of GELU.
#include <cmath>

#include "problems/common/elementwise.h"

namespace problems {
namespace {

class Gelu : public MatrixActivation {
 public:
  Gelu() : MatrixActivation(24, "24 * n * m (Tensara's count: tanh as 15, the polynomial and products 9)") {}

 protected:
  double activation(double x) const override { const double inner = std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x); return 0.5 * x * (1.0 + std::tanh(inner)); }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("gelu", problems::Gelu);
