// One status line at the bottom of a terminal, redrawn a few times a second
// while the judge works (what it waits on, for how long, against what
// expectation and limit), and cleared whenever a normal line is printed.
// Only for terminals: with a pipe, --events or --quiet the judge prints its
// usual lines and nothing else.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

#include "judge/pipeline/judging.h"

namespace judge {

// The line for `progress` after `elapsed` seconds, at most `width` columns:
//   "| running 'upstream' (natural pass, seed 1)  12.3 s / ~40 s [####....] limit 412 s"
// A bar appears only when an expected time is known; past it the line says
// "longer than expected". Pure, for tests.
std::string status_line(const Progress& progress, double elapsed_seconds, int frame, std::size_t width);

class LiveStatus {
 public:
  // Draws on `out`, which must be a terminal `width` columns wide.
  LiveStatus(std::ostream& out, std::size_t width);
  ~LiveStatus();
  LiveStatus(const LiveStatus&) = delete;
  LiveStatus& operator=(const LiveStatus&) = delete;

  // What the judge is doing now (an empty activity: nothing to show).
  void set(const Progress& progress);

  // Runs `print` (which writes normal lines to the same stream) with the
  // status line cleared before and redrawn after.
  void print_above(const std::function<void()>& print);

 private:
  void draw_locked();
  void clear_locked();
  void loop();

  std::ostream& m_out;
  std::size_t m_width;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  bool m_stop = false;
  bool m_drawn = false;
  int m_frame = 0;
  Progress m_progress;
  std::chrono::steady_clock::time_point m_since;
  std::thread m_thread;
};

// Columns of the terminal on file descriptor `fd`; 0 if it is not one (or
// TERM is "dumb").
std::size_t terminal_width(int fd);

}  // namespace judge
