// The per-call and total time limits the CPU backend derives (time_limits.h).
#include "judge/pipeline/time_limits.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(DerivedCallLimit, IsAHundredTimesTheReferenceWithAFloor) {
  EXPECT_DOUBLE_EQ(derived_cpu_time_limit(0.01), kCpuLimitFloorSeconds);
  EXPECT_DOUBLE_EQ(derived_cpu_time_limit(3.0), 300.0);
}

TEST(CheckStageBudget, SmallTiersKeepTheFixedDefault) {
  EXPECT_DOUBLE_EQ(check_stage_budget({}, 4), kDefaultTotalTimeLimitSeconds);
  EXPECT_DOUBLE_EQ(check_stage_budget({{60, 0.1}, {60, 0.2}}, 4), kDefaultTotalTimeLimitSeconds);
}

TEST(CheckStageBudget, SumsEveryCallAtItsLimitPlusItsPreparation) {
  // Two passes of two seeds each on three cases a conv full tier might have.
  const std::vector<CaseBudget> cases = {{300, 3}, {600, 6}, {1200, 12}};
  EXPECT_DOUBLE_EQ(check_stage_budget(cases, 4), 4 * (303 + 606 + 1212));
  EXPECT_GT(check_stage_budget(cases, 4), kDefaultTotalTimeLimitSeconds);
}

TEST(BenchStageBudget, CountsWarmUpAndMinimumRunsAtTheLimitAndEveryRequestsPreparation) {
  StoppingRule stopping;
  stopping.min_runs = 5;
  stopping.max_runs = 200;
  stopping.budget_seconds = 5;
  const std::vector<CaseBudget> cases = {{100, 1}};
  // (2 + 5) runs at 100 s, twice the 5 s budget, (5 + 2 + 200) requests at 1 s + the overhead.
  EXPECT_DOUBLE_EQ(bench_stage_budget(cases, /*warmup_runs=*/2, /*calibration_runs=*/5, stopping),
                   7 * 100 + 2 * 5 + 207 * (1 + kRunOverheadSeconds));
  EXPECT_DOUBLE_EQ(bench_stage_budget({}, 2, 5, stopping), 0);
}

TEST(BenchStageBudget, GrowsWithEachCase) {
  const StoppingRule stopping;
  const double one = bench_stage_budget({{60, 0.5}}, 2, 5, stopping);
  EXPECT_DOUBLE_EQ(bench_stage_budget({{60, 0.5}, {60, 0.5}}, 2, 5, stopping), 2 * one);
}

}  // namespace
}  // namespace judge
