// The ways a solution of the quantization problems (mxfp4-quantize,
// mxfp8-quantize, nvfp4-quantize) may round, whether the problems' rules
// allow each, and upstream's own check (Tensara decodes both answers and
// compares values with allclose, rtol = atol = 1e-3), so that the rounding
// report (quantize_roundings) and its test judge the same variants.
#pragma once

#include <string>
#include <vector>

#include "judge/problem/definition.h"

namespace problems::testing {

enum class Rounding { kNearestEven, kNearestAway, kTowardZero, kAwayFromZero };

struct QuantizeVariant {
  std::string name;
  std::string source;  // who rounds this way, in a few words
  bool allowed = true;  // by the problem's statement
  // MX: how the E8M0 scale follows from the block's largest magnitude
  // (torchao's ScaleCalculationMode; FLOOR is the problems' rule).
  enum class MxScale { kFloor, kCeil, kEven, kRceil } mx_scale = MxScale::kFloor;
  // NVFP4: how the float32 recipe is evaluated.
  enum class Arithmetic {
    kRecipe,          // the statement's order, correctly rounded (the reference)
    kReciprocalOfSix, // amax * float32(1/6), as FlashInfer's kernel
    kDivisions,       // (sf_g * amax) / 6, then x / (S / sf_g)
    kExact,           // in double, rounded only by the casts
  } arithmetic = Arithmetic::kRecipe;
  Rounding scale_rounding = Rounding::kNearestEven;  // NVFP4's E4M3 scale
  Rounding element_rounding = Rounding::kNearestEven;
  bool positive_zero = false;  // a negative value that rounds to zero gives +0
  bool saturate = true;        // false: E4M3 overflow gives NaN (MX elements, NVFP4 scales)
};

// The variants worth judging for `slug`, the reference's rounding first.
std::vector<QuantizeVariant> quantize_variants(const std::string& slug);

// Fills `outputs` (q, scale) as a solution of `slug` rounding as `variant`
// does would (the scale padding of nvfp4-quantize zero).
void quantize_like(const std::string& slug, const QuantizeVariant& variant, const judge::ScalarArgs& args,
                   const judge::ConstTensors& inputs, const judge::MutableTensors& outputs);

// An answer of `slug` (q, scale) decoded as upstream decodes it (torchao's
// to_dtype; FlashInfer's e2m1_and_ufp8sf_scale_to_float), in float32.
std::vector<float> upstream_decode(const std::string& slug, const judge::ScalarArgs& args,
                                   const judge::ConstTensors& answer);
// torch.allclose(reference, answer, rtol=1e-3, atol=1e-3) of decoded answers.
bool upstream_close(const std::vector<float>& reference, const std::vector<float>& answer);

// Upstream's check: both answers decoded as Tensara does (torchao's
// to_dtype; FlashInfer's e2m1_and_ufp8sf_scale_to_float), in float32, and
// torch.allclose(expected, actual, rtol=1e-3, atol=1e-3).
bool upstream_accepts(const std::string& slug, const judge::ScalarArgs& args, const judge::ConstTensors& expected,
                      const judge::ConstTensors& actual);

}  // namespace problems::testing
