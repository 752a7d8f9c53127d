// output = scale * swish(A * B): product and activation in double, one rounding.
#include <cmath>

#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class MatmulSwishScaling : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"A", "const float*"}, {"B", "const float*"}, {"scale", "float"}, {"output", "float*"},
            {"M", "size_t"},       {"N", "size_t"},       {"K", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"M", "N", "K"}) size_at_least(args, name, 1);
    finite_real(args, "scale");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("M"), n = args.integer("N"), k = args.integer("K");
    return {{"A", {m, k}}, {"B", {k, n}}, {"output", {m, n}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double m = static_cast<double>(args.integer("M")), n = static_cast<double>(args.integer("N")),
                 k = static_cast<double>(args.integer("K"));
    return 2 * m * n * k + 5 * m * n;
  }
  std::string flop_formula() const override { return "2 * M * N * K + 5 * M * N (product, 4 for swish, 1 scale)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t m = args.integer("M"), n = args.integer("N"), k = args.integer("K");
    const double scale = args.real("scale");
    float* out = outputs.at("output");
    matmul_rows({inputs.at("A"), k, false}, {inputs.at("B"), n, false}, m, n, k,
                [&](int64_t row, const double* values) {
                  for (int64_t j = 0; j < n; ++j) {
                    const double x = values[j];
                    out[row * n + j] = static_cast<float>(scale * (x / (1.0 + std::exp(-x))));
                  }
                });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("matmul-swish-scaling", problems::MatmulSwishScaling);
