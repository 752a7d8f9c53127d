#include "judge/pipeline/stopping.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

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
}  // namespace judge
