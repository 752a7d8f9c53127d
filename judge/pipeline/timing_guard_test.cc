#include "judge/pipeline/timing_guard.h"

#include "gtest/gtest.h"

namespace judge {
namespace {

TimingBound quiet_machine() { return calibrate_bound({10.0, 10.5, 10.2}, {0.0, 0.0, 0.0}); }

TEST(TimingGuard, CalibrationTakesTheMedianOverheadAndTheSpread) {
  const TimingBound bound = calibrate_bound({12.0, 9.0, 15.0}, {0.5, 0.0, 1.0});
  EXPECT_DOUBLE_EQ(bound.overhead_ms, 11.5);
  EXPECT_DOUBLE_EQ(bound.spread_ms, 5.0);
  EXPECT_DOUBLE_EQ(calibrate_bound({}, {}).overhead_ms, 0.0);
}

TEST(TimingGuard, HonestClaimsPassEvenWithOneSlowRun) {
  // noise = 2 + 4 * 0.5 + 0.5 * 10.2 + 0.1 * 112 = 20.3
  EXPECT_FALSE(forged_claims({100.0, 101.0, 99.0}, {112.0, 111.0, 500.0}, quiet_machine()));
  EXPECT_FALSE(forged_claims({0.5, 0.4, 0.6}, {11.0, 12.0, 30.0}, quiet_machine()));
}

TEST(TimingGuard, ForgedShortClaimsAreCaught) {
  const auto message = forged_claims({1.0, 1.0, 1.0}, {500.0, 510.0, 505.0}, quiet_machine());
  ASSERT_TRUE(message);
  EXPECT_NE(message->find("forged"), std::string::npos) << *message;
  EXPECT_TRUE(forged_claims({50.0, 50.0, 50.0}, {110.0, 111.0, 109.0}, quiet_machine()));  // half of 100 ms hidden
}

TEST(TimingGuard, ALoadedMachineWidensTheBound) {
  const TimingBound loaded = calibrate_bound({20.0, 32.0, 26.0}, {0.0, 0.0, 0.0});
  EXPECT_FALSE(forged_claims({0.2, 0.2, 0.2}, {38.0, 36.0, 40.0}, loaded));
  EXPECT_TRUE(forged_claims({1.0, 1.0, 1.0}, {1500.0, 1400.0, 1450.0}, loaded));
}

TEST(TimingGuard, TheAllowanceAddsItsTermsUpToTheCeiling) {
  TimingBound bound;
  bound.overhead_ms = 10.0;
  bound.spread_ms = 1.0;
  // 2 + 4 * 1 + 0.5 * 10 + 0.1 * 100 = 21
  EXPECT_DOUBLE_EQ(noise_allowance_ms(bound, 100.0), 21.0);
  bound.noise_max_ms = 15.0;
  EXPECT_DOUBLE_EQ(noise_allowance_ms(bound, 100.0), 15.0);
  bound.noise_max_ms = 1.0;  // never below the absolute floor
  EXPECT_DOUBLE_EQ(noise_allowance_ms(bound, 100.0), 2.0);
}

// A calibration starved and slowed on purpose (a solution that renices the
// calibration runner and hogs the CPU): seconds of spread would allow
// seconds of forgery, but the ceiling holds the allowance at noise_max_ms.
TEST(TimingGuard, AStarvedCalibrationCannotWidenTheBoundPastItsCeiling) {
  TimingBound starved = calibrate_bound({40.0, 900.0, 2400.0, 35.0, 1800.0}, {0.0, 0.0, 0.0, 0.0, 0.0});
  EXPECT_GT(starved.spread_ms, 2000.0);
  starved.noise_absolute_ms = 50.0;
  starved.noise_max_ms = 500.0;
  EXPECT_DOUBLE_EQ(noise_allowance_ms(starved, 1200.0), 500.0);
  // 300 ms of hidden work per run above the starved overhead: caught, where
  // the uncapped allowance (over 9 s) would have let it through.
  const std::vector<double> claims = {0.01, 0.01, 0.01};
  const std::vector<double> round_trips = {starved.overhead_ms + 1200.0, starved.overhead_ms + 1210.0,
                                           starved.overhead_ms + 1190.0};
  EXPECT_TRUE(forged_claims(claims, round_trips, starved));
  TimingBound uncapped = starved;
  uncapped.noise_max_ms = 1e9;
  EXPECT_FALSE(forged_claims(claims, round_trips, uncapped));
  // An honest case under the same bound still passes.
  EXPECT_FALSE(forged_claims({1200.0, 1210.0, 1190.0}, round_trips, starved));
}

TEST(TimingGuard, ClaimsLongerThanTheRequestAreImpossible) {
  const auto message = impossible_claim(30.0, 20.0);
  ASSERT_TRUE(message);
  EXPECT_NE(message->find("longer than"), std::string::npos) << *message;
  EXPECT_FALSE(impossible_claim(19.9, 20.0));
}

}  // namespace
}  // namespace judge
