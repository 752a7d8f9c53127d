// Bounding a timed run's claimed time with the judge's own clock. Solution
// code runs in the runner's process and can write the runner's reply itself,
// so the time in a reply is only a claim. The judge times every timed run's
// whole request (from before it writes the inputs to the reply) and knows,
// from the same request sent with an empty call to a runner with no solution
// loaded, how long everything but the call takes. A claim that leaves more
// of the round trip unexplained than that overhead plus the noise is forged.
// Decided on the median over a case's timed runs, so one run stretched by a
// busy machine does not fail an honest solution, while a forger, who must
// forge most runs to move the reported median, is caught.
//
// What this catches: a reply that claims a time much shorter than the call
// took (the 100x forgeries). What it cannot catch: a claim shorter by less
// than the noise bound below, and work done in the request's own overhead
// (e.g. a thread computing while the runner still uploads): README.md,
// "Security", says so.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace judge {

struct TimingBound {
  double overhead_ms = 0;  // calibrated: median round trip of an empty timed request
  double spread_ms = 0;    // calibrated: max - min of those round trips (how loaded the machine is)
  // Allowed unexplained time: absolute + the calibration's spread + relative
  // to the overhead + relative to the round trip, and never more than
  // noise_max_ms, however loaded or slow the calibration looked.
  double noise_absolute_ms = 2.0;  // the judge raises it on the CPU backend (judging.cc)
  double noise_spread_factor = 4.0;
  double noise_overhead_fraction = 0.5;
  double noise_round_trip_fraction = 0.1;
  double noise_max_ms = 100.0;     // the judge sets it per backend (judging.cc)
};

// The unexplained time per run `bound` allows for a case whose median round trip is `round_trip_ms`.
double noise_allowance_ms(const TimingBound& bound, double round_trip_ms);

// The bound from calibration round trips (empty call) and their claims.
TimingBound calibrate_bound(const std::vector<double>& round_trip_ms, const std::vector<double>& claimed_ms);

// A message saying why one claim cannot be true: longer than the request
// the judge saw take `round_trip_ms`; nullopt when it is possible.
std::optional<std::string> impossible_claim(double claimed_ms, double round_trip_ms);

// A message saying why a case's claims are forged (their median leaves more
// of the median round trip unexplained than the bound allows), or nullopt.
std::optional<std::string> forged_claims(const std::vector<double>& claimed_ms,
                                         const std::vector<double>& round_trip_ms, const TimingBound& bound);

}  // namespace judge
