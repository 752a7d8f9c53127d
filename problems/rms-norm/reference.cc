// RMS normalisation of each row of a (B, N) matrix: x / sqrt(mean(x^2) + 1e-5), in double.
#include <cmath>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/softmax.h"

namespace problems {
namespace {

class RmsNorm : public RowNormalization {
 public:
  RmsNorm() : RowNormalization("N") {}

  double flops(const judge::ScalarArgs& args) const override {
    const double rows = static_cast<double>(args.integer("B")), cols = static_cast<double>(args.integer("N"));
    return rows * (3 * cols + 6);
  }
  std::string flop_formula() const override { return "B * (3 * N + 6) (per row: N squares, N - 1 additions, a division, epsilon, a square root counted as 5, N divisions)"; }

 protected:
  double row_scale(const float* row, int64_t count) const override {
    return 1.0 / std::sqrt(sum_squares(row, count) / static_cast<double>(count) + 1e-5);
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("rms-norm", problems::RmsNorm);
