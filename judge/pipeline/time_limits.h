// How long a judging may take: the per-call limit of each case and the
// total limit of the whole judging. On a GPU both are fixed (60 s, 1800 s);
// on the CPU backend both are derived from the reference's time on each
// case, because emulating a kernel is orders of magnitude slower than the
// GPU the fixed limits were made for and scales with the work like the
// reference does. `--time-limit` and `--total-time-limit` override them.
#pragma once

#include <vector>

#include "judge/pipeline/stopping.h"

namespace judge {

inline constexpr double kDefaultCallLimitSeconds = 60.0;
inline constexpr double kDefaultTotalTimeLimitSeconds = 1800.0;

// The CPU backend's per-call limit: kCpuLimitFactor times the reference's
// wall time on the same case on this machine (measured while the judge
// prepares the case), never less than kCpuLimitFloorSeconds. An infinite
// loop is still stopped in bounded time.
inline constexpr double kCpuLimitFactor = 100.0;
inline constexpr double kCpuLimitFloorSeconds = 60.0;
double derived_cpu_time_limit(double reference_seconds);

// What one case costs the CPU backend's derived total.
struct CaseBudget {
  double call_limit_seconds = 0;   // its per-call limit
  double preparation_seconds = 0;  // the judge's time to prepare one call's inputs and reference
};

// The CPU backend's derived total is granted stage by stage, each stage's
// budget when it starts (the time the judge spends preparing a stage's
// cases before it, with no solution code running, is not counted):
//
//   checks:    every call of every pass at its per-call limit, plus the
//              preparation of its inputs and reference; at least
//              kDefaultTotalTimeLimitSeconds, so a small tier keeps the
//              fixed default
//   benchmark: per case, the warm-up and minimum runs at the per-call
//              limit, twice the stopping rule's measuring budget (the last
//              run may overshoot it), and for every request (calibration,
//              warm-up, at most max_runs timed runs) the preparation of its
//              inputs plus kRunOverheadSeconds
//
// Time a stage leaves unused carries over to the next.
//
// A run's wall time beyond what it claims: the request itself and, on the
// CPU backend, waking the emulator's workers (the timing guard allows at
// most 0.5 s of it per run; see judging.cc).
inline constexpr double kRunOverheadSeconds = 0.5;
double check_stage_budget(const std::vector<CaseBudget>& cases, int calls_per_case);
double bench_stage_budget(const std::vector<CaseBudget>& cases, int warmup_runs, int calibration_runs,
                          const StoppingRule& stopping);

}  // namespace judge
