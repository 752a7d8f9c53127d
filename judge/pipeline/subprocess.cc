#include "judge/pipeline/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "harness/sandbox/process_limits.h"

namespace judge {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// poll()'s time-out for `seconds` left: rounded up, so a loop never spins.
int poll_milliseconds(double seconds) { return seconds <= 0 ? 0 : static_cast<int>(seconds * 1000) + 1; }

void set_non_blocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

// fork + exec with the child in a new process group. `redirect` runs in the
// child before exec to set up its descriptors.
template <class Redirect>
pid_t spawn(const std::vector<std::string>& argv, const std::map<std::string, std::string>& extra_env,
            Redirect redirect) {
  if (argv.empty()) throw std::invalid_argument("spawn: empty command");
  const std::vector<std::string> env_strings = sandbox::scrubbed_environment(extra_env);
  std::vector<char*> c_argv, c_env;
  for (const std::string& a : argv) c_argv.push_back(const_cast<char*>(a.c_str()));
  c_argv.push_back(nullptr);
  for (const std::string& e : env_strings) c_env.push_back(const_cast<char*>(e.c_str()));
  c_env.push_back(nullptr);

  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    setpgid(0, 0);
    // The judge ignores these (ignore_fatal_limit_signals); an ignored signal
    // stays ignored across exec, and the child's limits rely on them.
    for (int number : {SIGPIPE, SIGXFSZ, SIGXCPU}) signal(number, SIG_DFL);
    sandbox::die_with_parent(parent);
    redirect();
    sandbox::close_inherited_descriptors({3});  // fd 3: the runner's reply pipe, where there is one
    execve(c_argv[0], c_argv.data(), c_env.data());
    // execve only returns on failure; try PATH for bare command names.
    execvpe(c_argv[0], c_argv.data(), c_env.data());
    std::fprintf(stderr, "cannot execute %s: %s\n", c_argv[0], std::strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid);  // also from the parent, so kill(-pid) works at once
  return pid;
}

ExitStatus decode(int wait_status) {
  ExitStatus status;
  if (WIFEXITED(wait_status)) {
    status.exited = true;
    status.code = WEXITSTATUS(wait_status);
  } else if (WIFSIGNALED(wait_status)) {
    status.code = WTERMSIG(wait_status);
  }
  return status;
}

// The last `max_bytes` of the open file `fd`, read by position: the child
// may rename, replace or unlink the path, but not this file.
std::string read_tail(int fd, std::size_t max_bytes) {
  struct stat info {};
  if (fd < 0 || fstat(fd, &info) != 0 || info.st_size <= 0) return "";
  const off_t size = info.st_size;
  const off_t start = size > static_cast<off_t>(max_bytes) ? size - static_cast<off_t>(max_bytes) : 0;
  std::string text(static_cast<std::size_t>(size - start), '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = pread(fd, text.data() + got, text.size() - got, start + static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return (start > 0 ? "[...]\n" : "") + text;
}

}  // namespace

void ignore_fatal_limit_signals() {
  for (int number : {SIGPIPE, SIGXFSZ, SIGXCPU}) signal(number, SIG_IGN);
}

namespace {

struct NamedLimit {
  int resource;
  const char* name;
};
constexpr NamedLimit kWatchedLimits[] = {
    {RLIMIT_FSIZE, "RLIMIT_FSIZE"},   {RLIMIT_NOFILE, "RLIMIT_NOFILE"}, {RLIMIT_AS, "RLIMIT_AS"},
    {RLIMIT_DATA, "RLIMIT_DATA"},     {RLIMIT_STACK, "RLIMIT_STACK"},   {RLIMIT_CPU, "RLIMIT_CPU"},
    {RLIMIT_NPROC, "RLIMIT_NPROC"},   {RLIMIT_MEMLOCK, "RLIMIT_MEMLOCK"},
};

std::string limit_text(rlim_t value) { return value == RLIM_INFINITY ? "unlimited" : std::to_string(value); }

}  // namespace

OwnProcessState snapshot_own_state() {
  OwnProcessState state;
  for (const NamedLimit& limit : kWatchedLimits) {
    rlimit value{};
    getrlimit(limit.resource, &value);
    state.limits.emplace_back(limit.resource, value);
  }
  errno = 0;
  state.nice = getpriority(PRIO_PROCESS, 0);
  state.scheduler = sched_getscheduler(0);
  return state;
}

std::string own_state_changes(const OwnProcessState& before) {
  const OwnProcessState now = snapshot_own_state();
  std::string changes;
  auto note = [&](const std::string& change) { changes += (changes.empty() ? "" : "; ") + change; };
  for (std::size_t i = 0; i < before.limits.size() && i < now.limits.size(); ++i) {
    const rlimit& was = before.limits[i].second;
    const rlimit& is = now.limits[i].second;
    if (was.rlim_cur == is.rlim_cur && was.rlim_max == is.rlim_max) continue;
    note(std::string(kWatchedLimits[i].name) + " changed from " + limit_text(was.rlim_cur) + " (hard " +
         limit_text(was.rlim_max) + ") to " + limit_text(is.rlim_cur) + " (hard " + limit_text(is.rlim_max) + ")");
  }
  if (now.nice != before.nice) {
    note("its nice value changed from " + std::to_string(before.nice) + " to " + std::to_string(now.nice));
  }
  if (now.scheduler != before.scheduler) {
    note("its scheduling policy changed from " + std::to_string(before.scheduler) + " to " +
         std::to_string(now.scheduler));
  }
  return changes;
}

void adopt_orphans() { prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

int kill_leftover_children() {
  const std::string self = std::to_string(getpid());
  int killed = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    std::getline(stat, line);
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const std::size_t close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream fields(line.substr(close + 1));
    std::string state, parent;
    fields >> state >> parent;
    if (parent != self) continue;
    const pid_t pid = static_cast<pid_t>(std::stol(name));
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    ++killed;
  }
  return killed;
}

std::string ExitStatus::describe() const {
  std::ostringstream out;
  if (timed_out) out << "timed out and was killed";
  else if (exited) out << "exited with status " << code;
  else out << "was killed by signal " << code << " (" << strsignal(code) << ")";
  return out.str();
}

CommandResult run_command(const std::vector<std::string>& argv, double timeout_seconds,
                          const std::map<std::string, std::string>& extra_env, std::size_t max_output_bytes) {
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  const pid_t pid = spawn(argv, extra_env, [&] {
    dup2(pipe_fds[1], STDOUT_FILENO);
    dup2(pipe_fds[1], STDERR_FILENO);
    int null_fd = open("/dev/null", O_RDONLY);
    dup2(null_fd, STDIN_FILENO);
  });
  close(pipe_fds[1]);
  set_non_blocking(pipe_fds[0]);
  CommandResult result;
  const auto start = Clock::now();
  bool timed_out = false;
  char buffer[4096];
  for (;;) {
    const double left = timeout_seconds - seconds_since(start);
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd fd{pipe_fds[0], POLLIN, 0};
    const int ready = poll(&fd, 1, poll_milliseconds(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;
    const ssize_t n = read(pipe_fds[0], buffer, sizeof buffer);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (n <= 0) break;
    if (result.output.size() < max_output_bytes) {
      result.output.append(buffer, static_cast<std::size_t>(n));
      if (result.output.size() >= max_output_bytes) result.output += "\n[output truncated]\n";
    }
  }
  close(pipe_fds[0]);
  if (timed_out) kill(-pid, SIGKILL);
  int wait_status = 0;
  waitpid(pid, &wait_status, 0);
  result.status = decode(wait_status);
  result.status.timed_out = timed_out;
  return result;
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& extra_env,
                           const std::string& log_path, unsigned long long max_file_bytes) {
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  const int log_fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (log_fd < 0) throw std::runtime_error("cannot create " + log_path);
  // The judge reads the log through its own descriptor, never by name again:
  // the log's folder is the child's to write (a link or FIFO put there must
  // not be followed or waited on).
  m_log = open(log_path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (m_log < 0) throw std::runtime_error("cannot read " + log_path);
  m_pid = spawn(argv, extra_env, [&] {
    dup2(to_child[0], STDIN_FILENO);
    dup2(log_fd, STDOUT_FILENO);
    dup2(log_fd, STDERR_FILENO);
    dup2(from_child[1], 3);  // dup2 clears close-on-exec on the copy
    const rlimit file_size{max_file_bytes, max_file_bytes};
    setrlimit(RLIMIT_FSIZE, &file_size);
  });
  close(to_child[0]);
  close(from_child[1]);
  close(log_fd);
  m_stdin = to_child[1];
  m_reply = from_child[0];
  // Neither end may block the judge: the child can reopen both pipes
  // through /proc/self/fd (fill the request pipe, drain the reply pipe).
  set_non_blocking(m_stdin);
  set_non_blocking(m_reply);
  signal(SIGPIPE, SIG_IGN);  // a dead child must not kill the judge
}

ChildProcess::~ChildProcess() {
  finish(0.0);
  if (m_log >= 0) close(m_log);
}

bool ChildProcess::send_line(const std::string& line, double timeout_seconds) {
  if (m_stdin < 0) return false;
  const std::string data = line + "\n";
  const auto start = Clock::now();
  std::size_t written = 0;
  while (written < data.size()) {
    const ssize_t n = write(m_stdin, data.data() + written, data.size() - written);
    if (n > 0) {
      written += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {  // the pipe is full
      const double left = timeout_seconds - seconds_since(start);
      if (left <= 0) {
        m_input_stalled = true;
        time_out();
        return false;
      }
      pollfd fd{m_stdin, POLLOUT, 0};
      poll(&fd, 1, poll_milliseconds(left));  // POLLERR (no reader left) shows as EPIPE on the next write
      continue;
    }
    return false;  // EPIPE: the child is gone
  }
  return true;
}

// Kills the child for not answering in time.
void ChildProcess::time_out() {
  if (m_reaped && m_reply < 0) return;
  kill_group();
  reap(true);
  m_status.timed_out = true;
  if (m_reply >= 0) {
    close(m_reply);
    m_reply = -1;
  }
}

std::optional<std::string> ChildProcess::read_line(double timeout_seconds) {
  const auto start = Clock::now();
  char buffer[4096];
  for (;;) {
    const auto newline = m_buffer.find('\n');
    if (newline != std::string::npos) {
      std::string line = m_buffer.substr(0, newline);
      m_buffer.erase(0, newline + 1);
      return line;
    }
    const double left = timeout_seconds - seconds_since(start);
    if (left <= 0 || m_reply < 0) {
      if (m_reply >= 0) time_out();
      return std::nullopt;
    }
    pollfd fd{m_reply, POLLIN, 0};
    const int ready = poll(&fd, 1, poll_milliseconds(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;
    const ssize_t n = read(m_reply, buffer, sizeof buffer);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;  // another reader took the bytes
    if (n <= 0) {  // the child closed its end: it died or exited
      close(m_reply);
      m_reply = -1;
      reap(true);
      return std::nullopt;
    }
    m_buffer.append(buffer, static_cast<std::size_t>(n));
    if (m_buffer.size() > kMaxReplyBytes && m_buffer.find('\n') == std::string::npos) {
      m_overflowed = true;
      kill_group();
      reap(true);
      close(m_reply);
      m_reply = -1;
      return std::nullopt;
    }
  }
}

ExitStatus ChildProcess::finish(double grace_seconds) {
  if (m_stdin >= 0) {
    close(m_stdin);
    m_stdin = -1;
  }
  const auto start = Clock::now();
  while (!m_reaped && seconds_since(start) < grace_seconds) {
    reap(false);
    if (!m_reaped) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (!m_reaped) {
    kill_group();
    reap(true);
  }
  if (m_reply >= 0) {
    close(m_reply);
    m_reply = -1;
  }
  return m_status;
}

std::string ChildProcess::output_tail(std::size_t max_bytes) const { return read_tail(m_log, max_bytes); }

// The group, and the child itself in case it left the group (setsid).
void ChildProcess::kill_group() {
  if (m_pid > 0 && !m_reaped) {
    kill(-m_pid, SIGKILL);
    kill(m_pid, SIGKILL);
  }
}

void ChildProcess::reap(bool block) {
  if (m_reaped || m_pid <= 0) return;
  int wait_status = 0;
  const pid_t done = waitpid(m_pid, &wait_status, block ? 0 : WNOHANG);
  if (done == m_pid) {
    const bool timed_out = m_status.timed_out;
    m_status = decode(wait_status);
    m_status.timed_out = timed_out;
    m_reaped = true;
    kill(-m_pid, SIGKILL);  // anything the child left behind in its group
  }
}

}  // namespace judge
