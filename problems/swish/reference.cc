// Swish on an (n, m) matrix: x / (1 + e^-x).
#include <cmath>

#include "problems/common/elementwise.h"

namespace problems {
namespace {

class Swish : public MatrixActivation {
 public:
  Swish() : MatrixActivation(1, "n * m (one per element, Tensara's count)") {}

 protected:
  double activation(double x) const override { return x * logistic(x); }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("swish", problems::Swish);
