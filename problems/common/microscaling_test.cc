#include "problems/common/microscaling.h"

#include <gtest/gtest.h>

#include <cmath>

namespace problems::microscaling {
namespace {

TEST(Microscaling, DecodesE2m1) {
  const double positive[8] = {0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0};
  for (uint8_t code = 0; code < 8; ++code) {
    EXPECT_EQ(e2m1_value(code), positive[code]) << int(code);
    EXPECT_EQ(e2m1_value(code | 0x08), -positive[code]) << int(code);
  }
  EXPECT_TRUE(std::signbit(e2m1_value(0x08))) << "0x8 is negative zero";
  EXPECT_EQ(e2m1_value(0xFB), -1.5) << "only the low nibble counts";
}

TEST(Microscaling, DecodesE4m3) {
  EXPECT_EQ(e4m3_value(0x00), 0.0);
  EXPECT_EQ(e4m3_value(0x01), std::ldexp(1.0, -9)) << "smallest subnormal";
  EXPECT_EQ(e4m3_value(0x07), 7 * std::ldexp(1.0, -9)) << "largest subnormal";
  EXPECT_EQ(e4m3_value(0x08), std::ldexp(1.0, -6)) << "smallest normal";
  EXPECT_EQ(e4m3_value(0x38), 1.0);
  EXPECT_EQ(e4m3_value(0x3C), 1.5);
  EXPECT_EQ(e4m3_value(0x7E), 448.0) << "largest finite";
  EXPECT_EQ(e4m3_value(0xC0), -2.0);
  EXPECT_EQ(e4m3_value(0xFE), -448.0);
  EXPECT_TRUE(std::isnan(e4m3_value(0x7F)));
  EXPECT_TRUE(std::isnan(e4m3_value(0xFF)));
  EXPECT_TRUE(e4m3_is_nan(0xFF));
  EXPECT_FALSE(e4m3_is_nan(0x7E));
}

TEST(Microscaling, DecodesE8m0) {
  EXPECT_EQ(e8m0_value(127), 1.0);
  EXPECT_EQ(e8m0_value(0), std::ldexp(1.0, -127));
  EXPECT_EQ(e8m0_value(254), std::ldexp(1.0, 127));
  EXPECT_EQ(e8m0_value(120), 1.0 / 128);
  EXPECT_TRUE(std::isnan(e8m0_value(255)));
}

TEST(Microscaling, EncodesE2m1ToNearestEvenWithSaturation) {
  EXPECT_EQ(e2m1_code(0.0f), 0x0);
  EXPECT_EQ(e2m1_code(-0.0f), 0x8);
  EXPECT_EQ(e2m1_code(0.25f), 0x0) << "tie between 0 and 0.5: even (0)";
  EXPECT_EQ(e2m1_code(0.26f), 0x1);
  EXPECT_EQ(e2m1_code(-0.1f), 0x8) << "rounds to negative zero";
  EXPECT_EQ(e2m1_code(0.75f), 0x2) << "tie between 0.5 and 1: even (1.0)";
  EXPECT_EQ(e2m1_code(1.25f), 0x2) << "tie between 1 and 1.5: even (1.0)";
  EXPECT_EQ(e2m1_code(1.75f), 0x4) << "tie between 1.5 and 2: even (2.0)";
  EXPECT_EQ(e2m1_code(2.5f), 0x4) << "tie between 2 and 3: even (2.0)";
  EXPECT_EQ(e2m1_code(3.5f), 0x6) << "tie between 3 and 4: even (4.0)";
  EXPECT_EQ(e2m1_code(5.0f), 0x6) << "tie between 4 and 6: even (4.0)";
  EXPECT_EQ(e2m1_code(5.01f), 0x7);
  EXPECT_EQ(e2m1_code(6.0f), 0x7);
  EXPECT_EQ(e2m1_code(1e30f), 0x7) << "saturates";
  EXPECT_EQ(e2m1_code(-7.0f), 0xF);
  EXPECT_EQ(e2m1_code(-2.9f), 0xD);
  for (uint8_t code = 0; code < 16; ++code) EXPECT_EQ(e2m1_code(static_cast<float>(e2m1_value(code))), code);
}

TEST(Microscaling, EncodesE4m3ToNearestEvenWithSaturation) {
  EXPECT_EQ(e4m3_code(1.0f), 0x38);
  EXPECT_EQ(e4m3_code(-0.0f), 0x80);
  EXPECT_EQ(e4m3_code(1.0625f), 0x38) << "tie between 1 and 1.125: even";
  EXPECT_EQ(e4m3_code(1.1875f), 0x3A) << "tie between 1.125 and 1.25: even (1.25)";
  EXPECT_EQ(e4m3_code(1.07f), 0x39);
  EXPECT_EQ(e4m3_code(std::ldexp(1.0f, -10)), 0x00) << "half the smallest subnormal: even (0)";
  EXPECT_EQ(e4m3_code(-std::ldexp(1.0f, -11)), 0x80) << "negative zero";
  EXPECT_EQ(e4m3_code(std::ldexp(3.0f, -10)), 0x02) << "1.5 subnormal steps: even (2)";
  EXPECT_EQ(e4m3_code(std::ldexp(15.0f, -10)), 0x08) << "7.5 subnormal steps round up to the smallest normal";
  EXPECT_EQ(e4m3_code(15.5f), 0x58) << "tie between 15 and 16: even (16)";
  EXPECT_EQ(e4m3_code(440.0f), 0x7E) << "tie between 416 and 448: even (448)";
  EXPECT_EQ(e4m3_code(464.0f), 0x7E) << "saturates rather than becoming NaN";
  EXPECT_EQ(e4m3_code(-1e9f), 0xFE);
  EXPECT_EQ(e4m3_code(NAN), 0x7F);
  for (int code = 0; code < 256; ++code) {
    if (e4m3_is_nan(static_cast<uint8_t>(code))) continue;
    EXPECT_EQ(e4m3_code(static_cast<float>(e4m3_value(static_cast<uint8_t>(code)))), code);
  }
}

TEST(Microscaling, ChoosesTheMxScaleFromTheLargestExponent) {
  // max 0.75 = 1.5 * 2^-1: E4M3 scale 2^(-1 - 8), E2M1 2^(-1 - 2).
  EXPECT_EQ(mx_scale_code(0.75f, kE4m3MaxPow2), 127 - 9);
  EXPECT_EQ(mx_scale_code(0.75f, kE2m1MaxPow2), 127 - 3);
  EXPECT_EQ(mx_scale_code(1.0f, kE4m3MaxPow2), 127 - 8);
  EXPECT_EQ(mx_scale_code(1.99f, kE4m3MaxPow2), 127 - 8) << "floor: the mantissa does not round the exponent up";
  EXPECT_EQ(mx_scale_code(0.0f, kE4m3MaxPow2), 0) << "clamped to 2^-127";
  EXPECT_EQ(mx_scale_code(3e38f, kE2m1MaxPow2), 127 + 125);
  EXPECT_EQ(mx_inverse_scale(127 - 9), 512.0f);
  EXPECT_EQ(mx_inverse_scale(0), std::ldexp(1.0f, 127));
  EXPECT_EQ(mx_inverse_scale(254), std::ldexp(1.0f, -127));
  // 1.99 * 2^8 = 509.44 is above 448: the cast saturates.
  EXPECT_EQ(e4m3_code(1.99f * mx_inverse_scale(mx_scale_code(1.99f, kE4m3MaxPow2))), 0x7E);
}

TEST(Microscaling, ComputesTheNvfp4BlockScale) {
  // amax 1, global 2688 = 6 * 448: 2688 / 6 = 448 exactly, code 0x7E; the
  // element factor 1 / (448 / 2688) = 6.
  Nvfp4BlockScale scale = nvfp4_block_scale(1.0f, 2688.0f);
  EXPECT_EQ(scale.code, 0x7E);
  EXPECT_FLOAT_EQ(scale.encode, 6.0f);
  // amax 0.5: 224 = 1.75 * 2^7, code 0x76.
  scale = nvfp4_block_scale(0.5f, 2688.0f);
  EXPECT_EQ(scale.code, 0x76);
  EXPECT_FLOAT_EQ(scale.encode, 12.0f);
  // amax 0.3: 2688 * 0.05 = 134.4 rounds to 128 (step 16 in [128, 256)).
  scale = nvfp4_block_scale(0.3f, 2688.0f);
  EXPECT_EQ(scale.code, 0x70);
  EXPECT_FLOAT_EQ(scale.encode, 21.0f);
  scale = nvfp4_block_scale(0.0f, 2688.0f);
  EXPECT_EQ(scale.code, 0x00);
  EXPECT_EQ(scale.encode, 0.0f) << "an all-zero block";
  EXPECT_EQ(nvfp4_global_decode(4.0f), 0.25f);
}

TEST(Microscaling, PacksTwoFp4CodesLowNibbleFirst) {
  EXPECT_EQ(fp4_pack(0x2, 0xF), 0xF2);
  EXPECT_EQ(fp4_nibble(0xF2, 0), 0x2);
  EXPECT_EQ(fp4_nibble(0xF2, 1), 0xF);
}

TEST(Microscaling, LaysOutScalesIn128x4Tiles) {
  EXPECT_EQ(swizzled_scale_count(1, 1), 128 * 4);
  EXPECT_EQ(swizzled_scale_count(129, 5), 256 * 8);
  // Rows 0, 32, 64, 96 of a tile are neighbours; row 1 follows 16 bytes on.
  EXPECT_EQ(swizzled_scale_offset(0, 0, 4), 0);
  EXPECT_EQ(swizzled_scale_offset(0, 3, 4), 3);
  EXPECT_EQ(swizzled_scale_offset(32, 0, 4), 4);
  EXPECT_EQ(swizzled_scale_offset(96, 2, 4), 14);
  EXPECT_EQ(swizzled_scale_offset(1, 0, 4), 16);
  EXPECT_EQ(swizzled_scale_offset(127, 3, 4), 31 * 16 + 12 + 3);
  // With 8 columns the second column tile follows the first (512 bytes).
  EXPECT_EQ(swizzled_scale_offset(0, 4, 8), 512);
  EXPECT_EQ(swizzled_scale_offset(128, 0, 8), 1024);
  EXPECT_EQ(swizzled_scale_offset(128, 5, 6), 1024 + 512 + 1) << "6 columns pad to 8";
}


TEST(Microscaling, AcceptsTheNearestCodeAndEitherNeighbourOfATie) {
  // E2M1 magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6 are codes 0-7.
  EXPECT_TRUE(rounds_to_nearest(0x2, CodeFormat::kE2m1, 1.1, 0));
  EXPECT_FALSE(rounds_to_nearest(0x3, CodeFormat::kE2m1, 1.1, 0));   // the farther neighbour
  EXPECT_TRUE(rounds_to_nearest(0x6, CodeFormat::kE2m1, 5.0, 0));    // tie 4 | 6: to even
  EXPECT_TRUE(rounds_to_nearest(0x7, CodeFormat::kE2m1, 5.0, 0));    // tie 4 | 6: away from zero
  EXPECT_FALSE(rounds_to_nearest(0x5, CodeFormat::kE2m1, 5.0, 0));
  EXPECT_TRUE(rounds_to_nearest(0x7, CodeFormat::kE2m1, 7.9, 0));    // saturates at 6
  EXPECT_TRUE(rounds_to_nearest(0xB, CodeFormat::kE2m1, -1.5, 0));   // sign bit 3
  EXPECT_FALSE(rounds_to_nearest(0x3, CodeFormat::kE2m1, -1.5, 0));  // wrong sign
  EXPECT_TRUE(rounds_to_nearest(0x0, CodeFormat::kE2m1, -0.1, 0));   // a zero of either sign
  EXPECT_TRUE(rounds_to_nearest(0x8, CodeFormat::kE2m1, 0.1, 0));
  EXPECT_TRUE(rounds_to_nearest(0x8, CodeFormat::kE2m1, -0.25, 0));  // tie 0 | 0.5
  EXPECT_TRUE(rounds_to_nearest(0x9, CodeFormat::kE2m1, -0.25, 0));
  // E4M3: 1.0625 lies half way between 1 (0x38) and 1.125 (0x39).
  EXPECT_TRUE(rounds_to_nearest(0x38, CodeFormat::kE4m3, 1.0625, 0));
  EXPECT_TRUE(rounds_to_nearest(0x39, CodeFormat::kE4m3, 1.0625, 0));
  EXPECT_FALSE(rounds_to_nearest(0x39, CodeFormat::kE4m3, 1.06, 0));
  EXPECT_TRUE(rounds_to_nearest(0x39, CodeFormat::kE4m3, 1.06, 0.01));  // within the slack of the tie
  EXPECT_TRUE(rounds_to_nearest(0x7E, CodeFormat::kE4m3, 470, 0));      // saturates at 448
  EXPECT_FALSE(rounds_to_nearest(0x7F, CodeFormat::kE4m3, 470, 0));     // NaN never
  EXPECT_TRUE(rounds_to_nearest(0x01, CodeFormat::kE4m3, std::ldexp(1.0, -10), 0));  // tie 0 | 2^-9
  EXPECT_TRUE(rounds_to_nearest(0x00, CodeFormat::kE4m3, std::ldexp(1.0, -10), 0));
}

}  // namespace
}  // namespace problems::microscaling
