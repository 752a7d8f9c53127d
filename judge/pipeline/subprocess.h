// Child processes the judge keeps in control of: compilers and the runner.
// Every child gets its own process group, so a time-out kills it with all it
// started, dies with the judge (PR_SET_PDEATHSIG), inherits no descriptor
// but its standard ones (and the runner's reply pipe), and sees a scrubbed
// environment (harness/sandbox/process_limits.h): PATH, locale and GPU
// selection, plus what the caller sets; no token or key of the judge's.
// Its stdout and stderr go to a log file whose tail the judge shows.
#pragma once

#include <sys/types.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace judge {

// How a child ended, in words a user can act on ("exited with status 1",
// "killed by signal 11 (Segmentation fault)", "timed out after 10 s").
struct ExitStatus {
  bool exited = false;  // normal exit (otherwise a signal or a time-out)
  int code = 0;         // exit code, or signal number
  bool timed_out = false;
  std::string describe() const;
};

struct CommandResult {
  ExitStatus status;
  std::string output;  // stdout and stderr interleaved, capped
};

// Makes this process the reaper of every process its children leave behind
// (PR_SET_CHILD_SUBREAPER), so that one that left its process group with
// setsid() still becomes this process's child and kill_leftover_children()
// can end it.
void adopt_orphans();

// Kills and reaps every child of this process that is still there (only
// call it when no child should be: at the end of a judging). Returns how
// many there were.
int kill_leftover_children();

// Runs argv to completion (or kills it after `timeout_seconds`).
CommandResult run_command(const std::vector<std::string>& argv, double timeout_seconds,
                          const std::map<std::string, std::string>& extra_env = {},
                          std::size_t max_output_bytes = 64 * 1024);

// A long-lived child talking the runner protocol: requests on its stdin,
// replies on its fd 3, everything else it prints into `log_path`. No file
// the child writes may exceed `max_file_bytes` (a solution printing without
// end is killed by SIGXFSZ instead of filling the disk).
class ChildProcess {
 public:
  ChildProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& extra_env,
               const std::string& log_path, unsigned long long max_file_bytes = 8ULL << 30);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // False when the child is gone and cannot read.
  bool send_line(const std::string& line);

  // The next reply line, or nullopt when the child died or the time ran out
  // (then `status()` says which; a child that timed out has been killed).
  // A line longer than kMaxReplyBytes is hostile: the child is killed and
  // `reply_overflowed()` says so.
  std::optional<std::string> read_line(double timeout_seconds);
  static constexpr std::size_t kMaxReplyBytes = 1 << 20;
  bool reply_overflowed() const { return m_overflowed; }

  // Kills the child if it still runs and reaps it.
  ExitStatus finish(double grace_seconds = 5.0);
  const ExitStatus& status() const { return m_status; }

  // The last `max_bytes` of what the child printed.
  std::string output_tail(std::size_t max_bytes = 4000) const;

 private:
  void kill_group();
  void reap(bool block);

  pid_t m_pid = -1;
  int m_stdin = -1;
  int m_reply = -1;
  std::string m_log_path;
  std::string m_buffer;
  bool m_reaped = false;
  bool m_overflowed = false;
  ExitStatus m_status;
};

}  // namespace judge
