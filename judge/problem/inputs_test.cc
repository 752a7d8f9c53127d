#include "judge/problem/inputs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "judge/problem/philox.h"

namespace judge {
namespace {

struct KnownAnswer {
  Philox4x32 counter;
  PhiloxKey key;
  Philox4x32 expected;
};

// Random123's published known-answer vectors for philox4x32_10 (kat_vectors).
const KnownAnswer kKnownAnswers[] = {
    {{{0, 0, 0, 0}}, {{0, 0}}, {{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}}},
    {{{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}},
     {{0xffffffff, 0xffffffff}},
     {{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}}},
    {{{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}},
     {{0xa4093822, 0x299f31d0}},
     {{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}}},
};

TEST(Philox, MatchesRandom123KnownAnswers) {
  for (const KnownAnswer& answer : kKnownAnswers) {
    Philox4x32 result = philox4x32_10(answer.counter, answer.key);
    for (int i = 0; i < 4; ++i) {
      EXPECT_EQ(result.v[i], answer.expected.v[i]) << "word " << i << " for counter " << std::hex
                                                   << answer.counter.v[0];
    }
  }
}

TEST(UnitFloat, UsesTheTop24BitsExactly) {
  EXPECT_EQ(unit_float(0), 0.0f);
  EXPECT_EQ(unit_float(0xff), 0.0f) << "the low 8 bits are dropped";
  EXPECT_EQ(unit_float(0x100), std::ldexp(1.0f, -24));
  EXPECT_EQ(unit_float(0x80000000u), 0.5f);
  EXPECT_EQ(unit_float(0xffffffffu), 1.0f - std::ldexp(1.0f, -24));
}

TEST(UniformElement, StaysInTheHalfOpenRange) {
  const uint64_t key = input_stream_key("p", "c", "t", 1);
  for (uint64_t i = 0; i < 100000; ++i) {
    const float value = uniform_element(key, i, -1.0f, 1.0f);
    ASSERT_GE(value, -1.0f);
    ASSERT_LT(value, 1.0f);
  }
  // A range so narrow that rounding to float would reach hi is kept below it.
  const float lo = 1.0f, hi = std::nextafter(1.0f, 2.0f);
  for (uint64_t i = 0; i < 1000; ++i) ASSERT_EQ(uniform_element(key, i, lo, hi), lo);
}

TEST(UniformRange, ExactWidthsOnly) {
  EXPECT_TRUE(uniform_range_is_exact(0.0f, 1.0f));
  EXPECT_TRUE(uniform_range_is_exact(-1.0f, 1.0f));
  EXPECT_TRUE(uniform_range_is_exact(100.0f, 200.0f));
  EXPECT_TRUE(uniform_range_is_exact(0.1f, 0.3f));
  EXPECT_TRUE(uniform_range_is_exact(-3.0e4f, 2.0f));
  EXPECT_FALSE(uniform_range_is_exact(1e-10f, 1e10f)) << "width needs more than 29 bits";
  EXPECT_FALSE(uniform_range_is_exact(1.0f, 1.0f)) << "empty";
  EXPECT_FALSE(uniform_range_is_exact(2.0f, 1.0f)) << "reversed";
  EXPECT_FALSE(uniform_range_is_exact(0.0f, INFINITY));
}

TEST(UniformElement, IsTheDocumentedFormula) {
  const uint64_t key = input_stream_key("p", "c", "t", 9);
  for (uint64_t index : {uint64_t{0}, uint64_t{1}, uint64_t{123456789}, (uint64_t{1} << 33) + 5}) {
    const Philox4x32 counter{{static_cast<uint32_t>(index), static_cast<uint32_t>(index >> 32), 0, 0}};
    const uint32_t bits = philox4x32_10(counter, philox_key(key)).v[0];
    const double u = (bits >> 8) / 16777216.0;
    EXPECT_EQ(uniform_element(key, index, -2.0f, 3.0f), static_cast<float>(-2.0 + 5.0 * u)) << index;
  }
}

TEST(UniformElement, MeanAndSpreadLookUniform) {
  const uint64_t key = input_stream_key("p", "c", "t", 2);
  const int count = 200000;
  double sum = 0, sum_squares = 0;
  for (int i = 0; i < count; ++i) {
    const double value = uniform_element(key, i, 0.0f, 1.0f);
    sum += value;
    sum_squares += value * value;
  }
  const double mean = sum / count;
  EXPECT_NEAR(mean, 0.5, 0.005);
  EXPECT_NEAR(sum_squares / count - mean * mean, 1.0 / 12.0, 0.002);
}

TEST(InputStreamKey, DependsOnEveryPart) {
  const uint64_t base = input_stream_key("problem", "case", "input", 0);
  EXPECT_EQ(base, input_stream_key("problem", "case", "input", 0));
  EXPECT_NE(base, input_stream_key("problem2", "case", "input", 0));
  EXPECT_NE(base, input_stream_key("problem", "case2", "input", 0));
  EXPECT_NE(base, input_stream_key("problem", "case", "kernel", 0));
  EXPECT_NE(base, input_stream_key("problem", "case", "input", 1));
  // The separator keeps ("ab", "c") and ("a", "bc") apart.
  EXPECT_NE(input_stream_key("ab", "c", "t", 0), input_stream_key("a", "bc", "t", 0));
}

TEST(Fnv1a64, KnownValues) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
}

TEST(FillUniform, ResultDoesNotDependOnThreadCount) {
  const int64_t count = (1 << 18) + 12345;  // several threads' worth, ragged end
  const uint64_t key = input_stream_key("p", "c", "t", 3);
  std::vector<float> serial(count), parallel(count), many(count);
  fill_uniform(serial.data(), count, key, -2.0f, 3.0f, 1);
  fill_uniform(parallel.data(), count, key, -2.0f, 3.0f, 2);
  fill_uniform(many.data(), count, key, -2.0f, 3.0f, 7);
  EXPECT_EQ(serial, parallel);
  EXPECT_EQ(serial, many);
  for (int64_t i : {int64_t{0}, int64_t{1}, count / 2, count - 1}) {
    EXPECT_EQ(serial[i], uniform_element(key, i, -2.0f, 3.0f)) << "element " << i << " on its own";
  }
}

TEST(FillUniform, AnySliceCanBeFilledOnItsOwn) {
  const uint64_t key = input_stream_key("p", "c", "t", 4);
  std::vector<float> whole(1000), tail(400);
  fill_uniform(whole.data(), 1000, key, 0.0f, 1.0f, 1);
  fill_uniform(tail.data(), 400, key, 0.0f, 1.0f, 1, 600);
  EXPECT_TRUE(std::equal(tail.begin(), tail.end(), whole.begin() + 600));
}

}  // namespace
}  // namespace judge
