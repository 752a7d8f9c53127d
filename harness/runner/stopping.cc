#include "harness/runner/stopping.h"

#include <cmath>

namespace runner {

double relative_standard_error(const std::vector<double>& samples) {
  const std::size_t n = samples.size();
  if (n < 2) return 0.0;
  double mean = 0.0;
  for (double s : samples) mean += s;
  mean /= static_cast<double>(n);
  if (mean <= 0.0) return 0.0;
  double squares = 0.0;
  for (double s : samples) squares += (s - mean) * (s - mean);
  const double stddev = std::sqrt(squares / static_cast<double>(n - 1));
  return stddev / std::sqrt(static_cast<double>(n)) / mean;
}

bool should_stop(const StoppingRule& rule, const std::vector<double>& samples_ms, double elapsed_seconds) {
  const std::size_t n = samples_ms.size();
  if (n < rule.min_runs) return false;
  if (n >= rule.max_runs || elapsed_seconds >= rule.budget_seconds) return true;
  return relative_standard_error(samples_ms) < rule.target_rse;
}

}  // namespace runner
