// When to stop timing a case: after at least `min_runs`, once the relative
// standard error of the mean falls below `target_rse`, or when `max_runs` or
// the time budget is spent (nvbench's stdrel criterion, simplified).
#pragma once

#include <cstddef>
#include <vector>

namespace judge {

// The limits of timing one case (part of BenchSettings, judging.h).
struct StoppingRule {
  std::size_t min_runs = 5;
  std::size_t max_runs = 200;
  double target_rse = 0.01;      // relative standard error of the mean
  double budget_seconds = 5.0;   // measured (claimed) time per case
};

bool should_stop(const StoppingRule& rule, const std::vector<double>& samples_ms, double elapsed_seconds);

}  // namespace judge
