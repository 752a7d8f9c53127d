#include "judge/pipeline/compare.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace judge {
namespace {

TEST(CompareOutputs, AcceptsWithinTolerance) {
  const float expected[] = {1.0f, 2.0f, -3.0f, 0.0f};
  const float actual[] = {1.00005f, 2.0f, -3.0002f, 0.00005f};
  Comparison c = compare_outputs(actual, expected, {2, 2}, {1e-4, 1e-4});
  EXPECT_TRUE(c.ok());
  EXPECT_EQ(c.elements, 4);
  EXPECT_NEAR(c.max_abs_error, 0.0002, 1e-6);
}

TEST(CompareOutputs, ReportsCoordinatesOfWrongElements) {
  float expected[2 * 3 * 4] = {};
  float actual[2 * 3 * 4] = {};
  actual[1 * 12 + 2 * 4 + 3] = 1.0f;  // (1, 2, 3)
  Comparison c = compare_outputs(actual, expected, {2, 3, 4}, {1e-4, 1e-4});
  ASSERT_EQ(c.wrong, 1);
  ASSERT_EQ(c.first_wrong.size(), 1u);
  EXPECT_EQ(format_coordinates(c.first_wrong[0].coordinates), "(1, 2, 3)");
  EXPECT_NE(describe(c, "output").find("output(1, 2, 3): got 1, expected 0"), std::string::npos);
}

TEST(CompareOutputs, NaNAndInfAreWrongEvenWithHugeTolerance) {
  const float expected[] = {1.0f, 1.0f};
  const float actual[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()};
  Comparison c = compare_outputs(actual, expected, {2}, {1e9, 1e9});
  EXPECT_EQ(c.wrong, 2);
  EXPECT_EQ(c.non_finite, 2);
}

TEST(CompareOutputs, KeepsOnlyTheFirstFew) {
  float expected[100] = {};
  float actual[100];
  for (float& a : actual) a = 1.0f;
  Comparison c = compare_outputs(actual, expected, {100}, {0, 0}, 3);
  EXPECT_EQ(c.wrong, 100);
  EXPECT_EQ(c.first_wrong.size(), 3u);
  EXPECT_DOUBLE_EQ(c.mean_abs_error, 1.0);
}

TEST(ByteChecks, FindFirstDifferenceAndForeignByte) {
  unsigned char a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  unsigned char b[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(first_difference(a, b, 8), -1);
  b[5] = 0;
  EXPECT_EQ(first_difference(a, b, 8), 5);
  unsigned char guard[16];
  for (auto& g : guard) g = 0xA5;
  EXPECT_EQ(first_byte_not(guard, 16, 0xA5), -1);
  guard[9] = 0;
  EXPECT_EQ(first_byte_not(guard, 16, 0xA5), 9);
}

}  // namespace
}  // namespace judge
