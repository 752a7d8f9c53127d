// Sigmoid on an (n, m) matrix: 1 / (1 + e^-x).
#include <cmath>

#include "problems/common/elementwise.h"

namespace problems {
namespace {

class Sigmoid : public MatrixActivation {
 public:
  Sigmoid() : MatrixActivation(1, "n * m (one per element, Tensara's count)") {}

 protected:
  double activation(double x) const override { return logistic(x); }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("sigmoid", problems::Sigmoid);
