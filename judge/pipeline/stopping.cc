#include "judge/pipeline/stopping.h"

#include <algorithm>

#include "judge/pipeline/statistics.h"

namespace judge {

const char* stop_reason_name(StopReason reason) {
  switch (reason) {
    case StopReason::Continue: return "continue";
    case StopReason::Precise: return "precise";
    case StopReason::WithinNoise: return "within-noise";
    case StopReason::MaxRuns: return "max-runs";
    case StopReason::MeasuredTime: return "measured-time";
    case StopReason::Budget: return "budget";
  }
  return "continue";
}

StopReason stop_reason(const StoppingRule& rule, const CaseProgress& progress) {
  const std::vector<double>& figures = progress.figures_ms;
  const std::size_t n = figures.size();
  if (n == 0) return StopReason::Continue;
  if (n >= rule.max_runs) return StopReason::MaxRuns;
  if (n >= rule.min_runs) {
    if (progress.measured_seconds >= rule.budget_seconds) return StopReason::MeasuredTime;
    if (relative_standard_error(figures) < rule.target_rse) return StopReason::Precise;
    // More runs would not make the figure more trustworthy than its bound.
    const Timing so_far = summarise(figures, 0);
    if (so_far.rse * so_far.mean_ms <= progress.noise_bound_ms) return StopReason::WithinNoise;
  }
  if (progress.spent_seconds + progress.next_run_seconds > progress.share_seconds) return StopReason::Budget;
  return StopReason::Continue;
}

double BenchBudget::case_share(double elapsed_seconds, double reserved_seconds, std::size_t cases_left) const {
  if (!limited()) return std::numeric_limits<double>::infinity();
  const double left = std::max(0.0, m_seconds - elapsed_seconds - reserved_seconds);
  return left / static_cast<double>(std::max<std::size_t>(cases_left, 1));
}

double BenchBudget::calibration_share(std::size_t footprints) const {
  if (!limited()) return std::numeric_limits<double>::infinity();
  return kCalibrationFraction * m_seconds / 2 / static_cast<double>(std::max<std::size_t>(footprints, 1));
}

bool calibrate_more(std::size_t kept, std::size_t wanted, std::size_t at_least, double spent_seconds,
                    double share_seconds) {
  if (kept < at_least) return true;
  if (kept >= wanted) return false;
  // One more costs about what each so far did.
  const double next_seconds = kept > 0 ? spent_seconds / static_cast<double>(kept) : 0;
  return spent_seconds + next_seconds <= share_seconds;
}

}  // namespace judge
