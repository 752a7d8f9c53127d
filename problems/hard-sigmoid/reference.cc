// Hard Sigmoid on an (n, m) matrix: clamp((x + 3) / 6, 0, 1).
#include <cmath>

#include "problems/common/elementwise.h"

namespace problems {
namespace {

class HardSigmoid : public MatrixActivation {
 public:
  HardSigmoid() : MatrixActivation(1, "n * m (one clamp-and-scale per element, Tensara's count)") {}

 protected:
  double activation(double x) const override { return std::min(std::max((x + 3.0) / 6.0, 0.0), 1.0); }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("hard-sigmoid", problems::HardSigmoid);
