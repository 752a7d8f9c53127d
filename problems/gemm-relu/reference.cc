// C (B x M) = ReLU(A (B x N) * W^T + b), W stored (M x N): product and bias
// in double, one rounding after the ReLU.
#include <algorithm>

#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class GemmRelu : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"A", "const float*"}, {"W", "const float*"}, {"b", "const float*"}, {"C", "float*"},
            {"B", "size_t"},       {"N", "size_t"},       {"M", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"B", "N", "M"}) size_at_least(args, name, 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t batch = args.integer("B"), n = args.integer("N"), m = args.integer("M");
    return {{"A", {batch, n}}, {"W", {m, n}}, {"b", {m}}, {"C", {batch, m}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double batch = static_cast<double>(args.integer("B")), n = static_cast<double>(args.integer("N")),
                 m = static_cast<double>(args.integer("M"));
    return 2 * batch * n * m + batch * m;
  }
  std::string flop_formula() const override { return "2 * B * N * M + B * M (product, then the bias)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t batch = args.integer("B"), n = args.integer("N"), m = args.integer("M");
    const float* bias = inputs.at("b");
    float* c = outputs.at("C");
    matmul_rows({inputs.at("A"), n, false}, {inputs.at("W"), n, true}, batch, m, n,
                [&](int64_t row, const double* values) {
                  for (int64_t j = 0; j < m; ++j) c[row * m + j] = static_cast<float>(std::max(0.0, values[j] + bias[j]));
                });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("gemm-relu", problems::GemmRelu);
