// NVFP4 dequantization of an (m, k) matrix: out = E2M1 code x E4M3 block scale
// x float32(1 / sf_g), the codes packed two to a byte (even column in the low
// nibble), one scale per 16 consecutive elements of a row, the scales in the
// 128x4 tiled layout.
#include "judge/problem/definition.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"

namespace problems {
namespace {

namespace mx = microscaling;

class Nvfp4Dequantize : public BlockScaledDequantize {
 public:
  Nvfp4Dequantize() : BlockScaledDequantize({ElementCodes::kE2m1Packed, ScaleCodes::kE4m3, mx::kNvfp4Block}) {}

  std::vector<ParameterDecl> parameters() const override {
    return {{"q", "const uint8_t*"}, {"scale", "const uint8_t*"}, {"sf_g", "float"},
            {"out", "float*"},       {"m", "size_t"},             {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    BlockScaledDequantize::validate(args);
    validate_global_scale(args, "sf_g");
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 2.0 * static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("k"));
  }
  std::string flop_formula() const override { return "2 * m * k (two scaling multiplies per element; upstream counts none)"; }

 protected:
  double global_factor(const judge::ScalarArgs& args) const override {
    return mx::nvfp4_global_decode(static_cast<float>(args.real("sf_g")));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("nvfp4-dequantize", problems::Nvfp4Dequantize);
