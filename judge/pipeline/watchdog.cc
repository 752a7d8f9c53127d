#include "judge/pipeline/watchdog.h"

namespace judge {

Watchdog::Watchdog(std::chrono::steady_clock::time_point moment, std::function<void()> action)
    : m_thread([this, moment, action = std::move(action)] {
        std::unique_lock<std::mutex> lock(m_mutex);
        if (m_wake.wait_until(lock, moment, [this] { return m_disarmed; })) return;
        action();
      }) {}

Watchdog::~Watchdog() {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_disarmed = true;
  }
  m_wake.notify_all();
  m_thread.join();
}

}  // namespace judge
