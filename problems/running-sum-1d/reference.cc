// Centred running sum of window W (odd) over a vector of N floats, zero padded, in double.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/scalar_checks.h"
#include "problems/common/scan.h"

namespace problems {
namespace {

class RunningSum1d : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"}, {"W", "size_t"}, {"output", "float*"}, {"N", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    const int64_t n = size_at_least(args, "N", 1);
    const int64_t w = size_at_least(args, "W", 1);
    require(w % 2 == 1, "parameter 'W' = " + std::to_string(w) + " must be odd (the window is centred)");
    require(w < n || (w == 1 && n == 1), "parameter 'W' = " + std::to_string(w) + " must be smaller than N = " + std::to_string(n));
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    return {{"input", {args.integer("N")}}, {"output", {args.integer("N")}}};
  }

  double flops(const judge::ScalarArgs& args) const override { return 2.0 * static_cast<double>(args.integer("N")); }
  std::string flop_formula() const override { return "2 * N (an addition and a subtraction per output of a sliding window)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    centred_window_sum(inputs.at("input"), args.integer("N"), args.integer("W"), outputs.at("output"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("running-sum-1d", problems::RunningSum1d);
