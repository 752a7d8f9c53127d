// output = scaling_factor * swish(input W^T + bias): product, bias and
// activation in double, one rounding.
#include <cmath>

#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class MatmulSwish : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input_matrix", "const float*"}, {"weight_matrix", "const float*"}, {"bias", "const float*"},
            {"scaling_factor", "float"},      {"output", "float*"},              {"batch_size", "size_t"},
            {"in_features", "size_t"},        {"out_features", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"batch_size", "in_features", "out_features"}) size_at_least(args, name, 1);
    finite_real(args, "scaling_factor");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t batch = args.integer("batch_size"), in = args.integer("in_features"),
                  out = args.integer("out_features");
    return {{"input_matrix", {batch, in}}, {"weight_matrix", {out, in}}, {"bias", {out}}, {"output", {batch, out}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(args.integer("batch_size")) * static_cast<double>(args.integer("out_features")) *
           (2.0 * static_cast<double>(args.integer("in_features")) + 7.0);
  }
  std::string flop_formula() const override {
    return "batch_size * out_features * (2 * in_features + 7) (dot product, bias, 4 for the sigmoid, 2 multiplies)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t batch = args.integer("batch_size"), in = args.integer("in_features"),
                  out = args.integer("out_features");
    const double scale = args.real("scaling_factor");
    const float* bias = inputs.at("bias");
    float* result = outputs.at("output");
    matmul_rows({inputs.at("input_matrix"), in, false}, {inputs.at("weight_matrix"), in, true}, batch, out, in,
                [&](int64_t row, const double* values) {
                  for (int64_t j = 0; j < out; ++j) {
                    const double z = values[j] + bias[j];
                    result[row * out + j] = static_cast<float>(scale * z / (1.0 + std::exp(-z)));
                  }
                });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("matmul-swish", problems::MatmulSwish);
