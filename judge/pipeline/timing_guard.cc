#include "judge/pipeline/timing_guard.h"

#include <algorithm>
#include <cstdio>

namespace judge {

namespace {

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace

TimingBound calibrate_bound(const std::vector<double>& round_trip_ms, const std::vector<double>& claimed_ms) {
  std::vector<double> overheads;
  for (std::size_t i = 0; i < round_trip_ms.size() && i < claimed_ms.size(); ++i) {
    overheads.push_back(std::max(round_trip_ms[i] - claimed_ms[i], 0.0));
  }
  TimingBound bound;
  if (overheads.empty()) return bound;
  bound.overhead_ms = median(overheads);
  const auto [low, high] = std::minmax_element(overheads.begin(), overheads.end());
  bound.spread_ms = *high - *low;
  return bound;
}

double noise_allowance_ms(const TimingBound& bound, double round_trip_ms) {
  const double noise = bound.noise_absolute_ms + bound.noise_spread_factor * bound.spread_ms +
                       bound.noise_overhead_fraction * bound.overhead_ms +
                       bound.noise_round_trip_fraction * round_trip_ms;
  return std::min(noise, std::max(bound.noise_max_ms, bound.noise_absolute_ms));
}

std::optional<std::string> impossible_claim(double claimed_ms, double round_trip_ms) {
  // A GPU event interval lies inside the request; allow clock granularity.
  if (claimed_ms <= round_trip_ms * 1.01 + 0.5) return std::nullopt;
  char text[300];
  std::snprintf(text, sizeof text,
                "a timed run claimed %.4f ms, longer than the %.4f ms the whole request took by the judge's clock: "
                "the reply was forged",
                claimed_ms, round_trip_ms);
  return std::string(text);
}

std::optional<std::string> forged_claims(const std::vector<double>& claimed_ms,
                                         const std::vector<double>& round_trip_ms, const TimingBound& bound) {
  std::vector<double> unexplained;
  for (std::size_t i = 0; i < claimed_ms.size() && i < round_trip_ms.size(); ++i) {
    unexplained.push_back(round_trip_ms[i] - claimed_ms[i] - bound.overhead_ms);
  }
  const double typical_unexplained = median(unexplained);
  const double typical_round_trip = median(round_trip_ms);
  const double noise = noise_allowance_ms(bound, typical_round_trip);
  if (typical_unexplained <= noise) return std::nullopt;
  char text[500];
  std::snprintf(text, sizeof text,
                "the timed runs claimed a median of %.4f ms, but took a median of %.4f ms by the judge's clock, and "
                "the runner's own work takes about %.4f ms: %.4f ms per run are unexplained (more than the %.4f ms "
                "noise allows), so the times were forged",
                median(claimed_ms), typical_round_trip, bound.overhead_ms, typical_unexplained, noise);
  return std::string(text);
}

}  // namespace judge
