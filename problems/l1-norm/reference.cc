// L1 normalisation of each row of a (B, D) matrix: x / (||x||_1 + 1e-10), norm in double.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/softmax.h"

namespace problems {
namespace {

class L1Norm : public RowNormalization {
 public:
  L1Norm() : RowNormalization("D") {}

  double flops(const judge::ScalarArgs& args) const override {
    const double rows = static_cast<double>(args.integer("B")), cols = static_cast<double>(args.integer("D"));
    return rows * (3 * cols + 1);
  }
  std::string flop_formula() const override { return "B * (3 * D + 1) (per row: D absolute values, D additions, one epsilon, D divisions)"; }

 protected:
  double row_scale(const float* row, int64_t count) const override {
    return 1.0 / (sum_abs(row, count) + 1e-10);
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("l1-norm", problems::L1Norm);
