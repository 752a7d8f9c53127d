#include "harness/sandbox/seccomp_filter.h"

#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace sandbox {

namespace {

// What the SIGSYS handler says per trapped call. Filled before the filter is
// loaded and only read afterwards, from the handler (no allocation there).
struct TrappedCall {
  int number;
  const char* message;
};
constexpr int kMaxTrapped = 64;
TrappedCall g_trapped[kMaxTrapped];
int g_trapped_count = 0;

void write_all(const char* text) {
  std::size_t length = std::strlen(text);
  while (length > 0) {
    const ssize_t n = write(STDERR_FILENO, text, length);
    if (n <= 0) return;
    text += n;
    length -= static_cast<std::size_t>(n);
  }
}

// Async-signal-safe: names the call and ends the whole process.
void on_forbidden_call(int, siginfo_t* info, void*) {
  const char* message = "made a forbidden system call";
  for (int i = 0; i < g_trapped_count; ++i) {
    if (g_trapped[i].number == info->si_syscall) message = g_trapped[i].message;
  }
  write_all("\nsandbox: the solution ");
  write_all(message);
  write_all("\n");
  syscall(SYS_exit_group, kForbiddenCallExitStatus);
}

using Context = std::unique_ptr<void, void (*)(scmp_filter_ctx)>;

void check(int status, const char* what) {
  if (status < 0) throw std::runtime_error(std::string("seccomp: ") + what + ": " + std::strerror(-status));
}

class Filter {
 public:
  explicit Filter(SeccompProfile profile)
      : m_profile(profile), m_context(seccomp_init(SCMP_ACT_ALLOW), seccomp_release) {
    if (!m_context) throw std::runtime_error("seccomp_init failed");
    // Applies to every thread the process already has (CUDA's, the CPU
    // backend's workers), not only the caller.
    check(seccomp_attr_set(m_context.get(), SCMP_FLTATR_CTL_TSYNC, 1), "TSYNC");
    // A binary tree over system-call numbers: the fibers' futex calls pass
    // the filter in a few comparisons instead of one per rule.
    check(seccomp_attr_set(m_context.get(), SCMP_FLTATR_CTL_OPTIMIZE, 2), "OPTIMIZE");
  }

  // A call that is an attack: killed with a message (Solution) or EPERM.
  void forbid(int number, const char* message, std::vector<scmp_arg_cmp> conditions = {}) {
    if (number < 0) return;  // not on this architecture
    const uint32_t action = m_profile == SeccompProfile::Solution ? SCMP_ACT_TRAP : SCMP_ACT_ERRNO(EPERM);
    add(action, number, conditions);
    if (m_profile == SeccompProfile::Solution && g_trapped_count < kMaxTrapped) {
      g_trapped[g_trapped_count++] = {number, message};
    }
  }

  void fail_with(int error, int number, std::vector<scmp_arg_cmp> conditions = {}) {
    if (number >= 0) add(SCMP_ACT_ERRNO(error), number, conditions);
  }

  void load() { check(seccomp_load(m_context.get()), "load"); }

 private:
  void add(uint32_t action, int number, const std::vector<scmp_arg_cmp>& conditions) {
    check(seccomp_rule_add_array(m_context.get(), action, number, static_cast<unsigned>(conditions.size()),
                                 conditions.data()),
          "rule");
  }

  SeccompProfile m_profile;
  Context m_context;
};

}  // namespace

