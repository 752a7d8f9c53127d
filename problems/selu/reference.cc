// SELU on an (n, m) matrix: lambda * (x > 0 ? x : alpha * (e^x - 1)).
#include <cmath>

#include "problems/common/elementwise.h"

namespace problems {
namespace {

class Selu : public MatrixActivation {
 public:
  Selu() : MatrixActivation(3, "3 * n * m (Tensara's count)") {}

 protected:
  double activation(double x) const override { constexpr double kAlpha = 1.6732632423543772848170429916717; constexpr double kScale = 1.0507009873554804934193349852946; return kScale * (x > 0 ? x : kAlpha * std::expm1(x)); }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("selu", problems::Selu);
