// The total time limit's clock: grants, pauses, and the watchdog behind it.
#include "judge/pipeline/total_time_clock.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace judge {
namespace {

using Clock = std::chrono::steady_clock;

// An overrun that must not happen in these tests.
void unexpected_overrun(double granted) { ADD_FAILURE() << "the watchdog fired after " << granted << " s granted"; }

// The clock is stopped: no deadline to pass.
void expect_stopped(const TotalTimeClock& clock) {
  EXPECT_FALSE(clock.expired());
  EXPECT_GT(clock.seconds_left(), 1e9);
}

// The clock runs with `left` seconds to go (less the moment these tests
// take) of `granted` in all.
void expect_running(const TotalTimeClock& clock, double left, double granted) {
  EXPECT_FALSE(clock.expired());
  EXPECT_GT(clock.seconds_left(), left - 1);
  EXPECT_LE(clock.seconds_left(), left);
  EXPECT_EQ(clock.granted_seconds(), granted);
}

TEST(TotalTimeClock, IsStoppedUntilTheFirstGrant) {
  TotalTimeClock clock(60, unexpected_overrun);
  expect_stopped(clock);
  EXPECT_EQ(clock.granted_seconds(), 0);
}

TEST(TotalTimeClock, AGrantCountsFromNow) {
  TotalTimeClock clock(60, unexpected_overrun);
  clock.grant(100);
  expect_running(clock, 100, 100);
  // Without a pause between them, a later grant replaces the deadline.
  clock.grant(5);
  expect_running(clock, 5, 105);
}

TEST(TotalTimeClock, ANothingGrantExpiresAtOnce) {
  TotalTimeClock clock(60, unexpected_overrun);
  clock.grant(0);
  EXPECT_TRUE(clock.expired());
  EXPECT_LE(clock.seconds_left(), 0);
}

TEST(TotalTimeClock, APauseKeepsWhatWasLeftForTheNextGrant) {
  TotalTimeClock clock(60, unexpected_overrun);
  clock.grant(100);
  clock.pause();
  expect_stopped(clock);
  clock.grant(50);
  expect_running(clock, 150, 150);
}

TEST(TotalTimeClock, AnEndlessGrantDoesNotOverflowTheClock) {
  TotalTimeClock clock(60, unexpected_overrun);
  clock.grant(1e300);
  EXPECT_FALSE(clock.expired());
  EXPECT_GT(clock.seconds_left(), 1e7);
}

TEST(TotalTimeClock, TheWatchdogFiresAGraceAfterTheDeadlineWithWhatWasGranted) {
  std::atomic<double> fired_with{-1};
  TotalTimeClock clock(0.05, [&](double granted) { fired_with = granted; });
  clock.grant(0.01);
  const auto start = Clock::now();
  while (fired_with < 0 && Clock::now() - start < std::chrono::seconds(10)) std::this_thread::yield();
  EXPECT_DOUBLE_EQ(fired_with, 0.01);
}

TEST(TotalTimeClock, APauseOrAStopDisarmsTheWatchdog) {
  std::atomic<int> fired{0};
  TotalTimeClock paused(0.5, [&](double) { ++fired; });
  paused.grant(0);
  paused.pause();
  TotalTimeClock stopped(0.5, [&](double) { ++fired; });
  stopped.grant(0);
  stopped.stop();
  std::this_thread::sleep_for(std::chrono::seconds(1));
  EXPECT_EQ(fired, 0);
}

}  // namespace
}  // namespace judge
