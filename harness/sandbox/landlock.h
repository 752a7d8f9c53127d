// Landlock: the kernel's unprivileged access control. A process restricts
// itself (and every thread and child it has later) to a list of file
// hierarchies with given rights, and, on newer kernels, from TCP bind and
// connect and from signalling or reaching abstract sockets of processes
// outside its own domain.
//
// ABI levels used (the kernel reports its own; this code asks for no more):
//   1  filesystem rights          4  TCP bind/connect rules
//   2  REFER (link/rename across)  5  IOCTL_DEV on device files
//   3  TRUNCATE                    6  scoping of signals and abstract sockets
//   7  audit logging only (nothing to enforce)
// On an older kernel each right it lacks is left unenforced and named in
// LandlockReport::missing, so the caller can say so; with no Landlock at all
// (ABI 0) nothing is enforced and the report says that too.
#pragma once

#include <string>
#include <vector>

namespace sandbox {

struct LandlockRules {
  std::vector<std::string> read_only;     // read files and list folders
  std::vector<std::string> read_execute;  // also map as code / execve
  std::vector<std::string> read_write;    // also create, write, remove
  std::vector<std::string> devices;       // read, write and ioctl (e.g. /dev/nvidia*)
  bool deny_tcp = true;                   // no TCP bind or connect (ABI 4)
  bool scope_ipc = true;                  // no signals / abstract sockets outside (ABI 6)
};

struct LandlockReport {
  int abi = 0;                       // what the kernel offers (0: none)
  std::vector<std::string> missing;  // protections this kernel cannot give
  std::vector<std::string> skipped;  // listed paths that do not exist
  std::string summary() const;       // "Landlock ABI 7 (full)" or what is missing
};

// The kernel's Landlock ABI level, 0 when Landlock is absent or disabled.
int landlock_abi();

// Restricts the calling process for good. Paths that do not exist are
// skipped (reported); a path that exists but cannot be opened, or a kernel
// refusal, throws std::runtime_error. Sets PR_SET_NO_NEW_PRIVS, which
// landlock_restrict_self requires of unprivileged callers.
LandlockReport apply_landlock(const LandlockRules& rules);

}  // namespace sandbox
