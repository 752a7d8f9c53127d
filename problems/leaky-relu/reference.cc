// Leaky ReLU on an (n, m) matrix: x > 0 ? x : alpha * x. The first problem
// with a [VAR] scalar: alpha has the dtype in force, and the judge hands the
// reference the value rounded to it (as float32 for float16 problems, like
// every float16 tensor), so one code path serves both dtypes.
#include "judge/problem/definition.h"
#include "problems/common/elementwise.h"

namespace problems {
namespace {

class LeakyRelu : public AlphaActivation {
 public:
  LeakyRelu()
      : AlphaActivation({{"input", "const [VAR]*"}, {"alpha", "[VAR]"}, {"output", "[VAR]*"}, {"n", "size_t"},
                         {"m", "size_t"}},
                        1, "n * m (one select or multiply per element)") {}

 protected:
  double activation(double x, double alpha) const override { return x > 0 ? x : alpha * x; }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("leaky-relu", problems::LeakyRelu);
