#include "judge/pipeline/measurement.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(BatchSizes, GrowByFourWithinTheCallAndByteLimits) {
  BatchLimits limits;
  limits.max_calls = 64;
  limits.max_bytes = 1000;
  EXPECT_EQ(batch_sizes(limits, 10), (std::vector<int>{1, 4, 16, 64}));
  EXPECT_EQ(batch_sizes(limits, 100), (std::vector<int>{1, 4}));
  // A case larger than the whole allowance still gets batches of one.
  EXPECT_EQ(batch_sizes(limits, 5000), (std::vector<int>{1}));
}

TEST(Overhead, IsTheMedianAndSpreadOfTheEmptyBatches) {
  const Overhead overhead = overhead_of(4, {10, 14, 11, 12});
  EXPECT_EQ(overhead.calls, 4);
  EXPECT_DOUBLE_EQ(overhead.median_ms, 11.5);
  EXPECT_DOUBLE_EQ(overhead.min_ms, 10);
  EXPECT_DOUBLE_EQ(overhead.max_ms, 14);
  EXPECT_DOUBLE_EQ(noise_bound_ms(overhead), 1.0);  // (14 - 10) / 4 calls
}

TEST(Overhead, TwoCalibrationsCombineTheirSpread) {
  // The machine got busier between the calibration before and the one after.
  const Overhead both = combined(overhead_of(4, {10, 11, 12}), overhead_of(4, {20, 21, 22}));
  EXPECT_DOUBLE_EQ(both.min_ms, 10);
  EXPECT_DOUBLE_EQ(both.max_ms, 22);
  EXPECT_DOUBLE_EQ(both.median_ms, 16);
  EXPECT_DOUBLE_EQ(noise_bound_ms(both), 3.0);
  EXPECT_EQ(per_call_figures({56, 66}, both), (std::vector<double>{10, 12.5}));
}

TEST(PerCall, SubtractsTheMedianOverheadAndDividesByTheCalls) {
  const Overhead overhead = overhead_of(4, {10, 12});
  EXPECT_DOUBLE_EQ(per_call_ms(51, overhead), 10.0);  // (51 - 11) / 4
  // Noise can make a batch cheaper than the overhead: a tiny positive figure, never 0 or negative.
  EXPECT_GT(per_call_ms(5, overhead), 0.0);
  EXPECT_LT(per_call_ms(5, overhead), 1e-3);
}

// A solution's only lever on its figure is the overhead's spread: whatever
// a batch of honest calls measured, a faster claim needs a shorter batch.
TEST(PerCall, IsNoShorterThanTheWorkMinusTheNoiseBound) {
  const Overhead overhead = overhead_of(16, {40, 44, 41, 47});
  const double work_ms = 16 * 3.0;  // 16 calls of 3 ms each
  for (double actual_overhead : {40.0, 44.0, 47.0}) {
    EXPECT_GE(per_call_ms(actual_overhead + work_ms, overhead), 3.0 - noise_bound_ms(overhead));
  }
}

TEST(ChooseBatch, TakesTheSmallestSizeMeetingTheNoiseTarget) {
  BatchLimits limits;
  limits.target_noise = 0.01;
  limits.max_batch_seconds = 100;
  // Spread 2 ms whatever the size: per call 2, 0.5, 0.125 ms.
  const std::vector<Overhead> calibrated = {overhead_of(1, {10, 12}), overhead_of(4, {20, 22}),
                                            overhead_of(16, {50, 52})};
  EXPECT_EQ(choose_batch(calibrated, 300, limits).calls, 1);   // 2 ms <= 3 ms
  EXPECT_EQ(choose_batch(calibrated, 60, limits).calls, 4);    // 0.5 ms <= 0.6 ms
  EXPECT_EQ(choose_batch(calibrated, 20, limits).calls, 16);   // 0.125 ms <= 0.2 ms
  // No size meets it: the largest, with the bound it has.
  EXPECT_EQ(choose_batch(calibrated, 1, limits).calls, 16);
}

TEST(ChooseBatch, KeepsABatchWithinItsTime) {
  BatchLimits limits;
  limits.target_noise = 0.01;
  limits.max_batch_seconds = 1;  // 1000 ms
  const std::vector<Overhead> calibrated = {overhead_of(1, {10, 20}), overhead_of(4, {20, 30}),
                                            overhead_of(16, {50, 60})};
  EXPECT_EQ(choose_batch(calibrated, 100, limits).calls, 4);   // 16 calls would take 1600 ms
  EXPECT_EQ(choose_batch(calibrated, 5000, limits).calls, 1);  // even one call is over: one
}

}  // namespace
}  // namespace judge
