// Tanh on an (n, m) matrix: tanh(x).
#include <cmath>

#include "problems/common/elementwise.h"

namespace problems {
namespace {

class Tanh : public MatrixActivation {
 public:
  Tanh() : MatrixActivation(1, "n * m (one per element, Tensara's count)") {}

 protected:
  double activation(double x) const override { return std::tanh(x); }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("tanh", problems::Tanh);
