#include "problems/testing/quantize_variants.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>

#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"
#include "problems/common/parallel.h"

namespace problems::testing {
namespace {

namespace mx = microscaling;
using Arithmetic = QuantizeVariant::Arithmetic;
using MxScale = QuantizeVariant::MxScale;

// t coded in `format` with `rounding`; beyond the largest finite value it
// saturates, unless `saturate` is false for E4M3, where a value that rounds
// past 448 (to the next step, 480) becomes NaN.
uint8_t encode(double t, mx::CodeFormat format, Rounding rounding, bool saturate, bool positive_zero) {
  const std::span<const double> values = mx::code_magnitudes(format);
  const uint8_t sign_bit = format == mx::CodeFormat::kE2m1 ? 0x08 : 0x80;
  const uint8_t sign = std::signbit(t) ? sign_bit : 0;
  const double a = std::fabs(t);
  if (std::isnan(t)) return format == mx::CodeFormat::kE4m3 ? 0x7F : 0;
  const int64_t last = static_cast<int64_t>(values.size()) - 1;
  int64_t lo = 0;
  double lo_value = 0, hi_value = 0;
  bool hi_overflows = false;
  if (a >= values[last]) {
    if (a == values[last] || saturate || format == mx::CodeFormat::kE2m1) return sign | static_cast<uint8_t>(last);
    lo = last;
    lo_value = values[last];
    hi_value = 2 * values[last] - values[last - 1];  // 480: the step E4M3 would take next
    hi_overflows = true;
  } else {
    const int64_t hi = std::upper_bound(values.begin(), values.end(), a) - values.begin();
    lo = hi - 1;
    lo_value = values[lo];
    hi_value = values[hi];
  }
  bool up = false;
  if (a != lo_value) {
    switch (rounding) {
      case Rounding::kTowardZero: up = false; break;
      case Rounding::kAwayFromZero: up = true; break;
      case Rounding::kNearestEven:
      case Rounding::kNearestAway: {
        const double below = a - lo_value, above = hi_value - a;
        up = below != above ? above < below : (rounding == Rounding::kNearestAway || lo % 2 == 1);
        break;
      }
    }
  }
  if (up && hi_overflows) return sign | 0x7F;
  const int64_t index = up ? lo + 1 : lo;
  if (index == 0 && positive_zero) return 0;
  return sign | static_cast<uint8_t>(index);
}

uint32_t bits_of(float x) {
  uint32_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

float float_of(uint32_t bits) {
  float x = 0;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

// torchao's to_mx scale code for a block whose largest magnitude is max_abs.
uint8_t mx_scale(float max_abs, MxScale rule, bool fp4) {
  const int max_pow2 = fp4 ? mx::kE2m1MaxPow2 : mx::kE4m3MaxPow2;
  const int mantissa_bits = fp4 ? 1 : 3;
  const float max_pos = fp4 ? 6.0f : 448.0f;
  if (rule == MxScale::kRceil) {  // the exponent of max_abs / max_pos, rounded up
    const uint32_t bits = bits_of(max_abs * (1.0f / max_pos));
    const uint32_t exponent = (bits >> 23) & 0xFF, mantissa = bits & 0x7FFFFF;
    const uint32_t up = exponent == 0 ? (mantissa > 0x400000 ? 1 : 0) : (mantissa != 0 ? 1 : 0);
    return static_cast<uint8_t>(std::min<uint32_t>(exponent + up, 254));
  }
  uint32_t bits = bits_of(max_abs);
  if (rule == MxScale::kEven) bits = (bits + (1u << (23 - mantissa_bits - 1))) & 0xFF800000u;
  int exponent = static_cast<int>((bits >> 23) & 0xFF) - 127;
  if (rule == MxScale::kCeil && (bits & 0x7FFFFF) != 0) ++exponent;
  return static_cast<uint8_t>(std::clamp(exponent - max_pow2, -127, 127) + 127);
}

void mx_quantize(const QuantizeVariant& variant, bool fp4, const judge::ScalarArgs& args,
                 const judge::ConstTensors& inputs, const judge::MutableTensors& outputs) {
  const float* a = inputs.at("a");
  uint8_t* q = outputs.at("q").as<uint8_t>();
  uint8_t* scale = outputs.at("scale").as<uint8_t>();
  const int64_t blocks = args.integer("m") * (args.integer("k") / mx::kMxBlock);
  const mx::CodeFormat format = fp4 ? mx::CodeFormat::kE2m1 : mx::CodeFormat::kE4m3;
  parallel_for(blocks, [&](int64_t block) {
    const float* x = a + block * mx::kMxBlock;
    float max_abs = 0;
    for (int64_t i = 0; i < mx::kMxBlock; ++i) max_abs = std::max(max_abs, std::fabs(x[i]));
    scale[block] = mx_scale(max_abs, variant.mx_scale, fp4);
    const float inverse = mx::mx_inverse_scale(scale[block]);
    for (int64_t i = 0; i < mx::kMxBlock; ++i) {
      const uint8_t code =
          encode(x[i] * inverse, format, variant.element_rounding, variant.saturate, variant.positive_zero);
      const int64_t at = block * mx::kMxBlock + i;
      if (!fp4) {
        q[at] = code;
      } else if (at % 2 == 0) {
        q[at / 2] = code;
      } else {
        q[at / 2] = mx::fp4_pack(q[at / 2], code);
      }
    }
  });
}

void nvfp4_quantize(const QuantizeVariant& variant, const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                    const judge::MutableTensors& outputs) {
  const float* a = inputs.at("a");
  uint8_t* q = outputs.at("q").as<uint8_t>();
  uint8_t* scale = outputs.at("scale").as<uint8_t>();
  const int64_t m = args.integer("m"), k = args.integer("k"), scale_cols = k / mx::kNvfp4Block;
  const float global_encode = static_cast<float>(args.real("sf_g"));
  std::memset(scale, 0, static_cast<std::size_t>(mx::swizzled_scale_count(m, scale_cols)));
  parallel_for(m, [&](int64_t row) {
    for (int64_t block = 0; block < scale_cols; ++block) {
      const float* x = a + row * k + block * mx::kNvfp4Block;
      float amax = 0;
      for (int64_t i = 0; i < mx::kNvfp4Block; ++i) amax = std::max(amax, std::fabs(x[i]));
      // volatile: each float32 step rounded as written.
      double wanted = 0;
      switch (variant.arithmetic) {
        case Arithmetic::kRecipe: {
          volatile float block_decode = amax / 6.0f;
          wanted = global_encode * block_decode;
          break;
        }
        case Arithmetic::kReciprocalOfSix: {
          volatile float block_decode = amax * (1.0f / 6.0f);
          wanted = global_encode * block_decode;
          break;
        }
        case Arithmetic::kDivisions: {
          volatile float product = global_encode * amax;
          wanted = product / 6.0f;
          break;
        }
        case Arithmetic::kExact: wanted = static_cast<double>(global_encode) * amax / 6; break;
      }
      const uint8_t code = encode(wanted, mx::CodeFormat::kE4m3, variant.scale_rounding, variant.saturate, false);
      scale[mx::swizzled_scale_offset(row, block, scale_cols)] = code;
      const double decoded = mx::e4m3_value(code);
      for (int64_t i = 0; i < mx::kNvfp4Block; ++i) {
        double t = 0;
        if (variant.arithmetic == Arithmetic::kExact) {
          t = decoded == 0 ? 0.0 * x[i] : x[i] * static_cast<double>(global_encode) / decoded;
        } else if (variant.arithmetic == Arithmetic::kDivisions) {
          volatile float step = static_cast<float>(decoded) / global_encode;
          t = decoded == 0 ? 0.0f * x[i] : x[i] / step;
        } else {
          volatile float global_decode = 1.0f / global_encode;
          volatile float product = static_cast<float>(decoded) * global_decode;
          const float element_encode = decoded == 0 ? 0.0f : 1.0f / product;
          t = x[i] * element_encode;
        }
        const uint8_t element =
            encode(t, mx::CodeFormat::kE2m1, variant.element_rounding, true, variant.positive_zero);
        const int64_t at = row * k + block * mx::kNvfp4Block + i;
        q[at / 2] = at % 2 == 0 ? element : mx::fp4_pack(q[at / 2], element);
      }
    }
  });
}

}  // namespace

std::vector<float> upstream_decode(const std::string& slug, const judge::ScalarArgs& args,
                                   const judge::ConstTensors& answer) {
  const uint8_t* q = answer.at("q").as<uint8_t>();
  const uint8_t* scale = answer.at("scale").as<uint8_t>();
  const int64_t m = args.integer("m"), k = args.integer("k");
  std::vector<float> values(static_cast<std::size_t>(m * k));
  const bool nvfp4 = slug == "nvfp4-quantize";
  const float global_decode = nvfp4 ? mx::nvfp4_global_decode(static_cast<float>(args.real("sf_g"))) : 1.0f;
  parallel_for(m, [&](int64_t row) {
    for (int64_t col = 0; col < k; ++col) {
      const int64_t at = row * k + col;
      float value = 0;
      if (nvfp4) {
        const int64_t block = col / mx::kNvfp4Block;
        const float s = static_cast<float>(mx::e4m3_value(scale[mx::swizzled_scale_offset(row, block, k / 16)]));
        value = static_cast<float>(mx::e2m1_value(mx::fp4_nibble(q[at / 2], col))) * s * global_decode;
      } else {
        const uint8_t s = scale[at / mx::kMxBlock];
        const float factor = s == 0xFF ? std::numeric_limits<float>::quiet_NaN()
                                       : static_cast<float>(std::ldexp(1.0, static_cast<int>(s) - 127));
        const double element =
            slug == "mxfp4-quantize" ? mx::e2m1_value(mx::fp4_nibble(q[at / 2], col)) : mx::e4m3_value(q[at]);
        value = static_cast<float>(element) * factor;
      }
      values[static_cast<std::size_t>(at)] = value;
    }
  });
  return values;
}

std::vector<QuantizeVariant> quantize_variants(const std::string& slug) {
  std::vector<QuantizeVariant> variants;
  const auto add = [&](QuantizeVariant variant) { variants.push_back(std::move(variant)); };
  if (slug == "nvfp4-quantize") {
    add({.name = "reference: float32 recipe, nearest even", .source = "the statement"});
    add({.name = "amax * (1/6)", .source = "FlashInfer's kernel", .arithmetic = Arithmetic::kReciprocalOfSix});
    add({.name = "(sf_g * amax) / 6, x / (S / sf_g)", .source = "another float32 order",
         .arithmetic = Arithmetic::kDivisions});
    add({.name = "exact arithmetic (double)", .source = "a float64 solution", .arithmetic = Arithmetic::kExact});
    add({.name = "ties away from zero", .source = "round-half-away casts",
         .scale_rounding = Rounding::kNearestAway, .element_rounding = Rounding::kNearestAway});
    add({.name = "+0 for negatives rounding to 0", .source = "sign-magnitude encoders", .positive_zero = true});
    add({.name = "scale rounded up", .source = "cuDNN's block scale quantize", .allowed = false,
         .scale_rounding = Rounding::kAwayFromZero});
    add({.name = "scale truncated", .source = "a truncating cast", .allowed = false,
         .scale_rounding = Rounding::kTowardZero});
    add({.name = "elements truncated", .source = "a truncating cast", .allowed = false,
         .element_rounding = Rounding::kTowardZero});
    add({.name = "NaN scale instead of 448", .source = "a non-saturating cast", .allowed = false,
         .saturate = false});
    return variants;
  }
  const bool fp8 = slug == "mxfp8-quantize";
  add({.name = "reference: FLOOR scale, nearest even", .source = "torchao to_mx (default)"});
  add({.name = "ties away from zero", .source = "microxcaling's default 'nearest'",
       .element_rounding = Rounding::kNearestAway});
  add({.name = "+0 for negatives rounding to 0", .source = "sign-magnitude encoders", .positive_zero = true});
  add({.name = "elements truncated", .source = "microxcaling 'floor'", .allowed = false,
       .element_rounding = Rounding::kTowardZero});
  add({.name = "CEIL scale", .source = "torchao CEIL", .allowed = false, .mx_scale = MxScale::kCeil});
  add({.name = "EVEN scale", .source = "torchao EVEN", .allowed = false, .mx_scale = MxScale::kEven});
  add({.name = "RCEIL scale", .source = "torchao RCEIL, cuBLAS/cuDNN", .allowed = false,
       .mx_scale = MxScale::kRceil});
  if (fp8) {
    add({.name = "NaN instead of saturating", .source = "a non-saturating cast", .allowed = false,
         .saturate = false});
  }
  return variants;
}

void quantize_like(const std::string& slug, const QuantizeVariant& variant, const judge::ScalarArgs& args,
                   const judge::ConstTensors& inputs, const judge::MutableTensors& outputs) {
  if (slug == "nvfp4-quantize") {
    nvfp4_quantize(variant, args, inputs, outputs);
  } else {
    mx_quantize(variant, slug == "mxfp4-quantize", args, inputs, outputs);
  }
}

bool upstream_close(const std::vector<float>& reference, const std::vector<float>& answer) {
  for (std::size_t i = 0; i < reference.size(); ++i) {
    // torch.allclose(input, other): |input - other| <= atol + rtol * |other|; NaN is never close.
    if (!(std::fabs(reference[i] - answer[i]) <= 1e-3f + 1e-3f * std::fabs(answer[i]))) return false;
  }
  return true;
}

bool upstream_accepts(const std::string& slug, const judge::ScalarArgs& args, const judge::ConstTensors& expected,
                      const judge::ConstTensors& actual) {
  return upstream_close(upstream_decode(slug, args, expected), upstream_decode(slug, args, actual));
}

}  // namespace problems::testing
