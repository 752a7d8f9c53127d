// RMS normalisation of each row of a (B, N) matrix: x / sqrt(mean(x^2) + 1e-5), in double.
#include <cmath>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"
#include "problems/common/softmax.h"

namespace problems {
namespace {

class RmsNorm : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"X", "const float*"}, {"Y", "float*"}, {"B", "size_t"}, {"N", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "B", 1);
    size_at_least(args, "N", 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape matrix = {args.integer("B"), args.integer("N")};
    return {{"X", matrix}, {"Y", matrix}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double rows = static_cast<double>(args.integer("B")), cols = static_cast<double>(args.integer("N"));
    return rows * (3 * cols + 6);
  }
  std::string flop_formula() const override { return "B * (3 * N + 6) (per row: N squares, N - 1 additions, a division, epsilon, a square root counted as 5, N divisions)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t cols = args.integer("N");
    const float* x = inputs.at("X");
    float* y = outputs.at("Y");
    parallel_for(args.integer("B"), [&](int64_t row) {
      const float* in = x + row * cols;
      float* out = y + row * cols;
      scale_line(in, cols, 1.0 / std::sqrt(sum_squares(in, cols) / static_cast<double>(cols) + 1e-5), out);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("rms-norm", problems::RmsNorm);
