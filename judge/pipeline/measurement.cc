#include "judge/pipeline/measurement.h"

#include <algorithm>

namespace judge {

namespace {

constexpr double kSmallestFigureMs = 1e-6;

double median_of(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace

std::vector<int> batch_sizes(const BatchLimits& limits, double call_bytes) {
  std::vector<int> sizes = {1};
  for (int calls = 4; calls <= limits.max_calls && calls * call_bytes <= limits.max_bytes; calls *= 4) {
    sizes.push_back(calls);
  }
  return sizes;
}

Overhead overhead_of(int calls, const std::vector<double>& batch_ms) {
  Overhead overhead;
  overhead.calls = std::max(calls, 1);
  overhead.samples_ms = batch_ms;
  if (batch_ms.empty()) return overhead;
  overhead.median_ms = median_of(batch_ms);
  const auto [low, high] = std::minmax_element(batch_ms.begin(), batch_ms.end());
  overhead.min_ms = *low;
  overhead.max_ms = *high;
  return overhead;
}

Overhead combined(const Overhead& first, const Overhead& second) {
  std::vector<double> samples = first.samples_ms;
  samples.insert(samples.end(), second.samples_ms.begin(), second.samples_ms.end());
  return overhead_of(first.calls, samples);
}

std::vector<double> per_call_figures(const std::vector<double>& batch_ms, const Overhead& overhead) {
  std::vector<double> figures;
  for (double ms : batch_ms) figures.push_back(per_call_ms(ms, overhead));
  return figures;
}

double noise_bound_ms(const Overhead& overhead) { return (overhead.max_ms - overhead.min_ms) / overhead.calls; }

double per_call_ms(double batch_ms, const Overhead& overhead) {
  return std::max((batch_ms - overhead.median_ms) / overhead.calls, kSmallestFigureMs);
}

const Overhead& choose_batch(const std::vector<Overhead>& calibrated, double estimated_call_ms,
                             const BatchLimits& limits) {
  const Overhead* fitting = &calibrated.front();
  for (const Overhead& overhead : calibrated) {
    const bool fits = overhead.calls == 1 || overhead.calls * estimated_call_ms <= limits.max_batch_seconds * 1000;
    if (!fits) break;
    fitting = &overhead;
    if (noise_bound_ms(overhead) <= limits.target_noise * estimated_call_ms) break;
  }
  return *fitting;
}

}  // namespace judge
