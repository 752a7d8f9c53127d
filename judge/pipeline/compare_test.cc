#include "judge/pipeline/compare.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
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

// Device bytes of `values` as `type`.
std::vector<char> device_bytes(ScalarType type, const std::vector<double>& values) {
  TensorBuffer buffer(type, static_cast<int64_t>(values.size()));
  for (std::size_t i = 0; i < values.size(); ++i) buffer.set(static_cast<int64_t>(i), values[i]);
  return buffer.device_bytes();
}

TensorBuffer expected_of(ScalarType type, const std::vector<double>& values) {
  TensorBuffer buffer(type, static_cast<int64_t>(values.size()));
  for (std::size_t i = 0; i < values.size(); ++i) buffer.set(static_cast<int64_t>(i), values[i]);
  return buffer;
}

TEST(CompareTyped, IntegerOutputsCompareExactlyWhateverTheTolerance) {
  const TensorBuffer expected = expected_of(ScalarType::kInt32, {1, 2, 3});
  const std::vector<char> actual = device_bytes(ScalarType::kInt32, {1, 2, 4});
  Comparison c = compare_outputs(actual.data(), expected, {3}, {1e9, 1e9});
  EXPECT_TRUE(c.exact);
  EXPECT_EQ(c.wrong, 1);
  EXPECT_NE(describe(c, "output").find("output(2): got 4, expected 3"), std::string::npos) << describe(c, "output");
  EXPECT_NE(describe(c, "output").find("compared exactly"), std::string::npos);
  EXPECT_TRUE(compare_outputs(device_bytes(ScalarType::kInt32, {1, 2, 3}).data(), expected, {3}, {0, 0}).ok());
}

TEST(CompareTyped, Int64BeyondDoublePrecisionIsStillExact) {
  TensorBuffer expected(ScalarType::kInt64, 1);
  expected.mutable_values<int64_t>()[0] = (int64_t{1} << 53) + 1;
  const int64_t off_by_one = int64_t{1} << 53;  // the same double as the expected value
  std::vector<char> actual(8);
  std::memcpy(actual.data(), &off_by_one, 8);
  EXPECT_EQ(compare_outputs(actual.data(), expected, {1}, {1, 1}).wrong, 1);
}

TEST(CompareTyped, BoolsCompareByTruth) {
  const TensorBuffer expected = expected_of(ScalarType::kBool, {1, 0, 1});
  const std::vector<char> actual = {2, 0, 0};  // 2 is true too
  Comparison c = compare_outputs(actual.data(), expected, {3}, {0, 0});
  EXPECT_EQ(c.wrong, 1);
  ASSERT_EQ(c.first_wrong.size(), 1u);
  EXPECT_EQ(c.first_wrong[0].coordinates, std::vector<int64_t>{2});
}

TEST(CompareTyped, HalfOutputsUseTheToleranceOnTheirValues) {
  // The expected values stay exact (held as float32); the float16 output is
  // off by its rounding, about 2e-4 relative here.
  TensorBuffer expected(ScalarType::kFloat16, 3);
  std::span<float> exact = expected.mutable_values<float>();
  exact[0] = 0.1f, exact[1] = -3.3f, exact[2] = 1000.7f;
  const std::vector<char> actual = device_bytes(ScalarType::kFloat16, {0.1, -3.3, 1000.7});
  EXPECT_TRUE(compare_outputs(actual.data(), expected, {3}, {1e-3, 0}).ok());
  EXPECT_EQ(compare_outputs(actual.data(), expected, {3}, {1e-5, 0}).wrong, 3) << "float16 rounding exceeds 1e-5";
  const std::vector<char> bad = {0x00, 0x7e, 0x00, 0x3c, 0x00, 0x7c};  // NaN, 1.0, +Inf as float16 bits
  EXPECT_EQ(compare_outputs(bad.data(), expected, {3}, {1e9, 1e9}).non_finite, 2);
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
