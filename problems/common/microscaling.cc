#include "problems/common/microscaling.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

namespace problems::microscaling {
namespace {

constexpr double kE2m1Values[8] = {0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0};

// |x| rounded to nearest even on the grid of a format with `mantissa_bits`
// and smallest normal exponent `min_exponent` (below it, the subnormal
// step), after clamping to `max_value`.
double round_magnitude(double magnitude, double max_value, int mantissa_bits, int min_exponent) {
  const double a = std::min(magnitude, max_value);
  if (a == 0) return 0;
  int e = 0;
  std::frexp(a, &e);  // a = f * 2^e, f in [0.5, 1): floor(log2 a) = e - 1
  const int exponent = std::max(e - 1, min_exponent);
  const double quantum = std::ldexp(1.0, exponent - mantissa_bits);
  return std::nearbyint(a / quantum) * quantum;  // the default mode: ties to even
}

}  // namespace

double e2m1_value(uint8_t code) {
  const double magnitude = kE2m1Values[code & 0x07];
  return code & 0x08 ? -magnitude : magnitude;
}

bool e4m3_is_nan(uint8_t code) { return (code & 0x7F) == 0x7F; }

double e4m3_value(uint8_t code) {
  if (e4m3_is_nan(code)) return std::numeric_limits<double>::quiet_NaN();
  const int exponent_field = (code >> 3) & 0x0F;
  const int mantissa = code & 0x07;
  const double magnitude = exponent_field == 0 ? std::ldexp(mantissa, -9)
                                               : std::ldexp(8 + mantissa, exponent_field - 7 - 3);
  return code & 0x80 ? -magnitude : magnitude;
}

double e8m0_value(uint8_t code) {
  if (code == 0xFF) return std::numeric_limits<double>::quiet_NaN();
  return std::ldexp(1.0, static_cast<int>(code) - 127);
}

uint8_t e2m1_code(float x) {
  const uint8_t sign = std::signbit(x) ? 0x08 : 0x00;
  const double value = round_magnitude(std::fabs(static_cast<double>(x)), 6.0, 1, 0);
  uint8_t code = 0;
  while (kE2m1Values[code] != value) ++code;  // value is on the grid
  return sign | code;
}

uint8_t e4m3_code(float x) {
  const uint8_t sign = std::signbit(x) ? 0x80 : 0x00;
  if (std::isnan(x)) return sign | 0x7F;
  const double value = round_magnitude(std::fabs(static_cast<double>(x)), 448.0, 3, -6);
  if (value < std::ldexp(1.0, -6)) return sign | static_cast<uint8_t>(std::ldexp(value, 9));  // subnormal or zero
  int e = 0;
  std::frexp(value, &e);
  const int exponent = e - 1;
  const int mantissa = static_cast<int>(std::ldexp(value, 3 - exponent)) - 8;
  return sign | static_cast<uint8_t>(((exponent + 7) << 3) | mantissa);
}

uint8_t mx_scale_code(float max_abs, int element_max_pow2) {
  uint32_t bits = 0;
  std::memcpy(&bits, &max_abs, sizeof bits);
  const int exponent = static_cast<int>((bits >> 23) & 0xFF) - 127;
  return static_cast<uint8_t>(std::clamp(exponent - element_max_pow2, -127, 127) + 127);
}

float mx_inverse_scale(uint8_t code) { return static_cast<float>(std::ldexp(1.0, 127 - static_cast<int>(code))); }

Nvfp4BlockScale nvfp4_block_scale(float amax, float global_encode) {
  // Each step in float32, rounded as written (volatile keeps a compiler
  // from fusing or reordering them).
  volatile float block_decode = amax / 6.0f;
  volatile float scaled = global_encode * block_decode;
  Nvfp4BlockScale scale{};
  scale.code = e4m3_code(scaled);
  const float decoded = static_cast<float>(e4m3_value(scale.code));
  volatile float global_decode = 1.0f / global_encode;
  volatile float product = decoded * global_decode;
  scale.encode = decoded == 0.0f ? 0.0f : 1.0f / product;
  return scale;
}

float nvfp4_global_decode(float global_encode) { return static_cast<float>(1.0 / static_cast<double>(global_encode)); }

std::span<const double> code_magnitudes(CodeFormat format) {
  static const std::array<double, 127> e4m3 = [] {
    std::array<double, 127> values{};
    for (int code = 0; code < 127; ++code) values[code] = e4m3_value(static_cast<uint8_t>(code));
    return values;
  }();
  if (format == CodeFormat::kE2m1) return kE2m1Values;
  return e4m3;
}

namespace {

// Index of the magnitude nearest a >= 0 in the ascending `values`, a tie
// going up or down as asked, beyond the last one the last.
int64_t nearest_index(std::span<const double> values, double a, bool ties_up) {
  const auto above = std::upper_bound(values.begin(), values.end(), a);
  if (above == values.end()) return static_cast<int64_t>(values.size()) - 1;
  const int64_t hi = above - values.begin();
  const int64_t lo = hi - 1;  // values[0] = 0 <= a
  const double below_gap = a - values[lo], above_gap = values[hi] - a;
  if (below_gap != above_gap) return below_gap < above_gap ? lo : hi;
  return ties_up ? hi : lo;
}

}  // namespace

bool rounds_to_nearest(uint8_t code, CodeFormat format, double t, double slack) {
  const std::span<const double> values = code_magnitudes(format);
  const uint8_t sign_bit = format == CodeFormat::kE2m1 ? 0x08 : 0x80;
  const int64_t index = code & (sign_bit - 1);
  if (index >= static_cast<int64_t>(values.size())) return false;  // E4M3 NaN (or E2M1 bits above the nibble)
  const double a = std::fabs(t);
  // Rounding to nearest is monotone, so the codes reachable from
  // a * [1 - slack, 1 + slack] are those between the two extremes.
  const int64_t lowest = nearest_index(values, a * (1 - slack), false);
  const int64_t highest = nearest_index(values, a * (1 + slack), true);
  if (index < lowest || index > highest) return false;
  return index == 0 || ((code & sign_bit) != 0) == std::signbit(t);
}

int64_t swizzled_scale_count(int64_t rows, int64_t cols) { return (rows + 127) / 128 * 128 * ((cols + 3) / 4 * 4); }

int64_t swizzled_scale_offset(int64_t row, int64_t col, int64_t cols) {
  const int64_t col_tiles = (cols + 3) / 4;
  return ((row / 128) * col_tiles + col / 4) * 512 + (row % 32) * 16 + (row % 128) / 32 * 4 + col % 4;
}

}  // namespace problems::microscaling
