// When to stop timing a case: after at least `min_runs`, once the relative
// standard error of the mean falls below `target_rse`, or when `max_runs` or
// the time budget is spent (nvbench's stdrel criterion, simplified); and,
// under a wall-clock budget for the whole benchmark (BenchBudget), once the
// case's share of it is spent, after one run at least.
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

namespace judge {

// The limits of timing one case (part of BenchSettings, judging.h).
struct StoppingRule {
  std::size_t min_runs = 5;
  std::size_t max_runs = 200;
  double target_rse = 0.01;      // relative standard error of the mean
  double budget_seconds = 5.0;   // measured (claimed) time per case
};

// Why a case's timing ended, as reports and records say it.
enum class StopReason {
  Continue,     // not yet
  Precise,      // the relative standard error reached its target
  WithinNoise,  // the figure's standard error is within its noise bound
  MaxRuns,      // the most runs allowed
  MeasuredTime, // the stopping rule's measured time per case
  Budget,       // the case's share of the benchmark's wall-clock budget
};
const char* stop_reason_name(StopReason reason);  // "precise", "within-noise", "max-runs", ...

// Where one case's timing stands.
struct CaseProgress {
  std::vector<double> figures_ms;  // one per run (batch) so far
  double noise_bound_ms = 0;       // per call
  double measured_seconds = 0;     // the runs' own times, as the stopping rule counts them
  double spent_seconds = 0;        // wall time on the case so far: requests, inputs, verification
  double next_run_seconds = 0;     // what one more run is expected to cost (the last one's wall time)
  // The case's share of the benchmark's budget (BenchBudget::case_share);
  // infinite without a budget.
  double share_seconds = std::numeric_limits<double>::infinity();
};

// Continue while fewer than one run; then the first reason that holds:
// max_runs; past min_runs, the measured time, the precision target or the
// noise bound; and, from the first run on (so before min_runs too), a
// share that one more run would overrun.
StopReason stop_reason(const StoppingRule& rule, const CaseProgress& progress);

// A wall-clock budget for the whole benchmark stage, shared among its
// cases as they come: each case gets what is left, less what is kept for
// the work after the cases (`reserved_seconds`: the calibration after
// them), divided evenly among the cases not yet timed. A case that ends
// early leaves its rest to the ones after it, and one that overruns
// shortens theirs. A budget of 0 (or less) is none: every share is
// infinite and the stopping rule alone ends each case.
class BenchBudget {
 public:
  explicit BenchBudget(double seconds) : m_seconds(seconds) {}
  bool limited() const { return m_seconds > 0; }
  double seconds() const { return m_seconds; }
  // The share of the next case, `elapsed_seconds` into the stage, with
  // `cases_left` cases (this one included) still to time.
  double case_share(double elapsed_seconds, double reserved_seconds, std::size_t cases_left) const;
  // The share of one calibration (before or after the timed runs) of one
  // of `footprints` distinct request shapes: kCalibrationFraction of the
  // budget, half before and half after, split evenly.
  double calibration_share(std::size_t footprints) const;

  // What the calibrations may take of the budget, together.
  static constexpr double kCalibrationFraction = 0.25;

 private:
  double m_seconds;
};

// Whether to calibrate one more empty batch of a size, `kept` so far in
// `spent_seconds`: up to `wanted`, but no more once another (costing about
// what each so far did) would overrun `share_seconds`, and never fewer
// than `at_least` (the noise bound needs a spread).
bool calibrate_more(std::size_t kept, std::size_t wanted, std::size_t at_least, double spent_seconds,
                    double share_seconds);

}  // namespace judge
