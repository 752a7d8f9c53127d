// L2 normalisation of each row of a (B, D) matrix: x / (||x||_2 + 1e-10), norm in double.
#include <cmath>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"
#include "problems/common/softmax.h"

namespace problems {
namespace {

class L2Norm : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"X", "const float*"}, {"Y", "float*"}, {"B", "size_t"}, {"D", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "B", 1);
    size_at_least(args, "D", 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape matrix = {args.integer("B"), args.integer("D")};
    return {{"X", matrix}, {"Y", matrix}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double rows = static_cast<double>(args.integer("B")), cols = static_cast<double>(args.integer("D"));
    return rows * (3 * cols + 2);
  }
  std::string flop_formula() const override { return "B * (3 * D + 2) (per row: D squares, D additions, a square root, one epsilon, D divisions)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t cols = args.integer("D");
    const float* x = inputs.at("X");
    float* y = outputs.at("Y");
    parallel_for(args.integer("B"), [&](int64_t row) {
      const float* in = x + row * cols;
      float* out = y + row * cols;
      scale_line(in, cols, 1.0 / (std::sqrt(sum_squares(in, cols)) + 1e-10), out);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("l2-norm", problems::L2Norm);
