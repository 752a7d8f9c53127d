#include "judge/pipeline/time_limits.h"

#include <algorithm>

namespace judge {

double derived_cpu_time_limit(double reference_seconds) {
  return std::max(kCpuLimitFloorSeconds, kCpuLimitFactor * reference_seconds);
}

double check_stage_budget(const std::vector<CaseBudget>& cases, int calls_per_case) {
  double seconds = 0;
  for (const CaseBudget& budget : cases) {
    seconds += calls_per_case * (budget.call_limit_seconds + budget.preparation_seconds);
  }
  return std::max(kDefaultTotalTimeLimitSeconds, seconds);
}

double bench_stage_budget(const std::vector<CaseBudget>& cases, int warmup_runs, int calibration_runs,
                          const StoppingRule& stopping) {
  double seconds = 0;
  for (const CaseBudget& budget : cases) {
    const double runs_at_the_limit = warmup_runs + static_cast<double>(stopping.min_runs);
    const double requests = calibration_runs + warmup_runs + static_cast<double>(stopping.max_runs);
    seconds += runs_at_the_limit * budget.call_limit_seconds + 2 * stopping.budget_seconds +
               requests * (budget.preparation_seconds + kRunOverheadSeconds);
  }
  return seconds;
}

}  // namespace judge
