// L2 normalisation of each row of a (B, D) matrix: x / (||x||_2 + 1e-10), norm in double.
#include <cmath>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/softmax.h"

namespace problems {
namespace {

class L2Norm : public RowNormalization {
 public:
  L2Norm() : RowNormalization("D") {}

  double flops(const judge::ScalarArgs& args) const override {
    const double rows = static_cast<double>(args.integer("B")), cols = static_cast<double>(args.integer("D"));
    return rows * (3 * cols + 2);
  }
  std::string flop_formula() const override { return "B * (3 * D + 2) (per row: D squares, D additions, a square root, one epsilon, D divisions)"; }

 protected:
  double row_scale(const float* row, int64_t count) const override {
    return 1.0 / (std::sqrt(sum_squares(row, count)) + 1e-10);
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("l2-norm", problems::L2Norm);
