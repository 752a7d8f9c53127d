// The whole judging's time limit as a clock (judge_solution in judging.h).
// Time is granted stage by stage (time_limits.h): each grant counts from
// the moment it is made, plus whatever a pause left. A pause stops the clock
// while the judge prepares a stage's cases and no solution code runs. While
// the clock runs, a watchdog stands `grace_seconds` behind its deadline, the
// last resort for a request that ignores its own deadline.
#pragma once

#include <chrono>
#include <functional>
#include <memory>

#include "judge/pipeline/watchdog.h"

namespace judge {

class TotalTimeClock {
 public:
  using Clock = std::chrono::steady_clock;

  // `overrun(granted_seconds)` runs on the watchdog's thread if the clock is
  // still running `grace_seconds` after its deadline; it is expected to end
  // the process. Until the first grant the clock is stopped.
  TotalTimeClock(double grace_seconds, std::function<void(double granted_seconds)> overrun);

  // `seconds` more, counted from now, plus what a pause left; the clock runs.
  void grant(double seconds);
  // Stops the clock, keeping what is left for the next grant.
  void pause();
  // Stops the clock for good: the judging has ended.
  void stop();

  // The deadline has passed (never while the clock is stopped).
  bool expired() const { return Clock::now() >= m_deadline; }
  // Seconds until the deadline (negative once passed; huge while stopped).
  double seconds_left() const { return std::chrono::duration<double>(m_deadline - Clock::now()).count(); }
  // Everything granted so far: the limit the judging is held to.
  double granted_seconds() const { return m_granted; }

 private:
  const double m_grace_seconds;
  const std::function<void(double)> m_overrun;
  Clock::time_point m_deadline = Clock::time_point::max();
  double m_granted = 0;
  double m_left_at_pause = 0;
  std::unique_ptr<Watchdog> m_watchdog;
};

}  // namespace judge
