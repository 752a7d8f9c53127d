// Child processes the judge keeps in control of: compilers and the runner.
// Every child gets its own process group, so a time-out kills it with all it
// started, dies with the judge (PR_SET_PDEATHSIG), inherits no descriptor
// but its standard ones (and the runner's reply pipe), and sees a scrubbed
// environment (harness/sandbox/process_limits.h): PATH, locale and GPU
// selection, plus what the caller sets; no token or key of the judge's.
// Its stdout and stderr go to a log file whose tail the judge shows.
#pragma once

#include <sys/resource.h>
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

// The judge's own defences against what its children can do to it from
// outside (a solution's runner is the judge's child, of the same user):
// SIGXFSZ, SIGXCPU and SIGPIPE are ignored (a lowered limit or a closed pipe
// then fails a write, with an error the judge reports, instead of killing it
// without a verdict; children get the default actions back), and its limits
// and scheduling are snapshotted so that a change is noticed and blamed.
void ignore_fatal_limit_signals();

struct OwnProcessState {
  std::vector<std::pair<int, rlimit>> limits;  // (resource, limit) for every limit a child could lower
  int nice = 0;
  int scheduler = 0;
};
OwnProcessState snapshot_own_state();

// What changed since `before` ("RLIMIT_FSIZE lowered from unlimited to 0"),
// or an empty string when nothing did.
std::string own_state_changes(const OwnProcessState& before);

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

  // Writes one request line. False when the child is gone, or when it did
  // not take the line within `timeout_seconds` (a child that never reads,
  // or that filled its own input pipe): then it has been killed and
  // `status().timed_out` and `input_stalled()` say so. The judge never
  // blocks on a write.
  bool send_line(const std::string& line, double timeout_seconds);
  bool input_stalled() const { return m_input_stalled; }

  // The next reply line, or nullopt when the child died or the time ran out
  // (then `status()` says which; a child that timed out has been killed).
  // Never blocks past the time-out, whatever else reads the pipe.
  // A line longer than kMaxReplyBytes is hostile: the child is killed and
  // `reply_overflowed()` says so.
  std::optional<std::string> read_line(double timeout_seconds);
  static constexpr std::size_t kMaxReplyBytes = 1 << 20;
  bool reply_overflowed() const { return m_overflowed; }

  // Kills the child if it still runs and reaps it.
  ExitStatus finish(double grace_seconds = 5.0);
  const ExitStatus& status() const { return m_status; }

  // The last `max_bytes` of what the child printed, read from the log file
  // the child was given, whatever now lies at its path.
  std::string output_tail(std::size_t max_bytes = 4000) const;

 private:
  void kill_group();
  void reap(bool block);
  void time_out();

  pid_t m_pid = -1;
  int m_stdin = -1;
  int m_reply = -1;
  int m_log = -1;  // the log, open for reading (see output_tail)
  std::string m_buffer;
  bool m_reaped = false;
  bool m_overflowed = false;
  bool m_input_stalled = false;
  ExitStatus m_status;
};

}  // namespace judge
