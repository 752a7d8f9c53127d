#include "judge/pipeline/statistics.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(RelativeStandardError, ConstantSamplesHaveNone) {
  EXPECT_DOUBLE_EQ(relative_standard_error({2.0, 2.0, 2.0, 2.0}), 0.0);
}

TEST(RelativeStandardError, MatchesHandComputedValue) {
  // mean 2.5, sample stddev 1.2910, sem 0.6455, rse 0.2582
  EXPECT_NEAR(relative_standard_error({1.0, 2.0, 3.0, 4.0}), 0.258199, 1e-6);
}

TEST(RelativeStandardError, NoneForFewerThanTwoSamples) {
  EXPECT_DOUBLE_EQ(relative_standard_error({}), 0.0);
  EXPECT_DOUBLE_EQ(relative_standard_error({3.0}), 0.0);
}

TEST(Summarise, ReportsTheRelativeStandardError) {
  const Timing timing = summarise({4.0, 1.0, 3.0, 2.0}, 0);
  EXPECT_DOUBLE_EQ(timing.rse, relative_standard_error({1.0, 2.0, 3.0, 4.0}));
  EXPECT_NEAR(timing.rse, 0.258199, 1e-6);
  EXPECT_EQ(summarise({5.0}, 0).rse, 0.0);
}

TEST(Summarise, GivesGflopsAtTheMedian) {
  EXPECT_DOUBLE_EQ(summarise({1.0, 2.0, 4.0}, 4e9).gflops, 2000.0);  // 4 GFLOP in 2 ms
  EXPECT_DOUBLE_EQ(gflops_in(1e9, 0), 0.0);
}

TEST(GeometricMean, IsZeroWhenAnyValueIsNotPositive) {
  EXPECT_DOUBLE_EQ(geometric_mean({2.0, 8.0}), 4.0);
  EXPECT_DOUBLE_EQ(geometric_mean({}), 0.0);
  EXPECT_DOUBLE_EQ(geometric_mean({2.0, 0.0}), 0.0);
  EXPECT_DOUBLE_EQ(geometric_mean({2.0, -1.0}), 0.0);
}

TEST(RankedFigure, IsTheMedianWhenResolvedAndTheNoiseBoundWhenNot) {
  EXPECT_DOUBLE_EQ(ranked_ms(3.0, 0.1), 3.0);
  // Below its bound a median cannot be told from zero: it ranks at the bound.
  EXPECT_DOUBLE_EQ(ranked_ms(1e-6, 600.0), 600.0);
  EXPECT_DOUBLE_EQ(ranked_ms(0.5, 0.0), 0.5);  // records from before noise bounds
}

}  // namespace
}  // namespace judge
