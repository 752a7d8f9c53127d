// conv2d-relu-hardswish: output = hardswish(relu(image (H x W) cross-correlated
// with the centred odd kernel (Kh x Kw), zero padding)); the convolution and
// both activations in double (problems/common/convolution), one rounding.
#include <algorithm>
#include <string>

#include "judge/problem/definition.h"
#include "problems/common/convolution.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class Conv2dReluHardswish : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"image", "const float*"}, {"kernel", "const float*"}, {"output", "float*"}, {"H", "size_t"},
            {"W", "size_t"},           {"Kh", "size_t"},           {"Kw", "size_t"}};
  }

  // Upstream only asks for odd kernel extents: a kernel larger than the
  // image is allowed (and still centred).
  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "H", 1);
    size_at_least(args, "W", 1);
    for (const char* name : {"Kh", "Kw"}) {
      const int64_t k = size_at_least(args, name, 1);
      require(k % 2 == 1, std::string(name) + " = " + std::to_string(k) + " must be odd (the kernel is centred)");
    }
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape image = {args.integer("H"), args.integer("W")};
    return {{"image", image}, {"kernel", {args.integer("Kh"), args.integer("Kw")}}, {"output", image}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double pixels = static_cast<double>(args.integer("H")) * static_cast<double>(args.integer("W"));
    return 2 * pixels * static_cast<double>(args.integer("Kh")) * static_cast<double>(args.integer("Kw")) +
           5 * pixels;
  }
  std::string flop_formula() const override {
    return "2 * H * W * Kh * Kw + 5 * H * W (a multiply and an add per tap, 5 per pixel for the HardSwish)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ConvolutionGeometry geometry =
        same_convolution({1, args.integer("H"), args.integer("W")}, {1, args.integer("Kh"), args.integer("Kw")});
    float* output = outputs.at("output");
    convolve(geometry, inputs.at("image"), inputs.at("kernel"), [&](int64_t first, int64_t count, const double* c) {
      for (int64_t i = 0; i < count; ++i) {
        const double relu = std::max(0.0, c[i]);
        output[first + i] = static_cast<float>(relu * std::clamp(relu + 3.0, 0.0, 6.0) / 6.0);
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv2d-relu-hardswish", problems::Conv2dReluHardswish);
