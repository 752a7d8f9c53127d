// Definition of the test-only problem testdata/problems/scale-rows: small
// enough to read at a glance, with every kind of parameter (input tensors,
// an output, a real and integer scalars).
#include "judge/problem/definition.h"

namespace judge {
namespace {

class ScaleRows : public ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"}, {"bias", "const float*"}, {"output", "float*"},
            {"scale", "double"},       {"rows", "size_t"},       {"cols", "size_t"}};
  }

  void validate(const ScalarArgs& args) const override {
    for (const char* name : {"rows", "cols"}) {
      if (args.integer(name) < 1) {
        throw InvalidCase(std::string(name) + " = " + std::to_string(args.integer(name)) + " must be at least 1");
      }
    }
  }

  std::map<std::string, Shape> tensor_shapes(const ScalarArgs& args) const override {
    const int64_t rows = args.integer("rows"), cols = args.integer("cols");
    return {{"input", {rows, cols}}, {"bias", {cols}}, {"output", {rows, cols}}};
  }

  double flops(const ScalarArgs& args) const override {
    return 2.0 * static_cast<double>(args.integer("rows") * args.integer("cols"));
  }
  std::string flop_formula() const override { return "2 * rows * cols (one multiply, one add per element)"; }

  void reference(const ScalarArgs& args, const ConstTensors& inputs, const MutableTensors& outputs) const override {
    const int64_t rows = args.integer("rows"), cols = args.integer("cols");
    const double scale = args.real("scale");
    const float* input = inputs.at("input");
    const float* bias = inputs.at("bias");
    float* output = outputs.at("output");
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = 0; c < cols; ++c) {
        output[r * cols + c] = static_cast<float>(input[r * cols + c] * scale + bias[c]);
      }
    }
  }
};

REGISTER_PROBLEM("scale-rows", ScaleRows);

}  // namespace
}  // namespace judge
