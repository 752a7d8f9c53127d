// When to stop timing: after at least `min_runs`, once the relative standard
// error of the mean falls below `target_rse`, or when `max_runs` or the time
// budget is spent (nvbench's stdrel criterion, simplified).
#pragma once

#include <cstddef>
#include <vector>

namespace runner {

struct StoppingRule {
  std::size_t min_runs = 5;
  std::size_t max_runs = 1000;
  double target_rse = 0.01;      // relative standard error of the mean
  double budget_seconds = 10.0;  // total measured time
};

// Relative standard error of the mean of `samples` (0 when fewer than 2).
double relative_standard_error(const std::vector<double>& samples);

bool should_stop(const StoppingRule& rule, const std::vector<double>& samples_ms, double elapsed_seconds);

}  // namespace runner
