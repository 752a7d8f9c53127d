// seccomp filters (built with libseccomp) for the two kinds of confined
// process. README.md has the full per-call table.
//
//   Solution (the runner, before it loads a solution): an ALLOWLIST. Only the
//     calls the runner, glibc, the CPU backend (fibers, worker threads) and
//     the CUDA runtime and driver make are allowed; any other call fails with
//     ENOSYS (libraries probe new calls and cope), through the trap handler,
//     which remembers them (refused_calls()). Calls that are attacks are
//     trapped instead: the run ends with "sandbox: the solution called X()
//     (...)" on stderr and exit status kForbiddenCallExitStatus, which the
//     judge turns into RUNTIME_ERROR naming the call:
//       new processes (fork, vfork, clone without CLONE_THREAD, execve,
//       execveat); ptrace, process_vm_readv/writev; signals to any process but
//       itself; setsid, setpgid; mount, umount2, pivot_root, chroot, unshare,
//       setns; kernel modules, kexec, bpf, keyrings; perf_event_open;
//       fanotify_init/mark, inotify_*; syslog; clock_settime, settimeofday,
//       adjtimex, clock_adjtime; SysV IPC (shm*, sem*, msg*) and POSIX
//       message queues; sched_setscheduler/sched_setparam on another process
//       or with a real-time policy, sched_setattr, sched_setaffinity on
//       another process; prlimit64 and setpriority on another process;
//       connect, bind, listen, accept on sockets (CPU backend; on a GPU the
//       driver reaches nvidia-persistenced's socket, the only one in its
//       mount tree); open_by_handle_at, name_to_handle_at; userfaultfd.
//     Also refused with an error code: socket() of any family but AF_UNIX
//     (EACCES), io_uring_setup (EPERM: its requests bypass seccomp), clone3
//     (ENOSYS: its flags are in memory; glibc falls back to clone), and
//     installing a SIGSYS handler (EPERM: the message above must stay).
//
//   Compiler (nvcc, cucc and everything they start, which must fork and
//     exec): a denylist. The calls above that reach other processes or the
//     kernel's global state fail with EPERM; sockets but AF_UNIX: EACCES.
#pragma once

#include <string>
#include <vector>

namespace sandbox {

enum class SeccompProfile { Solution, Compiler };

// Exit status of a runner stopped by the Solution profile (128 + SIGSYS, the
// status bubblewrap also gives a child killed by SIGSYS).
inline constexpr int kForbiddenCallExitStatus = 159;

struct SeccompOptions {
  // What the CUDA driver calls beyond the CPU backend: connect() (it talks
  // to nvidia-persistenced over an AF_UNIX socket; the mount tree and
  // Landlock leave no other socket to reach) and memfd_create().
  bool cuda_driver = false;
};

// Installs the profile's filter on the calling thread and every thread and
// child it creates later (TSYNC: also on threads that exist already). Needs
// PR_SET_NO_NEW_PRIVS (set here). Throws std::runtime_error on failure.
void install_seccomp(SeccompProfile profile, const SeccompOptions& options = {});

// The calls outside the Solution profile's allowlist that this process made
// since its filter was loaded (each once), by name: a library that fails on
// one (the CUDA driver says only "OS call failed") is named in the error.
// Empty where the trap cannot return ENOSYS itself (not x86-64 or AArch64),
// and those calls are then refused without a record.
std::vector<std::string> refused_calls();

}  // namespace sandbox
