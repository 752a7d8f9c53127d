// conv-2d: C (H x W) = A (H x W) cross-correlated with the centred odd kernel
// B (Kh x Kw), zero padding, accumulated in double (problems/common/convolution).
#include "judge/problem/definition.h"
#include "problems/common/convolution.h"

namespace problems {
namespace {

class Conv2d : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"A", "const float*"}, {"B", "const float*"}, {"C", "float*"}, {"H", "size_t"},
            {"W", "size_t"},       {"Kh", "size_t"},      {"Kw", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    centred_kernel_extent(args, "Kh", "H");
    centred_kernel_extent(args, "Kw", "W");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape image = {args.integer("H"), args.integer("W")};
    return {{"A", image}, {"B", {args.integer("Kh"), args.integer("Kw")}}, {"C", image}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 2.0 * static_cast<double>(args.integer("H")) * static_cast<double>(args.integer("W")) *
           static_cast<double>(args.integer("Kh")) * static_cast<double>(args.integer("Kw"));
  }
  std::string flop_formula() const override { return "2 * H * W * Kh * Kw (a multiply and an add per tap)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ConvolutionGeometry geometry =
        same_convolution({1, args.integer("H"), args.integer("W")}, {1, args.integer("Kh"), args.integer("Kw")});
    convolve_to_float(geometry, inputs.at("A"), inputs.at("B"), outputs.at("C"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv-2d", problems::Conv2d);
