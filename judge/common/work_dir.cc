#include "judge/common/work_dir.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

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

// Folders open at once while removing a tree; a subtree deeper than this is
// moved up to the top folder (one rename) and removed from there, so any
// depth is removed with a bounded number of descriptors.
constexpr int kMaxOpenFolders = 32;

struct TreeRemoval {
  int top_fd = -1;
  std::string top;     // the top folder's path, for messages
  int moved = 0;       // subtrees moved up so far (their names)
  std::string failure; // the first thing that could not be removed
  void fail(const std::string& what) {
    if (failure.empty()) failure = "cannot remove " + what + ": " + std::strerror(errno);
  }
};

// Removes what the folder open as `fd` holds; true if anything was moved up
// to the top folder (and is still to be removed).
bool empty_folder(int fd, const std::string& where, int depth, TreeRemoval& removal) {
  // The names first: the folder changes while they are removed.
  std::vector<std::string> names;
  // A descriptor of its own: a dup() would share (and use up) fd's offset.
  const int listing = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR* dir = listing >= 0 ? fdopendir(listing) : nullptr;
  if (!dir) {
    if (listing >= 0) close(listing);
    removal.fail(where);
    return false;
  }
  while (const dirent* entry = readdir(dir)) {
    if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0) names.push_back(entry->d_name);
  }
  closedir(dir);
  bool moved_up = false;
  for (const std::string& name : names) {
    const std::string path = where + "/" + name;
    struct stat info {};
    if (fstatat(fd, name.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0) continue;  // gone already
    if (!S_ISDIR(info.st_mode)) {
      if (unlinkat(fd, name.c_str(), 0) != 0) removal.fail(path);
      continue;
    }
    if (depth + 1 >= kMaxOpenFolders) {
      int renamed = -1;
      for (int attempt = 0; attempt < 100 && renamed != 0; ++attempt) {
        const std::string up = ".removing-" + std::to_string(removal.moved++);
        renamed = renameat2(fd, name.c_str(), removal.top_fd, up.c_str(), RENAME_NOREPLACE);
        if (renamed != 0 && errno != EEXIST) break;
      }
      if (renamed == 0) {
        moved_up = true;
      } else {
        removal.fail(path);
      }
      continue;
    }
    // What a solution made may be mode 0 or write-only: ours to enter now.
    if ((info.st_mode & 0700) != 0700) fchmodat(fd, name.c_str(), 0700, 0);
    const int child = openat(fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (child < 0) {
      removal.fail(path);
      continue;
    }
    moved_up |= empty_folder(child, path, depth + 1, removal);
    close(child);
    if (unlinkat(fd, name.c_str(), AT_REMOVEDIR) != 0 && errno != ENOTEMPTY) removal.fail(path);
  }
  return moved_up;
}

}  // namespace

std::string remove_tree(const std::filesystem::path& path) {
  struct stat info {};
  if (lstat(path.c_str(), &info) != 0) return errno == ENOENT ? "" : "cannot remove " + path.string() + ": " + std::strerror(errno);
  if (!S_ISDIR(info.st_mode)) {
    if (unlink(path.c_str()) != 0) return "cannot remove " + path.string() + ": " + std::strerror(errno);
    return "";
  }
  if ((info.st_mode & 0700) != 0700) chmod(path.c_str(), 0700);
  TreeRemoval removal;
  removal.top = path.string();
  removal.top_fd = open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (removal.top_fd < 0) return "cannot remove " + path.string() + ": " + std::strerror(errno);
  // Each round removes what it can reach and moves deeper subtrees up; a
  // round that moves nothing up has reached the bottom.
  for (int round = 0; round < 1'000'000 && empty_folder(removal.top_fd, removal.top, 0, removal); ++round) {
  }
  close(removal.top_fd);
  if (rmdir(path.c_str()) != 0) removal.fail(path.string());
  return removal.failure;
}

std::filesystem::path make_work_dir(const std::filesystem::path& root) {
  std::string pattern = (root / (kPrefix + std::to_string(getpid()) + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a work folder in " + root.string());
  return pattern;
}

void mark_work_dir_kept(const std::filesystem::path& dir) { std::ofstream(dir / kKeptMarker) << "--keep-work\n"; }

int sweep_stale_work_dirs(const std::filesystem::path& root, std::string* failures) {
  int removed = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(root, error)) {
    const std::string name = entry.path().filename().string();
    const pid_t owner = owner_of(name);
    if (owner <= 0 || owner == getpid() || process_exists(owner)) continue;
    struct stat info {};
    if (lstat(entry.path().c_str(), &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != getuid()) continue;
    if (std::filesystem::exists(entry.path() / kKeptMarker, error)) continue;
    const std::string failure = remove_tree(entry.path());
    if (failure.empty()) {
      ++removed;
    } else if (failures) {
      *failures += failure + "\n";
    }
  }
  return removed;
}

}  // namespace judge
