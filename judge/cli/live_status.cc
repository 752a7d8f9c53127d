#include "judge/cli/live_status.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "judge/common/printable.h"

namespace judge {

namespace {

std::string seconds_text(double seconds) {
  char text[32];
  if (seconds < 100) {
    std::snprintf(text, sizeof text, "%.1f s", seconds);
  } else if (seconds < 6000) {
    std::snprintf(text, sizeof text, "%.0f s", seconds);
  } else {
    std::snprintf(text, sizeof text, "%.0f min", seconds / 60);
  }
  return text;
}

// Cuts `text` to `width` code points (the line never wraps, so "\r" and
// erase-line redraw it in place).
std::string fit(const std::string& text, std::size_t width) {
  std::size_t columns = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (++columns > width) return text.substr(0, i);
  }
  return text;
}

}  // namespace

std::string status_line(const Progress& progress, double elapsed_seconds, int frame, std::size_t width) {
  static const char kSpinner[] = "|/-\\";
  std::string line = std::string(1, kSpinner[frame % 4]) + " " + printable_line(progress.activity) + "  " +
                     seconds_text(elapsed_seconds);
  if (progress.expected_seconds > 0) {
    line += " / ~" + seconds_text(progress.expected_seconds);
    if (elapsed_seconds <= progress.expected_seconds) {
      constexpr int kBar = 10;
      const int filled = static_cast<int>(kBar * elapsed_seconds / progress.expected_seconds);
      line += " [" + std::string(filled, '#') + std::string(kBar - filled, '.') + "]";
    } else {
      line += " (longer than expected)";
    }
    if (!progress.expected_basis.empty()) line += " (" + progress.expected_basis + ")";
  }
  if (progress.limit_seconds > 0) line += ", limit " + seconds_text(progress.limit_seconds);
  return fit(line, width > 1 ? width - 1 : width);
}

LiveStatus::LiveStatus(std::ostream& out, std::size_t width)
    : m_out(out), m_width(width), m_since(std::chrono::steady_clock::now()), m_thread([this] { loop(); }) {}

LiveStatus::~LiveStatus() {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_stop = true;
    clear_locked();
  }
  m_wake.notify_all();
  m_thread.join();
}

void LiveStatus::set(const Progress& progress) {
  std::lock_guard<std::mutex> lock(m_mutex);
  if (progress.activity != m_progress.activity) m_since = std::chrono::steady_clock::now();
  m_progress = progress;
  if (m_progress.activity.empty()) {
    clear_locked();
  } else {
    draw_locked();
  }
}

void LiveStatus::print_above(const std::function<void()>& print) {
  std::lock_guard<std::mutex> lock(m_mutex);
  clear_locked();
  print();
  if (!m_progress.activity.empty()) draw_locked();
}

void LiveStatus::draw_locked() {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_since).count();
  m_out << "\r\x1b[2K" << status_line(m_progress, elapsed, m_frame++, m_width) << std::flush;
  m_drawn = true;
}

void LiveStatus::clear_locked() {
  if (!m_drawn) return;
  m_out << "\r\x1b[2K" << std::flush;
  m_drawn = false;
}

void LiveStatus::loop() {
  std::unique_lock<std::mutex> lock(m_mutex);
  while (!m_stop) {
    m_wake.wait_for(lock, std::chrono::milliseconds(250));
    if (!m_stop && !m_progress.activity.empty()) draw_locked();
  }
}

std::size_t terminal_width(int fd) {
  if (!isatty(fd)) return 0;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::strcmp(term, "dumb") == 0) return 0;
  winsize size{};
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0) return 80;
  return size.ws_col;
}

}  // namespace judge
