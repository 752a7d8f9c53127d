// conv-1d: C (N) = A (N) cross-correlated with the centred odd kernel B (K),
// zero padding (K - 1) / 2, accumulated in double (problems/common/convolution).
#include "judge/problem/definition.h"
#include "problems/common/convolution.h"

namespace problems {
namespace {

class Conv1d : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"A", "const float*"}, {"B", "const float*"}, {"C", "float*"}, {"N", "size_t"}, {"K", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    centred_kernel_extent(args, "K", "N");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("N");
    return {{"A", {n}}, {"B", {args.integer("K")}}, {"C", {n}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(args.integer("N")) * static_cast<double>(2 * args.integer("K") - 1);
  }
  std::string flop_formula() const override { return "N * (2K - 1) (K multiplies and K - 1 adds per output)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ConvolutionGeometry geometry = same_convolution({1, 1, args.integer("N")}, {1, 1, args.integer("K")});
    convolve_to_float(geometry, inputs.at("A"), inputs.at("B"), outputs.at("C"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv-1d", problems::Conv1d);
