// Binary thresholding of a grayscale image: 255 where pixel > t, 0 elsewhere.
// The threshold is a float parameter, so the reference compares against its
// float32 value, exactly as a solution does.
#include "judge/problem/definition.h"
#include "problems/common/elementwise.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class Threshold : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input_image", "const float*"}, {"threshold_value", "float"}, {"output_image", "float*"},
            {"height", "size_t"}, {"width", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "height", 1);
    size_at_least(args, "width", 1);
    finite_real(args, "threshold_value");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape image = {args.integer("height"), args.integer("width")};
    return {{"input_image", image}, {"output_image", image}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(args.integer("height")) * static_cast<double>(args.integer("width"));
  }
  std::string flop_formula() const override { return "height * width (one comparison per pixel)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const double threshold = args.real("threshold_value");
    map_unary(inputs.at("input_image"), outputs.at("output_image"), args.integer("height") * args.integer("width"),
              [threshold](double pixel) { return pixel > threshold ? 255.0 : 0.0; });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("threshold", problems::Threshold);
