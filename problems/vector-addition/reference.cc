// a + b for two float32 vectors of length n (Tensara's d_input1, d_input2,
// d_output names).
#include "judge/problem/definition.h"
#include "problems/common/elementwise.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class VectorAddition : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"d_input1", "const float*"}, {"d_input2", "const float*"}, {"d_output", "float*"}, {"n", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { size_at_least(args, "n", 1); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape vector = {args.integer("n")};
    return {{"d_input1", vector}, {"d_input2", vector}, {"d_output", vector}};
  }

  double flops(const judge::ScalarArgs& args) const override { return static_cast<double>(args.integer("n")); }
  std::string flop_formula() const override { return "n (one addition per element)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    map_binary(inputs.at("d_input1"), inputs.at("d_input2"), outputs.at("d_output"), args.integer("n"),
               [](double a, double b) { return a + b; });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("vector-addition", problems::VectorAddition);
