// C = triu(A) * triu(B) for n x n matrices: the lower triangles of the inputs
// are masked to zero, then multiplied in double (zero terms are skipped).
#include "judge/problem/definition.h"
#include "problems/common/matmul.h"

namespace problems {
namespace {

class UpperTrigMatmul : public TriangularMatmul {
 public:
  UpperTrigMatmul() : TriangularMatmul(Triangle::kUpper) {}
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("upper-trig-matmul", problems::UpperTrigMatmul);
