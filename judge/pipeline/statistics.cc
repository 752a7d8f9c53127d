#include "judge/pipeline/statistics.h"

#include <algorithm>
#include <cmath>

namespace judge {

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

Timing summarise(const std::vector<double>& times_ms, double flops) {
  Timing timing;
  timing.times_ms = times_ms;
  if (times_ms.empty()) return timing;
  std::vector<double> sorted = times_ms;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  timing.min_ms = sorted.front();
  timing.max_ms = sorted.back();
  timing.median_ms = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
  double sum = 0;
  for (double t : sorted) sum += t;
  timing.mean_ms = sum / static_cast<double>(n);
  double squares = 0;
  for (double t : sorted) squares += (t - timing.mean_ms) * (t - timing.mean_ms);
  timing.stddev_ms = n > 1 ? std::sqrt(squares / static_cast<double>(n - 1)) : 0.0;
  timing.rse = relative_standard_error(sorted);
  timing.gflops = gflops_in(flops, timing.median_ms);
  return timing;
}

double ranked_ms(double median_ms, double noise_bound_ms) { return std::max(median_ms, noise_bound_ms); }

double gflops_in(double flops, double ms) { return ms > 0 ? flops / (ms * 1e-3) / 1e9 : 0.0; }

double geometric_mean(const std::vector<double>& values) {
  if (values.empty()) return 0.0;
  double log_sum = 0;
  for (double value : values) {
    if (!(value > 0)) return 0.0;
    log_sum += std::log(value);
  }
  return std::exp(log_sum / static_cast<double>(values.size()));
}

}  // namespace judge
