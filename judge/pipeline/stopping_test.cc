#include "judge/pipeline/stopping.h"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

namespace judge {
namespace {

// A case's progress after `figures` runs that each cost `run_seconds` of
// wall time, with `share_seconds` of the budget.
CaseProgress after_runs(std::vector<double> figures, double run_seconds, double share_seconds) {
  CaseProgress progress;
  progress.measured_seconds = 0.001 * static_cast<double>(figures.size());
  progress.spent_seconds = run_seconds * static_cast<double>(figures.size());
  progress.next_run_seconds = run_seconds;
  progress.share_seconds = share_seconds;
  progress.figures_ms = std::move(figures);
  return progress;
}

TEST(StopReason, AlwaysOneRunHoweverSmallTheShare) {
  StoppingRule rule;
  EXPECT_EQ(stop_reason(rule, after_runs({}, 10, 0)), StopReason::Continue);
  EXPECT_EQ(stop_reason(rule, after_runs({1.0}, 10, 0)), StopReason::Budget);
}

TEST(StopReason, TheBudgetEndsACaseBeforeTheMinimumRuns) {
  StoppingRule rule;
  rule.min_runs = 5;
  // Three runs of 10 s in a share of 35 s: a fourth would overrun it.
  EXPECT_EQ(stop_reason(rule, after_runs({1.0, 3.0}, 10, 35)), StopReason::Continue);
  EXPECT_EQ(stop_reason(rule, after_runs({1.0, 3.0, 1.0}, 10, 35)), StopReason::Budget);
}

TEST(StopReason, WithoutABudgetTheRuleAloneDecides) {
  StoppingRule rule;
  rule.min_runs = 5;
  rule.max_runs = 8;
  const double none = std::numeric_limits<double>::infinity();
  EXPECT_EQ(stop_reason(rule, after_runs({1.0, 3.0, 1.0, 3.0}, 1e6, none)), StopReason::Continue);
  EXPECT_EQ(stop_reason(rule, after_runs({1.0, 1.0, 1.001, 0.999, 1.0}, 1e6, none)), StopReason::Precise);
  EXPECT_EQ(stop_reason(rule, after_runs({1.0, 3.0, 1.0, 3.0, 1.0}, 1e6, none)), StopReason::Continue);
  EXPECT_EQ(stop_reason(rule, after_runs({1.0, 3.0, 1.0, 3.0, 1.0, 3.0, 1.0, 3.0}, 1e6, none)), StopReason::MaxRuns);
}

TEST(StopReason, ANoisyFigureWithinItsNoiseBoundStopsAtTheMinimum) {
  StoppingRule rule;
  rule.min_runs = 5;
  CaseProgress progress = after_runs({1.0, 3.0, 1.0, 3.0, 1.0}, 0, 1e6);
  EXPECT_EQ(stop_reason(rule, progress), StopReason::Continue);
  progress.noise_bound_ms = 1.0;  // the standard error, 0.49 ms, is within it
  EXPECT_EQ(stop_reason(rule, progress), StopReason::WithinNoise);
}

TEST(StopReason, TheMeasuredTimeEndsACaseAfterTheMinimum) {
  StoppingRule rule;
  rule.min_runs = 5;
  rule.budget_seconds = 1.0;
  // Before the minimum, however long the runs measured, no.
  CaseProgress before_minimum = after_runs({1.0, 1.0, 1.0, 1.0}, 0, 1e6);
  before_minimum.measured_seconds = 100;
  EXPECT_EQ(stop_reason(rule, before_minimum), StopReason::Continue);
  CaseProgress progress = after_runs({1.0, 3.0, 1.0, 3.0, 1.0}, 0, 1e6);
  progress.measured_seconds = 1.5;
  EXPECT_EQ(stop_reason(rule, progress), StopReason::MeasuredTime);
}

TEST(BenchBudget, SharesWhatIsLeftEvenlyAmongTheCasesLeft) {
  const BenchBudget budget(120);
  EXPECT_TRUE(budget.limited());
  // 20 s spent calibrating, 20 s kept for the calibration after: 80 s for 4 cases.
  EXPECT_DOUBLE_EQ(budget.case_share(20, 20, 4), 20);
  // The first case took 50 s: the three left share 10 s.
  EXPECT_DOUBLE_EQ(budget.case_share(70, 20, 3), 10);
  // Overspent: a share of nothing (each case still gets its one run).
  EXPECT_DOUBLE_EQ(budget.case_share(200, 20, 2), 0);
}

TEST(BenchBudget, NoBudgetGivesInfiniteShares) {
  const BenchBudget none(0);
  EXPECT_FALSE(none.limited());
  EXPECT_EQ(none.case_share(1e9, 0, 1), std::numeric_limits<double>::infinity());
  EXPECT_EQ(none.calibration_share(3), std::numeric_limits<double>::infinity());
}

TEST(BenchBudget, TheCalibrationsTakeAQuarterHalfBeforeAndHalfAfter) {
  const BenchBudget budget(120);
  EXPECT_DOUBLE_EQ(budget.calibration_share(3), 120 * 0.25 / 2 / 3);
}

TEST(CalibrateMore, UpToTheWantedCountWhileTheShareLasts) {
  // Never fewer than two, whatever they cost.
  EXPECT_TRUE(calibrate_more(0, 4, 2, 0, 0));
  EXPECT_TRUE(calibrate_more(1, 4, 2, 100, 0));
  EXPECT_FALSE(calibrate_more(2, 4, 2, 100, 0));
  // Two of 1 s each in a share of 3.5 s: a third fits, a fourth would not.
  EXPECT_TRUE(calibrate_more(2, 4, 2, 2, 3.5));
  EXPECT_FALSE(calibrate_more(3, 4, 2, 3, 3.5));
  // Never more than wanted.
  EXPECT_FALSE(calibrate_more(4, 4, 2, 0, 1e6));
}

}  // namespace
}  // namespace judge
