// MXFP8 dequantization of an (m, k) matrix: out = E4M3 code x 2^(scale - 127),
// one E8M0 scale per 32 consecutive elements of a row.
#include "judge/problem/definition.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"

namespace problems {
namespace {

class Mxfp8Dequantize : public BlockScaledDequantize {
 public:
  Mxfp8Dequantize()
      : BlockScaledDequantize({ElementCodes::kE4m3, ScaleCodes::kE8m0, microscaling::kMxBlock, ScaleLayout::kRowMajor}) {}

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("k"));
  }
  std::string flop_formula() const override { return "m * k (one scaling multiply per element; upstream counts none)"; }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("mxfp8-dequantize", problems::Mxfp8Dequantize);
