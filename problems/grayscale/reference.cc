// BT.601 luma of an interleaved RGB image: 0.299 R + 0.587 G + 0.114 B per
// pixel. `channels` is in the ABI but must be 3.
#include "judge/problem/definition.h"
#include "problems/common/elementwise.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class Grayscale : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"rgb_image", "const float*"}, {"grayscale_output", "float*"}, {"height", "size_t"},
            {"width", "size_t"}, {"channels", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "height", 1);
    size_at_least(args, "width", 1);
    require(args.integer("channels") == 3,
            "channels = " + std::to_string(args.integer("channels")) + ": the image must have exactly 3 (R, G, B)");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t height = args.integer("height");
    const int64_t width = args.integer("width");
    return {{"rgb_image", {height, width, args.integer("channels")}}, {"grayscale_output", {height, width}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 5.0 * static_cast<double>(args.integer("height")) * static_cast<double>(args.integer("width"));
  }
  std::string flop_formula() const override { return "5 * height * width (three products, two additions)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const float* rgb = inputs.at("rgb_image");
    float* gray = outputs.at("grayscale_output");
    parallel_chunks(args.integer("height") * args.integer("width"), [&](int64_t begin, int64_t end) {
      for (int64_t p = begin; p < end; ++p) {
        const float* pixel = rgb + 3 * p;
        gray[p] = static_cast<float>(0.299 * pixel[0] + 0.587 * pixel[1] + 0.114 * pixel[2]);
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("grayscale", problems::Grayscale);
