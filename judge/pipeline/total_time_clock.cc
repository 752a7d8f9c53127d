#include "judge/pipeline/total_time_clock.h"

#include <algorithm>

namespace judge {

namespace {
TotalTimeClock::Clock::duration as_duration(double seconds) {
  return std::chrono::duration_cast<TotalTimeClock::Clock::duration>(std::chrono::duration<double>(seconds));
}
}  // namespace

TotalTimeClock::TotalTimeClock(double grace_seconds, std::function<void(double)> overrun)
    : m_grace_seconds(grace_seconds), m_overrun(std::move(overrun)) {}

void TotalTimeClock::grant(double seconds) {
  m_watchdog.reset();
  m_granted += seconds;
  constexpr double kLongestLimitSeconds = 1e8;  // about three years; more would overflow the clock
  const double left = std::min(m_left_at_pause + seconds, kLongestLimitSeconds);
  m_left_at_pause = 0;
  m_deadline = Clock::now() + as_duration(left);
  m_watchdog = std::make_unique<Watchdog>(m_deadline + as_duration(m_grace_seconds),
                                          [overrun = m_overrun, granted = m_granted] { overrun(granted); });
}

void TotalTimeClock::pause() {
  m_watchdog.reset();
  m_left_at_pause = std::max(0.0, seconds_left());
  m_deadline = Clock::time_point::max();
}

void TotalTimeClock::stop() {
  m_watchdog.reset();
  m_left_at_pause = 0;
  m_deadline = Clock::time_point::max();
}

}  // namespace judge
