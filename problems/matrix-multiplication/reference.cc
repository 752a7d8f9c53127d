// C (m x n) = A (m x k) * B (k x n), accumulated in double.
#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class MatrixMultiplication : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input_a", "const float*"}, {"input_b", "const float*"}, {"output_c", "float*"},
            {"m", "size_t"}, {"n", "size_t"}, {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "m", 1);
    size_at_least(args, "n", 1);
    size_at_least(args, "k", 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("m"), n = args.integer("n"), k = args.integer("k");
    return {{"input_a", {m, k}}, {"input_b", {k, n}}, {"output_c", {m, n}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 2.0 * static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("n")) *
           static_cast<double>(args.integer("k"));
  }
  std::string flop_formula() const override { return "2 * m * n * k"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    matmul_to_float(inputs.at("input_a"), inputs.at("input_b"), outputs.at("output_c"), args.integer("m"),
                    args.integer("n"), args.integer("k"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("matrix-multiplication", problems::MatrixMultiplication);
