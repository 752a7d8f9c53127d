#include "judge/pipeline/watchdog.h"

#include <gtest/gtest.h>

#include <atomic>

namespace judge {
namespace {

using Clock = std::chrono::steady_clock;

TEST(Watchdog, ActsOnceItsMomentPasses) {
  std::atomic<int> fired{0};
  const auto start = Clock::now();
  {
    Watchdog watchdog(start + std::chrono::milliseconds(100), [&] { ++fired; });
    while (fired == 0 && Clock::now() - start < std::chrono::seconds(10)) std::this_thread::yield();
  }
  EXPECT_EQ(fired, 1);
  EXPECT_GE(Clock::now() - start, std::chrono::milliseconds(100));
}

TEST(Watchdog, DoesNothingWhenDisarmedInTime) {
  std::atomic<int> fired{0};
  const auto start = Clock::now();
  { Watchdog watchdog(start + std::chrono::seconds(30), [&] { ++fired; }); }
  EXPECT_EQ(fired, 0);
  // Disarming does not wait for the moment (a hang guard, well short of it).
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(25));
}

}  // namespace
}  // namespace judge
