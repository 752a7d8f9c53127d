// The benchmark's measurement, apart from the judging that drives it
// (nvbench keeps its measurements apart from the state that drives them
// the same way): how many calls a timed batch holds, what a batch costs
// with no solution code (the calibrated overhead), and the per-call figure
// the judge's own clock gives, with the noise bound that goes with it.
//
// A timed batch is one runner request of K calls, each on its own freshly
// generated input set. The judge's clock runs from before it writes the
// first input file until it holds every call's outputs in its own memory,
// and it verifies every one of them. The same request with K empty calls,
// in a runner that never holds solution code, is the overhead. So
//   per call = (batch time - median overhead) / K,
// and the only time solution code can take out of the figure is the
// overhead's own variation, (max - min) / K: the noise bound. README.md in
// this folder says why that holds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "judge/pipeline/statistics.h"

namespace judge {

// What one batch may hold, and how precise the figure should be.
struct BatchLimits {
  int max_calls = 16;                       // calls in one batch (more buys little: see README.md)
  double max_bytes = 256.0 * 1024 * 1024;   // tensors of all its calls together (the judge holds them all)
  double max_batch_seconds = 2.0;           // estimated time of one batch's calls
  double target_noise = 0.01;               // wanted noise bound per call, as a fraction of the figure
  int calibration_batches = 4;              // empty batches per size, after one discarded warm-up batch
};

// The batch sizes the calibration measures for a case whose one call moves
// `call_bytes` of tensors: 1, 4, 16, ... up to the limits (1 at least).
std::vector<int> batch_sizes(const BatchLimits& limits, double call_bytes);

// The calibrated overhead of a batch of `calls` empty calls.
struct Overhead {
  int calls = 1;
  double median_ms = 0, min_ms = 0, max_ms = 0;
  std::vector<double> samples_ms;  // the empty batches' round trips
};

// From the round trips of empty batches of `calls` calls (the first,
// warm-up batch already left out by the caller).
Overhead overhead_of(int calls, const std::vector<double>& batch_ms);

// One overhead from two calibrations of the same size, e.g. one before and
// one after the timed batches: a machine whose load drifted in between
// shows as a wider spread, so in the noise bound.
Overhead combined(const Overhead& first, const Overhead& second);

// What solution code could take out of one call's figure: the spread of the
// overhead it is measured against, per call.
double noise_bound_ms(const Overhead& overhead);

// The batch's per-call figure: (batch_ms - median overhead) / calls, never
// below a microsecond's thousandth (a figure of 0 would be an infinite speed).
double per_call_ms(double batch_ms, const Overhead& overhead);

// The batch size for a call estimated at `estimated_call_ms` (a batch of
// one call, measured by the judge's clock): the smallest calibrated size
// whose noise bound is within target_noise of the estimate, among those
// whose batch fits max_batch_seconds; failing that, the largest that fits.
// `calibrated` is ordered by calls, and holds a batch of 1.
const Overhead& choose_batch(const std::vector<Overhead>& calibrated, double estimated_call_ms,
                             const BatchLimits& limits);

// One case's measurement, as reports and records carry it.
struct CaseMeasurement {
  int calls_per_batch = 1;
  Overhead overhead;
  double noise_bound_ms = 0;             // per call
  std::vector<double> event_ms;          // the runner's own event time per call, per batch: a diagnostic only
  std::vector<uint64_t> input_seeds;     // every timed call's input set, in order
  std::vector<double> batch_ms;          // every timed batch by the judge's clock
  Timing timing;                         // of the per-call figures, one per batch
  std::string stop_reason;               // why its timing ended (stopping.h's stop_reason_name)
  double case_seconds = 0;               // wall time of its warm-up and timed batches, verification included
};

// The per-call figures of `batch_ms` against `overhead`.
std::vector<double> per_call_figures(const std::vector<double>& batch_ms, const Overhead& overhead);

}  // namespace judge
