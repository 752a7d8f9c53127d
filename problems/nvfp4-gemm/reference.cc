// NVFP4 GEMM: c (m, n) = A (m, k) * B (n, k)^T in float16, both operands E2M1
// codes packed two to a byte (even column low) with one E4M3 scale per 16
// elements along k (128x4 tiled layout) and a float32 global decode factor
// float32(1 / sf_g) each. E2M1 x E4M3 is exact in float32; the products are
// summed in double, multiplied by both global factors, and rounded once.
#include "judge/problem/definition.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class Nvfp4Gemm : public BlockScaledGemm {
 public:
  Nvfp4Gemm() : BlockScaledGemm({ElementCodes::kE2m1Packed, ScaleCodes::kE4m3, microscaling::kNvfp4Block}) {}

  std::vector<ParameterDecl> parameters() const override {
    return {{"q_a", "const uint8_t*"}, {"scale_a", "const uint8_t*"}, {"sf_g_a", "float"},
            {"q_b", "const uint8_t*"}, {"scale_b", "const uint8_t*"}, {"sf_g_b", "float"},
            {"c", "__half*"},          {"m", "size_t"},               {"n", "size_t"},
            {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    validate_blocked_matrix(args, "m", "k", microscaling::kNvfp4Block);
    size_at_least(args, "n", 1);
    validate_global_scale(args, "sf_g_a");
    validate_global_scale(args, "sf_g_b");
  }

 protected:
  // The product of both operands' global decode factors, float32(1 / sf_g) each.
  double global_factor(const judge::ScalarArgs& args) const override {
    return static_cast<double>(microscaling::nvfp4_global_decode(static_cast<float>(args.real("sf_g_a")))) *
           static_cast<double>(microscaling::nvfp4_global_decode(static_cast<float>(args.real("sf_g_b"))));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("nvfp4-gemm", problems::Nvfp4Gemm);
