// seccomp filters (built with libseccomp): the system calls no solution and
// no compiler needs, refused before the kernel acts on them.
//
// What each profile does with a forbidden call, and why:
//
//   Solution (the runner, before it loads a solution)
//     kills the run, with "sandbox: the solution <did X>" on stderr and exit
//     status kForbiddenCallExitStatus (the judge turns it into RUNTIME_ERROR
//     naming the call): new processes (fork, vfork, clone without
//     CLONE_THREAD, execve, execveat), ptrace, process_vm_readv/writev,
//     mount, umount2, unshare, setns, pivot_root, chroot, kernel modules,
//     kexec, bpf, keyctl, setsid, setpgid, pidfd_open/getfd/send_signal, and
//     signals to any process but itself (kill, tgkill, tkill,
//     rt_[tg]sigqueueinfo). These are attacks, not mistakes: a clear verdict
//     is better than an error code a solution could retry around.
//   fails with an error code, because libraries probe these and cope:
//     socket() of any family but AF_UNIX: EACCES (the CUDA driver talks to
//       its daemons over AF_UNIX only); io_uring_setup: EPERM (its requests
//       bypass seccomp); clone3: ENOSYS (glibc then falls back to clone,
//       which the filter can inspect); installing a SIGSYS handler: EPERM
//       (it would hide the message above).
//
//   Compiler (nvcc, cucc and everything they start, which must fork and exec)
//     ptrace, process_vm_*, mount, unshare, setns, pivot_root, chroot,
//     modules, kexec, bpf, keyctl, io_uring: EPERM; sockets but AF_UNIX: EACCES.
#pragma once

namespace sandbox {

enum class SeccompProfile { Solution, Compiler };

// Exit status of a runner stopped by the Solution profile.
inline constexpr int kForbiddenCallExitStatus = 159;

// Installs the profile's filter on the calling thread and every thread and
// child it creates later (TSYNC: also on threads that exist already). Needs
// PR_SET_NO_NEW_PRIVS (set here). Throws std::runtime_error on failure.
void install_seccomp(SeccompProfile profile);

}  // namespace sandbox
