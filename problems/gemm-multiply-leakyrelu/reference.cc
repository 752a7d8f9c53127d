// output = LeakyReLU((A * B) .* C, alpha): product in double, scaled and
// activated in double, one rounding.
#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class GemmMultiplyLeakyRelu : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"A", "const float*"}, {"B", "const float*"}, {"C", "const float*"}, {"alpha", "float"},
            {"output", "float*"},  {"M", "size_t"},       {"N", "size_t"},       {"K", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"M", "N", "K"}) size_at_least(args, name, 1);
    finite_real(args, "alpha");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("M"), n = args.integer("N"), k = args.integer("K");
    return {{"A", {m, k}}, {"B", {k, n}}, {"C", {m, n}}, {"output", {m, n}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double m = static_cast<double>(args.integer("M")), n = static_cast<double>(args.integer("N")),
                 k = static_cast<double>(args.integer("K"));
    return 2 * m * n * k + 2 * m * n;
  }
  std::string flop_formula() const override { return "2 * M * N * K + 2 * M * N (product, factor, activation)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t m = args.integer("M"), n = args.integer("N"), k = args.integer("K");
    const double alpha = args.real("alpha");
    const float* factor = inputs.at("C");
    float* out = outputs.at("output");
    matmul_rows({inputs.at("A"), k, false}, {inputs.at("B"), n, false}, m, n, k,
                [&](int64_t row, const double* values) {
                  for (int64_t j = 0; j < n; ++j) {
                    const double x = values[j] * factor[row * n + j];
                    out[row * n + j] = static_cast<float>(x > 0 ? x : alpha * x);
                  }
                });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("gemm-multiply-leakyrelu", problems::GemmMultiplyLeakyRelu);
