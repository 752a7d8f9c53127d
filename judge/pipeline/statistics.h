// Summary statistics of timed runs (nvbench's and Google Benchmark's
// figures): the median, spread and relative standard error, and GFLOPS;
// the judging's report and the leaderboard's ranking both use them.
#pragma once

#include <vector>

namespace judge {

struct Timing {
  std::vector<double> times_ms;
  double mean_ms = 0, median_ms = 0, min_ms = 0, max_ms = 0, stddev_ms = 0, rse = 0;
  double gflops = 0;  // flops / median
};

// Relative standard error of the mean of `samples`: the sample standard
// deviation / sqrt(n) / mean; 0 when fewer than 2 or the mean is not positive.
double relative_standard_error(const std::vector<double>& samples);

// Summary statistics of `times_ms` and GFLOPS at the median.
Timing summarise(const std::vector<double>& times_ms, double flops);

// GFLOP/s of `flops` done in `ms` milliseconds; 0 when ms is not positive.
double gflops_in(double flops, double ms);

// The case's figure for ranking: its median per-call figure, or its noise
// bound when the median is below it. Such a median cannot be told from zero
// (a budget's single batch of a large case on a busy CPU, say), and a near-0
// figure would rank the whole solution by noise through the geometric mean;
// a solution is never ranked faster than the judge could resolve.
double ranked_ms(double median_ms, double noise_bound_ms);

// exp(mean(log(values))); 0 for an empty list or when any value is not
// positive (a zero among the values makes the product zero).
double geometric_mean(const std::vector<double>& values);

}  // namespace judge
