#include "problems/common/microscaling.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace problems {

double decode_e4m3(uint8_t byte) {
  const int sign = byte >> 7, exponent = (byte >> 3) & 0xF, mantissa = byte & 0x7;
  if (exponent == 0xF && mantissa == 0x7) return std::numeric_limits<double>::quiet_NaN();
  const double magnitude =
      exponent == 0 ? std::ldexp(mantissa / 8.0, -6) : std::ldexp(1.0 + mantissa / 8.0, exponent - 7);
  return sign ? -magnitude : magnitude;
}

double decode_e2m1(uint8_t nibble) {
  static constexpr double kMagnitudes[8] = {0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0};
  const double magnitude = kMagnitudes[nibble & 0x7];
  return nibble & 0x8 ? -magnitude : magnitude;
}

double decode_e8m0(uint8_t byte) {
  return byte == 0xFF ? std::numeric_limits<double>::quiet_NaN() : std::ldexp(1.0, byte - 127);
}

std::optional<std::string> check_exact_decode(const float* expected, const float* actual, int64_t count,
                                              int64_t columns, std::string (*describe)(int64_t i, const void*),
                                              const void* context) {
  std::ostringstream wrong;
  int64_t wrong_count = 0;
  for (int64_t i = 0; i < count; ++i) {
    const bool right = std::isnan(expected[i]) ? std::isnan(actual[i]) : actual[i] == expected[i];
    if (right) continue;
    if (++wrong_count <= 5) {
      wrong << "out(" << i / columns << ", " << i % columns << "): got " << actual[i] << ", the exact decode is "
            << expected[i] << " (" << describe(i, context) << ")\n";
    }
  }
  if (wrong_count == 0) return std::nullopt;
  wrong << wrong_count << " of " << count << " element(s) differ from the exact decode";
  return wrong.str();
}

}  // namespace problems
