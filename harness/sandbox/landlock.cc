#include "harness/sandbox/landlock.h"

#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace sandbox {

namespace {

// Debian 12's <linux/landlock.h> stops at ABI 2 while its kernels may offer
// more: the later uapi constants are spelled out here.
constexpr uint64_t kFsTruncate = 1ULL << 14;  // ABI 3
constexpr uint64_t kFsIoctlDev = 1ULL << 15;  // ABI 5

constexpr uint64_t kNetBindTcp = 1ULL << 0;     // ABI 4
constexpr uint64_t kNetConnectTcp = 1ULL << 1;  // ABI 4

constexpr uint64_t kScopeAbstractUnixSocket = 1ULL << 0;  // ABI 6
constexpr uint64_t kScopeSignal = 1ULL << 1;              // ABI 6

// Rights that make sense on a single file (the kernel refuses the others).
constexpr uint64_t kFileRights = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE |
                                 LANDLOCK_ACCESS_FS_READ_FILE | kFsTruncate | kFsIoctlDev;

struct RulesetAttr {
  uint64_t handled_access_fs;
  uint64_t handled_access_net;  // ABI 4
  uint64_t scoped;              // ABI 6
};

struct PathBeneathAttr {
  uint64_t allowed_access;
  int32_t parent_fd;
} __attribute__((packed));

uint64_t fs_rights_for(int abi) {
  uint64_t rights = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE |
                    LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
                    LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
                    LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
                    LANDLOCK_ACCESS_FS_MAKE_SYM;
  if (abi >= 2) rights |= LANDLOCK_ACCESS_FS_REFER;
  if (abi >= 3) rights |= kFsTruncate;
  if (abi >= 5) rights |= kFsIoctlDev;
  return rights;
}

class Fd {
 public:
  explicit Fd(int fd) : m_fd(fd) {}
  ~Fd() {
    if (m_fd >= 0) close(m_fd);
  }
  int get() const { return m_fd; }

 private:
  int m_fd;
};

std::string errno_text(const std::string& what) { return what + ": " + std::strerror(errno); }

// Adds one hierarchy (or one file) with `rights`; false when it does not exist.
bool add_path(int ruleset, const std::string& path, uint64_t rights, uint64_t handled) {
  Fd fd(open(path.c_str(), O_PATH | O_CLOEXEC));
  if (fd.get() < 0) {
    if (errno == ENOENT || errno == ENOTDIR) return false;
    throw std::runtime_error(errno_text("landlock: cannot open " + path));
  }
  struct stat info{};
  if (fstat(fd.get(), &info) != 0) throw std::runtime_error(errno_text("landlock: cannot stat " + path));
  if (!S_ISDIR(info.st_mode)) rights &= kFileRights;
  PathBeneathAttr attr{rights & handled, fd.get()};
  if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &attr, 0) != 0) {
    throw std::runtime_error(errno_text("landlock: cannot add a rule for " + path));
  }
  return true;
}

}  // namespace

std::string LandlockReport::summary() const {
  if (abi == 0) return "Landlock unavailable: file, network and signal confinement NOT enforced";
  std::string text = "Landlock ABI " + std::to_string(abi);
  if (missing.empty()) return text + " (full)";
  text += "; this kernel cannot enforce:";
  for (const std::string& item : missing) text += " " + item + ";";
  text.pop_back();
  return text;
}

int landlock_abi() {
  const long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return abi < 0 ? 0 : static_cast<int>(abi);
}

LandlockReport apply_landlock(const LandlockRules& rules) {
  LandlockReport report;
  report.abi = landlock_abi();
  if (report.abi < 2) report.missing.push_back("cross-folder rename/link (REFER, ABI 2)");
  if (report.abi < 3) report.missing.push_back("truncation (ABI 3)");
  if (report.abi < 4 && rules.deny_tcp) report.missing.push_back("TCP bind/connect (ABI 4)");
  if (report.abi < 5) report.missing.push_back("device ioctl (ABI 5)");
  if (report.abi < 6 && rules.scope_ipc) report.missing.push_back("signal and abstract-socket scoping (ABI 6)");
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) throw std::runtime_error(errno_text("PR_SET_NO_NEW_PRIVS"));
  if (report.abi == 0) {
    report.missing = {"everything (no Landlock in this kernel)"};
    return report;
  }

  const uint64_t handled = fs_rights_for(report.abi);
  RulesetAttr attr{handled, 0, 0};
  std::size_t attr_size = sizeof attr.handled_access_fs;
  if (report.abi >= 4) {
    attr.handled_access_net = rules.deny_tcp ? (kNetBindTcp | kNetConnectTcp) : 0;
    attr_size = offsetof(RulesetAttr, scoped);
  }
  if (report.abi >= 6) {
    attr.scoped = rules.scope_ipc ? (kScopeAbstractUnixSocket | kScopeSignal) : 0;
    attr_size = sizeof attr;
  }
  const long ruleset_fd = syscall(SYS_landlock_create_ruleset, &attr, attr_size, 0);
  if (ruleset_fd < 0) throw std::runtime_error(errno_text("landlock_create_ruleset"));
  Fd ruleset(static_cast<int>(ruleset_fd));

  const uint64_t read = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
  const uint64_t write = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR |
                         LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
                         kFsTruncate;
  auto add_all = [&](const std::vector<std::string>& paths, uint64_t rights) {
    for (const std::string& path : paths) {
      if (!add_path(ruleset.get(), path, rights, handled)) report.skipped.push_back(path);
    }
  };
  add_all(rules.read_only, read);
  add_all(rules.read_execute, read | LANDLOCK_ACCESS_FS_EXECUTE);
  add_all(rules.read_write, read | write);
  add_all(rules.devices, LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE | kFsIoctlDev);

  if (syscall(SYS_landlock_restrict_self, ruleset.get(), 0) != 0) {
    throw std::runtime_error(errno_text("landlock_restrict_self"));
  }
  return report;
}

}  // namespace sandbox
