// c (m) = A (m x k) * b (k), accumulated in double.
#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class MatrixVector : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input_a", "const float*"}, {"input_b", "const float*"}, {"output_c", "float*"},
            {"m", "size_t"}, {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "m", 1);
    size_at_least(args, "k", 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("m"), k = args.integer("k");
    return {{"input_a", {m, k}}, {"input_b", {k}}, {"output_c", {m}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 2.0 * static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("k"));
  }
  std::string flop_formula() const override { return "2 * m * k"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    // The vector is a (k x 1) matrix.
    matmul_to_float(inputs.at("input_a"), inputs.at("input_b"), outputs.at("output_c"), args.integer("m"), 1,
                    args.integer("k"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("matrix-vector", problems::MatrixVector);
