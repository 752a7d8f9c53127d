// MXFP8 GEMM: c (m, n) = A (m, k) * B (n, k)^T, both operands E4M3 codes with
// one E8M0 scale per 32 elements along k, the scales in the 128x4 tiled
// layout. The operands decode exactly to float32; the products are summed in
// double and each element of c rounded once.
#include "judge/problem/definition.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"

namespace problems {
namespace {

class Mxfp8Gemm : public BlockScaledGemm {
 public:
  Mxfp8Gemm() : BlockScaledGemm({ElementCodes::kE4m3, ScaleCodes::kE8m0, microscaling::kMxBlock}) {}
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("mxfp8-gemm", problems::Mxfp8Gemm);
