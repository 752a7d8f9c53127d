#include "harness/sandbox/isolation.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "harness/sandbox/policy.h"
#include "harness/sandbox/privileges.h"
#include "harness/sandbox/seccomp_filter.h"

namespace sandbox {

namespace {

namespace fs = std::filesystem;

std::string errno_text(const std::string& what) { return what + ": " + std::strerror(errno); }

void write_text(const char* text) {
  for (std::size_t left = std::strlen(text); left > 0;) {
    const ssize_t n = write(STDERR_FILENO, text, left);
    if (n <= 0) return;
    text += n;
    left -= static_cast<std::size_t>(n);
  }
}

[[noreturn]] void end_like(int status, bool mirror_signal_statuses) {
  int signal_number = 0;
  if (WIFSIGNALED(status)) signal_number = WTERMSIG(status);
  if (WIFEXITED(status)) {
    const int code = WEXITSTATUS(status);
    // bubblewrap turns "killed by signal N" into exit status 128+N; 159
    // (SIGSYS) stays an exit status: it is also the trap handler's.
    if (!mirror_signal_statuses || code <= 128 || code >= 128 + 32 || code == kForbiddenCallExitStatus) _exit(code);
    signal_number = code - 128;
  }
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  signal(signal_number, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal_number);
  sigprocmask(SIG_UNBLOCK, &set, nullptr);
  raise(signal_number);
  _exit(128 + signal_number);
}

// Where a root runner puts what the run's user must reach: a private tmpfs
// over an existing folder the sandbox itself never shows.
std::string stage_folder() {
  for (const char* folder : {"/mnt", "/media", "/srv", "/opt"}) {
    struct stat info{};
    if (stat(folder, &info) == 0 && S_ISDIR(info.st_mode)) return folder;
  }
  throw std::runtime_error("no folder to stage the run's files in (/mnt, /media, /srv, /opt)");
}

// In a private mount namespace: a tmpfs at the stage folder.
void make_stage(const std::string& stage) {
  if (unshare(CLONE_NEWNS) != 0) throw std::runtime_error(errno_text("unshare(CLONE_NEWNS)"));
  if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) throw std::runtime_error(errno_text("mount --make-rprivate /"));
  if (mount("tmpfs", stage.c_str(), "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0755,size=1m") != 0) {
    throw std::runtime_error(errno_text("mount tmpfs on " + stage));
  }
}

// Binds `path` (a folder or a file) at stage/name; returns that path.
std::string stage_path(const std::string& stage, const std::string& path, int index) {
  const std::string target = stage + "/" + std::to_string(index);
  struct stat info{};
  if (stat(path.c_str(), &info) != 0) throw std::runtime_error(errno_text("cannot stat " + path));
  if (S_ISDIR(info.st_mode)) {
    if (mkdir(target.c_str(), 0755) != 0) throw std::runtime_error(errno_text("mkdir " + target));
  } else {
    const int fd = open(target.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
    if (fd < 0) throw std::runtime_error(errno_text("create " + target));
    close(fd);
  }
  if (mount(path.c_str(), target.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0) {
    throw std::runtime_error(errno_text("bind " + path));
  }
  return target;
}

}  // namespace

std::string isolation_unavailable(uid_t run_as) {
  if (access(kBubblewrap, X_OK) != 0) return std::string("no bubblewrap (") + kBubblewrap + ")";
  const pid_t child = fork();
  if (child < 0) return errno_text("fork");
  if (child == 0) {
    if (geteuid() == 0 && run_as != 0) {
      try {
        make_stage(stage_folder());
      } catch (const std::exception&) {
        _exit(100);
      }
      try {
        switch_to_user(run_as);
      } catch (const std::exception&) {
        _exit(101);
      }
    }
    // The user and mount namespaces only: the others come with them wherever
    // these work, and creating a network namespace costs ~10 ms per run.
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) _exit(errno & 0x7f);
    // Some kernels (Ubuntu's AppArmor restriction) create the namespace but
    // deny the capabilities in it that bubblewrap needs to build its tree.
    if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) _exit(102);
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
  if (WIFEXITED(status) && WEXITSTATUS(status) == 100) return "root cannot make a private mount namespace";
  if (WIFEXITED(status) && WEXITSTATUS(status) == 101) return "cannot switch to an unprivileged user";
  if (WIFEXITED(status) && WEXITSTATUS(status) == 102) return "the kernel refuses mounts in a user namespace";
  return std::string("the kernel refuses user namespaces (") +
         (WIFEXITED(status) ? std::strerror(WEXITSTATUS(status)) : "probe crashed") + ")";
}

std::vector<std::string> read_only_bind(const std::string& path, const std::vector<std::string>& trees) {
  std::error_code error;
  if (!fs::is_symlink(path, error)) return {"--ro-bind-try", path, path};
  // A top-level link stays a link: merged-/usr's /lib and /bin point into
  // /usr, which is bound.
  if (path.rfind('/') == 0) return {"--symlink", fs::read_symlink(path, error).string(), path};
  auto in_tree = [&](const fs::path& link) {
    const std::string text = link.string();
    return std::any_of(trees.begin(), trees.end(), [&](const std::string& tree) {
      return tree != path && text.size() > tree.size() && text.compare(0, tree.size(), tree) == 0 &&
             text[tree.size()] == '/';
    });
  };
  std::vector<std::string> words;
  fs::path link = path;
  for (int hop = 0; hop < 40 && fs::is_symlink(link, error); ++hop) {
    const fs::path target = fs::read_symlink(link, error);
    if (error) break;
    if (!in_tree(link)) words.insert(words.end(), {"--symlink", target.string(), link.string()});
    link = (target.is_absolute() ? target : link.parent_path() / target).lexically_normal();
  }
  const fs::path end = fs::weakly_canonical(path, error);
  if (!error) words.insert(words.end(), {"--ro-bind-try", end.string(), end.string()});
  return words;
}

std::vector<std::string> bubblewrap_command(const IsolationPlan& plan, const std::vector<std::string>& read_sources,
                                            const std::vector<std::string>& write_sources,
                                            const std::string& program_source, const std::string& program_inside) {
  const std::string tmpfs_size = std::to_string(plan.tmpfs_bytes);
  std::vector<std::string> command = {
      kBubblewrap,
      "--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
      "--disable-userns",  // no user namespace of its own inside: nothing to regain capabilities in
      "--cap-drop", "ALL", "--die-with-parent", "--hostname", "sandbox",
      "--proc", "/proc", "--dev", "/dev",
      "--size", tmpfs_size, "--tmpfs", "/tmp",
      "--size", tmpfs_size, "--tmpfs", "/dev/shm",
  };
  auto add = [&](std::initializer_list<std::string> words) { command.insert(command.end(), words); };
  // The fixed binds (policy.h).
  const std::vector<Mount> mounts = runner_mounts(plan.gpu, plan.cuda_home);
  std::vector<std::string> trees;
  for (const Mount& mount : mounts) {
    if (mount.kind != Mount::Kind::kDevice) trees.push_back(mount.path);
  }
  for (const Mount& mount : mounts) {
    switch (mount.kind) {
      case Mount::Kind::kReadOnly: {
        const std::vector<std::string> words = read_only_bind(mount.path, trees);
        command.insert(command.end(), words.begin(), words.end());
        break;
      }
      case Mount::Kind::kReadWrite: add({"--bind-try", mount.path, mount.path}); break;
      case Mount::Kind::kDevice: add({"--dev-bind-try", mount.path, mount.path}); break;
    }
  }
  for (std::size_t i = 0; i < plan.read.size() && i < read_sources.size(); ++i) {
    add({"--ro-bind", read_sources[i], plan.read[i]});
  }
  for (std::size_t i = 0; i < plan.write.size() && i < write_sources.size(); ++i) {
    add({"--bind", write_sources[i], plan.write[i]});
  }
  add({"--ro-bind", program_source, program_inside, "--chdir", "/", "--", program_inside});
  command.insert(command.end(), plan.arguments.begin(), plan.arguments.end());
  return command;
}

void exec_isolated(const IsolationPlan& plan, std::optional<uid_t> switch_to) {
  std::vector<std::string> read_sources = plan.read, write_sources = plan.write;
  std::string program_source = plan.program;
  if (switch_to) {
    // The run's user may not enter the folders above these (a root judge's
    // work folder is private): bind them, while still root, into a stage
    // it can reach, and let bubblewrap bind them from there.
    const std::string stage = stage_folder();
    make_stage(stage);
    int index = 0;
    for (std::string& path : read_sources) path = stage_path(stage, path, index++);
    for (std::string& path : write_sources) path = stage_path(stage, path, index++);
    program_source = stage_path(stage, program_source, index++);
    switch_to_user(*switch_to);
  }
  const std::vector<std::string> command = bubblewrap_command(
      plan, read_sources, write_sources, program_source, "/run/judge/" + fs::path(plan.program).filename().string());
  std::vector<char*> argv;
  for (const std::string& word : command) argv.push_back(const_cast<char*>(word.c_str()));
  argv.push_back(nullptr);
  execv(kBubblewrap, argv.data());
  throw std::runtime_error(errno_text(std::string("cannot run ") + kBubblewrap));
}

namespace {

// Adds what the folder open as `folder_fd` holds, walking by descriptor (a
// supervisor without privilege cannot enter the judge's private work
// folder by path). Symbolic links are not followed. Every entry counts,
// whatever its depth; a tree deeper than kMaxExchangeDepth (which would
// take one descriptor per level to walk) is itself past the cap.
void add_usage(int folder_fd, FolderUsage& usage, int depth) {
  const int fd = openat(folder_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  DIR* dir = fdopendir(fd);
  if (!dir) {
    close(fd);
    return;
  }
  while (const dirent* entry = readdir(dir)) {
    if (std::strcmp(entry->d_name, ".") == 0 || std::strcmp(entry->d_name, "..") == 0) continue;
    ++usage.files;
    struct stat info{};
    if (fstatat(fd, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (S_ISREG(info.st_mode)) {
      // The larger of the logical size and the blocks taken: a sparse file
      // is no way around the cap.
      const unsigned long long taken = static_cast<unsigned long long>(info.st_blocks) * 512;
      usage.bytes += std::max<unsigned long long>(taken, static_cast<unsigned long long>(info.st_size));
    } else if (S_ISDIR(info.st_mode)) {
      if (depth + 1 > kMaxExchangeDepth) {
        usage.too_deep = true;
        continue;
      }
      const int child = openat(fd, entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (child >= 0) {
        add_usage(child, usage, depth + 1);
        close(child);
      }
    }
  }
  closedir(dir);
}

}  // namespace

FolderUsage folder_usage(const std::vector<int>& folder_fds) {
  FolderUsage usage;
  for (int fd : folder_fds) add_usage(fd, usage, 0);
  return usage;
}

void fork_supervised(const ExchangeCap& cap, const std::vector<int>& close_in_parent, bool mirror_signal_statuses,
                     void (*drop_parent_privileges)(void*), void* context) {
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) throw std::runtime_error(errno_text("fork"));
  if (child == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (getppid() != parent) _exit(127);
    return;
  }
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  std::vector<int> folder_fds;
  for (const std::string& folder : cap.folders) {
    const int fd = open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) folder_fds.push_back(fd);
  }
  // bubblewrap's PID 1 may outlive its parent by a moment: it comes here,
  // not to the judge, and is reaped below.
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  for (int fd : close_in_parent) close(fd);
  close(STDIN_FILENO);
  if (drop_parent_privileges) drop_parent_privileges(context);
  const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, child, 0));
  for (;;) {
    if (pidfd >= 0) {
      pollfd waiting{pidfd, POLLIN, 0};
      poll(&waiting, 1, 50);
    } else {
      usleep(50 * 1000);
    }
    int status = 0;
    const pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child) {
      while (waitpid(-1, nullptr, 0) > 0 || errno == EINTR) {
      }
      end_like(status, mirror_signal_statuses);
    }
    if (done < 0 && errno != EINTR) _exit(127);
    if (cap.bytes == 0) continue;
    const FolderUsage usage = folder_usage(folder_fds);
    if (usage.bytes > cap.bytes || usage.files > cap.files || usage.too_deep) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      const std::string message = "\nsandbox: the solution filled its exchange folder past the limit (" +
                                  std::to_string(cap.bytes >> 20) + " MiB, " + std::to_string(cap.files) +
                                  " files, " + std::to_string(kMaxExchangeDepth) +
                                  " folders deep; --exchange-limit raises the size); the run was stopped\n";
      write_text(message.c_str());
      _exit(kForbiddenCallExitStatus);
    }
  }
}

}  // namespace sandbox
