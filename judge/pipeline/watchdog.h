// A last-resort timer: a thread that runs an action once a moment passes,
// unless the watchdog is destroyed first. The judging arms one at its
// total deadline plus a grace (judging.h), whose action ends the process.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace judge {

class Watchdog {
 public:
  Watchdog(std::chrono::steady_clock::time_point moment, std::function<void()> action);
  ~Watchdog();  // disarms it (waits for an action already running)
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::mutex m_mutex;
  std::condition_variable m_wake;
  bool m_disarmed = false;
  std::thread m_thread;  // last: started once the rest is ready
};

}  // namespace judge
