#include "harness/runner/stopping.h"

#include <gtest/gtest.h>

namespace runner {
namespace {

TEST(RelativeStandardError, ConstantSamplesHaveNone) {
  EXPECT_DOUBLE_EQ(relative_standard_error({2.0, 2.0, 2.0, 2.0}), 0.0);
}

TEST(RelativeStandardError, MatchesHandComputedValue) {
  // mean 2.5, sample stddev 1.2910, sem 0.6455, rse 0.2582
  EXPECT_NEAR(relative_standard_error({1.0, 2.0, 3.0, 4.0}), 0.258199, 1e-6);
}

TEST(ShouldStop, NeverBeforeMinimumRuns) {
  StoppingRule rule;
  rule.min_runs = 5;
  EXPECT_FALSE(should_stop(rule, {1.0, 1.0, 1.0, 1.0}, 100.0));
}

TEST(ShouldStop, StopsOnceStableAfterMinimum) {
  StoppingRule rule;
  EXPECT_TRUE(should_stop(rule, {1.0, 1.0, 1.001, 0.999, 1.0}, 0.1));
}

TEST(ShouldStop, KeepsGoingWhileNoisyWithinBudget) {
  StoppingRule rule;
  EXPECT_FALSE(should_stop(rule, {1.0, 3.0, 1.0, 3.0, 1.0}, 0.1));
}

TEST(ShouldStop, BudgetEndsNoisyMeasurement) {
  StoppingRule rule;
  rule.budget_seconds = 1.0;
  EXPECT_TRUE(should_stop(rule, {1.0, 3.0, 1.0, 3.0, 1.0}, 1.5));
}

TEST(ShouldStop, MaxRunsEndsNoisyMeasurement) {
  StoppingRule rule;
  rule.max_runs = 6;
  EXPECT_TRUE(should_stop(rule, {1.0, 3.0, 1.0, 3.0, 1.0, 3.0}, 0.1));
}

}  // namespace
}  // namespace runner
