#include "judge/pipeline/stopping.h"

#include "judge/pipeline/statistics.h"

namespace judge {

bool should_stop(const StoppingRule& rule, const std::vector<double>& samples_ms, double elapsed_seconds) {
  const std::size_t n = samples_ms.size();
  if (n < rule.min_runs) return false;
  if (n >= rule.max_runs || elapsed_seconds >= rule.budget_seconds) return true;
  return relative_standard_error(samples_ms) < rule.target_rse;
}

}  // namespace judge
