// Binary thresholding of a grayscale image: 255 where pixel > t, 0 elsewhere.
// The threshold is a float parameter, so the reference compares against its
// float32 value, exactly as a solution does.
#include "judge/problem/definition.h"
#include "problems/common/image.h"
#include "problems/common/elementwise.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class Threshold : public ImageFilter {
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

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(args.integer("height")) * static_cast<double>(args.integer("width"));
  }
  std::string flop_formula() const override { return "height * width (one comparison per pixel)"; }

 protected:
  void filter(const judge::ScalarArgs& args, const float* input, float* output, int64_t height,
              int64_t width) const override {
    const double threshold = args.real("threshold_value");
    map_unary(input, output, height * width, [threshold](double pixel) { return pixel > threshold ? 255.0 : 0.0; });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("threshold", problems::Threshold);
