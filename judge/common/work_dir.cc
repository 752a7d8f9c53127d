#include "judge/common/work_dir.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>

namespace judge {

namespace {

constexpr char kPrefix[] = "judge-";
constexpr char kKeptMarker[] = ".kept-on-request";

// The owner pid of a "judge-<pid>-XXXXXX" name, or 0 when it is not one.
pid_t owner_of(const std::string& name) {
  if (name.rfind(kPrefix, 0) != 0) return 0;
  const std::size_t start = sizeof kPrefix - 1;
  const std::size_t dash = name.find('-', start);
  if (dash == std::string::npos || dash == start || dash - start > 9) return 0;
  pid_t pid = 0;
  for (std::size_t i = start; i < dash; ++i) {
    if (name[i] < '0' || name[i] > '9') return 0;
    pid = pid * 10 + (name[i] - '0');
  }
  return pid;
}

bool process_exists(pid_t pid) { return kill(pid, 0) == 0 || errno == EPERM; }

}  // namespace

std::filesystem::path make_work_dir(const std::filesystem::path& root) {
  std::string pattern = (root / (kPrefix + std::to_string(getpid()) + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a work folder in " + root.string());
  return pattern;
}

void mark_work_dir_kept(const std::filesystem::path& dir) { std::ofstream(dir / kKeptMarker) << "--keep-work\n"; }

int sweep_stale_work_dirs(const std::filesystem::path& root) {
  int removed = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(root, error)) {
    const std::string name = entry.path().filename().string();
    const pid_t owner = owner_of(name);
    if (owner <= 0 || owner == getpid() || process_exists(owner)) continue;
    struct stat info {};
    if (lstat(entry.path().c_str(), &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != getuid()) continue;
    if (std::filesystem::exists(entry.path() / kKeptMarker, error)) continue;
    std::error_code ignored;
    if (std::filesystem::remove_all(entry.path(), ignored) > 0 && !ignored) ++removed;
  }
  return removed;
}

}  // namespace judge