void install_seccomp(SeccompProfile profile) {
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    throw std::runtime_error(std::string("PR_SET_NO_NEW_PRIVS: ") + std::strerror(errno));
  }
  Filter filter(profile);
  g_trapped_count = 0;

  // Reaching into other processes, and changing what the process can see.
  filter.forbid(SCMP_SYS(ptrace), "called ptrace() (tracing another process)");
  filter.forbid(SCMP_SYS(process_vm_readv), "called process_vm_readv() (reading another process's memory)");
  filter.forbid(SCMP_SYS(process_vm_writev), "called process_vm_writev() (writing another process's memory)");
  for (int number : {SCMP_SYS(mount), SCMP_SYS(umount2), SCMP_SYS(pivot_root), SCMP_SYS(chroot)}) {
    filter.forbid(number, "tried to change the file-system view (mount, umount2, pivot_root, chroot)");
  }
  filter.forbid(SCMP_SYS(unshare), "called unshare() (new namespaces)");
  filter.forbid(SCMP_SYS(setns), "called setns() (entering other namespaces)");
  for (int number : {SCMP_SYS(init_module), SCMP_SYS(finit_module), SCMP_SYS(delete_module),
                     SCMP_SYS(kexec_load), SCMP_SYS(kexec_file_load), SCMP_SYS(bpf)}) {
    filter.forbid(number, "made a kernel-administration call (modules, kexec or bpf)");
  }
  for (int number : {SCMP_SYS(keyctl), SCMP_SYS(add_key), SCMP_SYS(request_key)}) {
    filter.forbid(number, "used the kernel keyring (keyctl)");
  }
  // Network: only local (AF_UNIX) sockets; Landlock also stops TCP.
  filter.fail_with(EACCES, SCMP_SYS(socket), {SCMP_A0(SCMP_CMP_NE, AF_UNIX)});
  // io_uring requests are not seen by seccomp.
  filter.fail_with(EPERM, SCMP_SYS(io_uring_setup));

  if (profile == SeccompProfile::Solution) {
    const scmp_datum_t self = static_cast<scmp_datum_t>(getpid());
    filter.forbid(SCMP_SYS(fork), "called fork() (starting processes is not allowed)");
    filter.forbid(SCMP_SYS(vfork), "called vfork() (starting processes is not allowed)");
    filter.forbid(SCMP_SYS(clone),
                  "tried to start a process (clone() without CLONE_THREAD: fork(), system(), popen(), posix_spawn())",
                  {SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0)});
    filter.fail_with(ENOSYS, SCMP_SYS(clone3));  // its flags live in memory seccomp cannot read
    filter.forbid(SCMP_SYS(execve), "called execve() (running programs is not allowed)");
    filter.forbid(SCMP_SYS(execveat), "called execveat() (running programs is not allowed)");
    filter.forbid(SCMP_SYS(setsid), "called setsid() (leaving its process group)");
    filter.forbid(SCMP_SYS(setpgid), "called setpgid() (leaving its process group)");
    const char* signal_message = "sent a signal to another process";
    filter.forbid(SCMP_SYS(kill), signal_message, {SCMP_A0(SCMP_CMP_NE, self)});
    filter.forbid(SCMP_SYS(tgkill), signal_message, {SCMP_A0(SCMP_CMP_NE, self)});
    filter.forbid(SCMP_SYS(rt_sigqueueinfo), signal_message, {SCMP_A0(SCMP_CMP_NE, self)});
    filter.forbid(SCMP_SYS(rt_tgsigqueueinfo), signal_message, {SCMP_A0(SCMP_CMP_NE, self)});
    filter.forbid(SCMP_SYS(tkill), "called tkill() (signals by thread id; use pthread_kill)");
    for (int number : {SCMP_SYS(pidfd_open), SCMP_SYS(pidfd_getfd), SCMP_SYS(pidfd_send_signal)}) {
      filter.forbid(number, "used a pidfd call (reaching other processes)");
    }
    // The handler that names the call must stay installed.
    filter.fail_with(EPERM, SCMP_SYS(rt_sigaction), {SCMP_A0(SCMP_CMP_EQ, SIGSYS), SCMP_A1(SCMP_CMP_NE, 0)});

    struct sigaction action{};
    action.sa_sigaction = on_forbidden_call;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGSYS, &action, nullptr) != 0) throw std::runtime_error("sigaction(SIGSYS) failed");
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGSYS);
    pthread_sigmask(SIG_UNBLOCK, &unblock, nullptr);
  }
  filter.load();
}

}  // namespace sandbox
