// C (n x n) = A (n x n) * B (n x n), accumulated in double.
#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class SquareMatmul : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input_a", "const float*"}, {"input_b", "const float*"}, {"output_c", "float*"}, {"n", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { size_at_least(args, "n", 1); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n");
    return {{"input_a", {n, n}}, {"input_b", {n, n}}, {"output_c", {n, n}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double n = static_cast<double>(args.integer("n"));
    return 2.0 * n * n * n;
  }
  std::string flop_formula() const override { return "2 * n^3"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t n = args.integer("n");
    matmul_to_float(inputs.at("input_a"), inputs.at("input_b"), outputs.at("output_c"), n, n, n);
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("square-matmul", problems::SquareMatmul);
