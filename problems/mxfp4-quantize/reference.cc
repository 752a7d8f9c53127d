// MXFP4 quantization of an (m, k) float32 matrix, as torchao's to_mx: per
// block of 32 elements of a row, the E8M0 scale from the largest exponent
// (FLOOR rule), then each element times 2^(127 - scale) cast to E2M1 (round
// to nearest even, saturating at 6), packed two to a byte (even column in
// the low nibble). Both outputs are bytes, compared exactly.
#include "judge/problem/definition.h"
#include "problems/common/mx_problems.h"

namespace problems {
namespace {

class Mxfp4Quantize : public MxQuantize {
 public:
  Mxfp4Quantize() : MxQuantize(ElementCodes::kE2m1Packed) {}
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("mxfp4-quantize", problems::Mxfp4Quantize);
