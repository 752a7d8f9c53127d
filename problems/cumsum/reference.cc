// Inclusive running sum of a vector of N floats, in double.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/scalar_checks.h"
#include "problems/common/scan.h"

namespace problems {
namespace {

class CumulativeSum : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"}, {"output", "float*"}, {"N", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "N", 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    return {{"input", {args.integer("N")}}, {"output", {args.integer("N")}}};
  }

  double flops(const judge::ScalarArgs& args) const override { return static_cast<double>(args.integer("N") - 1); }
  std::string flop_formula() const override { return "N - 1 (one addition per element after the first)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    inclusive_sum(inputs.at("input"), args.integer("N"), outputs.at("output"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("cumsum", problems::CumulativeSum);
