#include "harness/sandbox/process_limits.h"

#include <dirent.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>

extern char** environ;

namespace sandbox {

namespace {

void set_limit(int resource, rlim_t value, const char* name) {
  const rlimit limit{value, value};
  if (setrlimit(resource, &limit) != 0) {
    throw std::runtime_error(std::string("setrlimit(") + name + "): " + std::strerror(errno));
  }
}

// Variables a child may see. Everything else (CI tokens, cloud keys, the
// user's own settings) is dropped.
const std::set<std::string>& passed_variables() {
  static const std::set<std::string> names = {
      "PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ",
      "CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES",
  };
  return names;
}

}  // namespace

void apply_limits(const ResourceLimits& limits) {
  set_limit(RLIMIT_CORE, 0, "RLIMIT_CORE");
  set_limit(RLIMIT_NOFILE, limits.open_files, "RLIMIT_NOFILE");
  set_limit(RLIMIT_FSIZE, limits.file_size_bytes, "RLIMIT_FSIZE");
  if (limits.address_space_bytes) set_limit(RLIMIT_AS, limits.address_space_bytes, "RLIMIT_AS");
  if (limits.data_bytes) set_limit(RLIMIT_DATA, limits.data_bytes, "RLIMIT_DATA");
  if (limits.cpu_seconds) set_limit(RLIMIT_CPU, limits.cpu_seconds, "RLIMIT_CPU");
  if (limits.processes) set_limit(RLIMIT_NPROC, limits.processes, "RLIMIT_NPROC");
  set_limit(RLIMIT_RTPRIO, 0, "RLIMIT_RTPRIO");
  set_limit(RLIMIT_NICE, 0, "RLIMIT_NICE");
  set_limit(RLIMIT_MSGQUEUE, 0, "RLIMIT_MSGQUEUE");
}

unsigned long long tasks_of_user(uid_t uid) {
  unsigned long long tasks = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream status(entry.path() / "status");
    std::string line;
    bool mine = false;
    while (std::getline(status, line)) {
      if (line.rfind("Uid:", 0) == 0) mine = std::stoul(line.substr(4)) == uid;
      if (mine && line.rfind("Threads:", 0) == 0) tasks += std::stoull(line.substr(8));
    }
  }
  return tasks;
}

void close_inherited_descriptors(const std::vector<int>& keep) {
  std::vector<int> kept = keep;
  kept.erase(std::remove_if(kept.begin(), kept.end(), [](int fd) { return fd < 3; }), kept.end());
  std::sort(kept.begin(), kept.end());
  unsigned first = 3;
  for (int fd : kept) {
    if (static_cast<unsigned>(fd) > first) syscall(SYS_close_range, first, static_cast<unsigned>(fd) - 1, 0);
    first = static_cast<unsigned>(fd) + 1;
  }
  if (syscall(SYS_close_range, first, ~0U, 0) != 0) {
    // Kernels before 5.9: close one by one up to the descriptor limit.
    const long max = sysconf(_SC_OPEN_MAX);
    for (long fd = first; fd < max; ++fd) close(static_cast<int>(fd));
  }
}

std::vector<int> open_descriptors() {
  std::vector<int> fds;
  DIR* folder = opendir("/proc/self/fd");
  if (!folder) throw std::runtime_error(std::string("cannot list /proc/self/fd: ") + std::strerror(errno));
  const int own = dirfd(folder);
  while (const dirent* entry = readdir(folder)) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    const int fd = std::atoi(entry->d_name);
    if (fd != own) fds.push_back(fd);
  }
  closedir(folder);
  std::sort(fds.begin(), fds.end());
  return fds;
}

void die_with_parent(pid_t expected_parent) {
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  if (getppid() != expected_parent) _exit(127);  // the parent died before the call above
}

std::vector<std::string> scrubbed_environment(const std::map<std::string, std::string>& set) {
  std::vector<std::string> result;
  for (char** entry = environ; *entry; ++entry) {
    const std::string text = *entry;
    const std::string name = text.substr(0, text.find('='));
    if (passed_variables().count(name) && !set.count(name)) result.push_back(text);
  }
  for (const auto& [name, value] : set) result.push_back(name + "=" + value);
  return result;
}

}  // namespace sandbox
