// C = tril(A) * tril(B) for n x n matrices: the upper triangles of the inputs
// are masked to zero, then multiplied in double (zero terms are skipped).
#include "judge/problem/definition.h"
#include "problems/common/matmul.h"

namespace problems {
namespace {

class LowerTrigMatmul : public TriangularMatmul {
 public:
  LowerTrigMatmul() : TriangularMatmul(Triangle::kLower) {}
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("lower-trig-matmul", problems::LowerTrigMatmul);
