#include "harness/sandbox/privileges.h"

#include <grp.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>

namespace sandbox {

namespace {

std::string errno_text(const std::string& what) { return what + ": " + std::strerror(errno); }

// The highest capability number this kernel knows.
int last_capability() {
  std::ifstream in("/proc/sys/kernel/cap_last_cap");
  int last = CAP_LAST_CAP;
  in >> last;
  return last;
}

bool bounding_set_empty() {
  for (int cap = 0; cap <= last_capability(); ++cap) {
    if (prctl(PR_CAPBSET_READ, cap, 0, 0, 0) == 1) return false;
  }
  return true;
}

struct CapabilitySets {
  __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = {};
};

CapabilitySets read_sets() {
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  CapabilitySets sets;
  if (syscall(SYS_capget, &header, sets.data) != 0) throw std::runtime_error(errno_text("capget"));
  return sets;
}

}  // namespace

uid_t run_uid_for(pid_t pid) { return kRunUidBase + static_cast<uid_t>(pid % 65536); }

void switch_to_user(uid_t uid) {
  // The kernel clears the parent-death signal when credentials change: kept.
  int death_signal = 0;
  prctl(PR_GET_PDEATHSIG, &death_signal, 0, 0, 0);
  const pid_t parent = getppid();
  if (setgroups(0, nullptr) != 0) throw std::runtime_error(errno_text("setgroups"));
  if (setresgid(uid, uid, uid) != 0) throw std::runtime_error(errno_text("setresgid"));
  if (setresuid(uid, uid, uid) != 0) throw std::runtime_error(errno_text("setresuid"));
  if (getuid() != uid || geteuid() != uid || getgid() != uid) throw std::runtime_error("the user id did not change");
  if (death_signal != 0) {
    prctl(PR_SET_PDEATHSIG, death_signal, 0, 0, 0);
    if (getppid() != parent) _exit(127);  // the parent died in between
  }
}

void drop_capabilities() {
  for (int cap = 0; cap <= last_capability(); ++cap) {
    if (prctl(PR_CAPBSET_READ, cap, 0, 0, 0) == 1 && prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EPERM) {
      throw std::runtime_error(errno_text("PR_CAPBSET_DROP"));
    }
  }
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3] = {};
  if (syscall(SYS_capset, &header, none) != 0) throw std::runtime_error(errno_text("capset"));
  for (const auto& word : read_sets().data) {
    if (word.effective || word.permitted || word.inheritable) {
      throw std::runtime_error("capabilities remain after dropping them");
    }
  }
}

bool has_no_capabilities() {
  const CapabilitySets sets = read_sets();
  for (const auto& word : sets.data) {
    if (word.effective || word.permitted || word.inheritable) return false;
  }
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_SYS_ADMIN, 0, 0) == 1) return false;
  return bounding_set_empty();
}

}  // namespace sandbox
