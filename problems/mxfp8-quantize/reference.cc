// MXFP8 quantization of an (m, k) float32 matrix, as torchao's to_mx: per
// block of 32 elements of a row, the E8M0 scale from the largest exponent
// (FLOOR rule), then each element times 2^(127 - scale) cast to E4M3 (round
// to nearest even, saturating at 448). Both outputs are bytes, compared
// exactly.
#include "judge/problem/definition.h"
#include "problems/common/mx_problems.h"

namespace problems {
namespace {

class Mxfp8Quantize : public MxQuantize {
 public:
  Mxfp8Quantize() : MxQuantize(ElementCodes::kE4m3) {}
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("mxfp8-quantize", problems::Mxfp8Quantize);
