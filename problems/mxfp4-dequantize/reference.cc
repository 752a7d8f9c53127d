// MXFP4 dequantization of an (m, k) matrix: out = E2M1 code x 2^(scale - 127),
// the codes packed two to a byte (even column in the low nibble), one E8M0
// scale per 32 consecutive elements of a row.
#include "judge/problem/definition.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"

namespace problems {
namespace {

class Mxfp4Dequantize : public BlockScaledDequantize {
 public:
  Mxfp4Dequantize()
      : BlockScaledDequantize(
            {ElementCodes::kE2m1Packed, ScaleCodes::kE8m0, microscaling::kMxBlock, ScaleLayout::kRowMajor}) {}

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("k"));
  }
  std::string flop_formula() const override { return "m * k (one scaling multiply per element; upstream counts none)"; }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("mxfp4-dequantize", problems::Mxfp4Dequantize);
