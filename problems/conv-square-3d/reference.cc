// conv-square-3d: C (size^3) = A (size^3) cross-correlated with the centred odd
// cubic kernel B (K^3), zero padding, accumulated in double
// (problems/common/convolution).
#include "judge/problem/definition.h"
#include "problems/common/convolution.h"

namespace problems {
namespace {

class ConvSquare3d : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"A", "const float*"}, {"B", "const float*"}, {"C", "float*"}, {"size", "size_t"}, {"K", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { centred_kernel_extent(args, "K", "size"); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t size = args.integer("size"), k = args.integer("K");
    return {{"A", {size, size, size}}, {"B", {k, k, k}}, {"C", {size, size, size}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double size = static_cast<double>(args.integer("size")), k = static_cast<double>(args.integer("K"));
    return 2 * size * size * size * k * k * k;
  }
  std::string flop_formula() const override { return "2 * size^3 * K^3 (a multiply and an add per tap)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t size = args.integer("size"), k = args.integer("K");
    const ConvolutionGeometry geometry = same_convolution({size, size, size}, {k, k, k});
    convolve_to_float(geometry, inputs.at("A"), inputs.at("B"), outputs.at("C"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv-square-3d", problems::ConvSquare3d);
