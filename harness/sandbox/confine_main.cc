// confine: runs one program (a compiler) confined like a solution, except
// that it may start processes of its own. The judge runs nvcc and cucc
// through it, so that a hostile source file cannot make the compiler read
// (and print) any file outside the toolkit, the system headers, the judge's
// include folders and the submitted file.
//
//   confine [--read P]... [--exec P]... [--write P]...
//           [--cpu-seconds N] [--memory-bytes N] [--file-size-bytes N] -- PROGRAM ARGS...
//
// Besides the paths given, it may reach what policy.h grants a compiler
// (the system's libraries and programs, /dev/null). PROGRAM must be an
// absolute path; the environment is the caller's (the judge passes a
// scrubbed one). Exit status 126 when the confinement itself
// fails, with the reason on stderr.
//
// Before Landlock and seccomp, where the kernel allows it, the compiler gets
// a user namespace of its own with every capability dropped (bounding set
// included), and new network, IPC and UTS namespaces: no network at all, no
// SysV IPC shared with the host. Its user id stays the caller's (the paths
// it must read lie in the caller's private folders); where user namespaces
// are refused (some CI containers) it runs without them.
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/sandbox/landlock.h"
#include "harness/sandbox/policy.h"
#include "harness/sandbox/privileges.h"
#include "harness/sandbox/process_limits.h"
#include "harness/sandbox/seccomp_filter.h"

namespace {

constexpr int kConfinementFailed = 126;

int usage(const std::string& problem) {
  std::fprintf(stderr,
               "confine: %s\nusage: confine [--read P]... [--exec P]... [--write P]... [--cpu-seconds N] "
               "[--memory-bytes N] [--file-size-bytes N] -- PROGRAM ARGS...\n",
               problem.c_str());
  return 2;
}

bool write_file(const char* path, const std::string& text) {
  const int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool written = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  close(fd);
  return written;
}

// New user (mapping only the caller's ids), network, IPC and UTS
// namespaces, then no capability in them. False when the kernel refuses.
bool enter_namespaces() {
  const uid_t uid = geteuid();
  const gid_t gid = getegid();
  if (unshare(CLONE_NEWUSER | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS) != 0) return false;
  if (!write_file("/proc/self/setgroups", "deny") ||
      !write_file("/proc/self/uid_map", std::to_string(uid) + " " + std::to_string(uid) + " 1") ||
      !write_file("/proc/self/gid_map", std::to_string(gid) + " " + std::to_string(gid) + " 1")) {
    throw std::runtime_error("cannot map the user id in the new user namespace");
  }
  sandbox::drop_capabilities();
  if (!sandbox::has_no_capabilities()) throw std::runtime_error("capabilities remain in the user namespace");
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  // The system's part (policy.h); the caller adds the toolkit, the
  // compiler, its include folders and the build folder.
  sandbox::LandlockRules rules = sandbox::compiler_rules();
  sandbox::ResourceLimits limits;
  limits.file_size_bytes = 1ULL << 30;
  int first_command = -1;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--") {
      first_command = i + 1;
      break;
    }
    if (i + 1 >= argc) return usage(flag + " needs a value");
    const std::string value = argv[++i];
    char* end = nullptr;
    const unsigned long long number = std::strtoull(value.c_str(), &end, 10);
    const bool numeric = !value.empty() && *end == '\0';
    if (flag == "--read") rules.read_only.push_back(value);
    else if (flag == "--exec") rules.read_execute.push_back(value);
    else if (flag == "--write") rules.read_write.push_back(value);
    else if (flag == "--cpu-seconds" && numeric) limits.cpu_seconds = number;
    else if (flag == "--memory-bytes" && numeric) limits.address_space_bytes = number;
    else if (flag == "--file-size-bytes" && numeric) limits.file_size_bytes = number;
    else return usage("unknown flag or bad number: " + flag + " " + value);
  }
  if (first_command < 0 || first_command >= argc) return usage("no program after --");
  if (argv[first_command][0] != '/') return usage(std::string("the program must be an absolute path: ") + argv[first_command]);
  // Compilers start dozens of processes and threads; no limit on descriptors
  // beyond the default, and children are allowed.
  limits.open_files = 4096;
  try {
    enter_namespaces();
    sandbox::apply_limits(limits);
    sandbox::close_inherited_descriptors({});
    sandbox::apply_landlock(rules);
    sandbox::install_seccomp(sandbox::SeccompProfile::Compiler);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "confine: cannot confine %s: %s\n", argv[first_command], error.what());
    return kConfinementFailed;
  }
  execv(argv[first_command], argv + first_command);
  std::perror((std::string("confine: cannot run ") + argv[first_command]).c_str());
  return 127;
}
