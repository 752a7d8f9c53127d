// ELU on an (n, m) matrix: x > 0 ? x : alpha * (e^x - 1), alpha a float
// parameter after the sizes (Tensara's ABI).
#include <cmath>

#include "judge/problem/definition.h"
#include "problems/common/elementwise.h"

namespace problems {
namespace {

class Elu : public AlphaActivation {
 public:
  Elu()
      : AlphaActivation({{"input", "const float*"}, {"output", "float*"}, {"n", "size_t"}, {"m", "size_t"},
                         {"alpha", "float"}},
                        3, "3 * n * m (Tensara's count: compare, exp, multiply-subtract)") {}

 protected:
  double activation(double x, double alpha) const override { return x > 0 ? x : alpha * std::expm1(x); }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("elu", problems::Elu);
