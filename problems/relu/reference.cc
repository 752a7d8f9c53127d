// ReLU on an (n, m) matrix: max(0, x).
#include <cmath>

#include "problems/common/elementwise.h"

namespace problems {
namespace {

class Relu : public MatrixActivation {
 public:
  Relu() : MatrixActivation(1, "n * m (one comparison per element)") {}

 protected:
  double activation(double x) const override { return x > 0 ? x : 0.0; }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("relu", problems::Relu);
