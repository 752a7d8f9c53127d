// NVFP4 dequantization of an (m, k) matrix: out = E2M1 code x E4M3 block scale
// x float32(1 / sf_g), the codes packed two to a byte (even column in the low
// nibble), one scale per 16 consecutive elements of a row, the scales in the
// 128x4 tiled layout.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

namespace mx = microscaling;

class Nvfp4Dequantize : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"q", "const uint8_t*"}, {"scale", "const uint8_t*"}, {"sf_g", "float"},
            {"out", "float*"},       {"m", "size_t"},             {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    validate_blocked_matrix(args, "m", "k", mx::kNvfp4Block);
    validate_global_scale(args, "sf_g");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("m"), k = args.integer("k");
    return {{"q", {m, k / 2}}, {"scale", swizzled_scale_shape(m, k / mx::kNvfp4Block)}, {"out", {m, k}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 2.0 * static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("k"));
  }
  std::string flop_formula() const override { return "2 * m * k (two scaling multiplies per element; upstream counts none)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const uint8_t* q = inputs.at("q").as<uint8_t>();
    const uint8_t* scale = inputs.at("scale").as<uint8_t>();
    float* out = outputs.at("out");
    const int64_t m = args.integer("m"), k = args.integer("k");
    const int64_t scale_cols = k / mx::kNvfp4Block;
    const double global_decode = mx::nvfp4_global_decode(static_cast<float>(args.real("sf_g")));
    parallel_for(m, [&](int64_t row) {
      for (int64_t col = 0; col < k; ++col) {
        const uint8_t code = mx::fp4_nibble(q[row * (k / 2) + col / 2], col);
        const double block_scale =
            mx::e4m3_value(scale[mx::swizzled_scale_offset(row, col / mx::kNvfp4Block, scale_cols)]);
        out[row * k + col] = static_cast<float>(mx::e2m1_value(code) * block_scale * global_decode);
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("nvfp4-dequantize", problems::Nvfp4Dequantize);
