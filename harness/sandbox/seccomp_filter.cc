#include "harness/sandbox/seccomp_filter.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <deque>
#include <initializer_list>
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
constexpr int kMaxTrapped = 128;
TrappedCall g_trapped[kMaxTrapped];
int g_trapped_count = 0;
// The messages forbid_calls() composes; a deque never moves its elements, so
// g_trapped may point into them.
std::deque<std::string> g_composed_messages;

void write_all(const char* text) {
  std::size_t length = std::strlen(text);
  while (length > 0) {
    const ssize_t n = write(STDERR_FILENO, text, length);
    if (n <= 0) return;
    text += n;
    length -= static_cast<std::size_t>(n);
  }
}

// The unlisted calls refused so far (each number once), for the runner's
// error reports: a driver that fails on one says only "OS call failed".
// A slot holds the call's number plus one, so that 0 (read) is never taken
// for a call from a slot another thread has reserved but not yet written.
constexpr int kMaxRefused = 32;
std::atomic<int> g_refused[kMaxRefused];
std::atomic<int> g_refused_count{0};

void remember_refused(int number) {
  const int count = std::min(g_refused_count.load(), kMaxRefused);
  for (int i = 0; i < count; ++i) {
    if (g_refused[i].load() == number + 1) return;
  }
  const int slot = g_refused_count.fetch_add(1);
  if (slot < kMaxRefused) g_refused[slot].store(number + 1);
}

// Where the trap handler can make a refused call return -ENOSYS itself,
// unlisted calls are trapped too, and remembered; elsewhere the filter
// refuses them without a trace.
#if defined(__x86_64__)
constexpr bool kTrapsUnlisted = true;
void return_enosys(void* context) {
  static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RAX] = -ENOSYS;
}
#elif defined(__aarch64__)
constexpr bool kTrapsUnlisted = true;
void return_enosys(void* context) { static_cast<ucontext_t*>(context)->uc_mcontext.regs[0] = -ENOSYS; }
#else
constexpr bool kTrapsUnlisted = false;
void return_enosys(void*) {}
#endif

// Async-signal-safe: a call that is an attack is named and ends the whole
// process; an unlisted one returns ENOSYS and is remembered.
void on_forbidden_call(int, siginfo_t* info, void* context) {
  const char* message = nullptr;
  for (int i = 0; i < g_trapped_count; ++i) {
    if (g_trapped[i].number == info->si_syscall) message = g_trapped[i].message;
  }
  if (!message) {
    remember_refused(info->si_syscall);
    return_enosys(context);
    return;
  }
  write_all("\nsandbox: the solution ");
  write_all(message);
  write_all("\n");
  syscall(SYS_exit_group, kForbiddenCallExitStatus);
}

using Context = std::unique_ptr<void, void (*)(scmp_filter_ctx)>;

void check(int status, const std::string& what) {
  if (status < 0) throw std::runtime_error("seccomp: " + what + ": " + std::strerror(-status));
}

std::string call_name(int number) {
  char* name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, number);
  std::string text = name ? name : std::to_string(number);
  std::free(name);
  return text;
}

class Filter {
 public:
  Filter(SeccompProfile profile, uint32_t default_action)
      : m_profile(profile), m_default(default_action), m_context(seccomp_init(default_action), seccomp_release) {
    if (!m_context) throw std::runtime_error("seccomp_init failed");
    // Applies to every thread the process already has (CUDA's, the CPU
    // backend's workers), not only the caller.
    check(seccomp_attr_set(m_context.get(), SCMP_FLTATR_CTL_TSYNC, 1), "TSYNC");
    // A binary tree over system-call numbers: the fibers' futex calls pass
    // the filter in a few comparisons instead of one per rule.
    check(seccomp_attr_set(m_context.get(), SCMP_FLTATR_CTL_OPTIMIZE, 2), "OPTIMIZE");
  }

  // A call that is an attack: trapped with a message (Solution) or EPERM.
  // A negative number is a call this architecture does not have.
  void forbid(int number, const char* message, std::vector<scmp_arg_cmp> conditions = {}) {
    if (number < 0) return;
    const uint32_t action = m_profile == SeccompProfile::Solution ? SCMP_ACT_TRAP : SCMP_ACT_ERRNO(EPERM);
    add(action, number, conditions);
    if (m_profile == SeccompProfile::Solution && g_trapped_count < kMaxTrapped) {
      g_trapped[g_trapped_count++] = {number, message};
    }
  }

  // forbid() for each call, each with the message "called <name>() (<why>)".
  void forbid_calls(std::initializer_list<int> numbers, const char* why) {
    for (int number : numbers) {
      if (number < 0) continue;
      g_composed_messages.push_back("called " + call_name(number) + "() (" + why + ")");
      forbid(number, g_composed_messages.back().c_str());
    }
  }

  void allow(int number, std::vector<scmp_arg_cmp> conditions = {}) {
    if (number >= 0) add(SCMP_ACT_ALLOW, number, conditions);
  }

  void fail_with(int error, int number, std::vector<scmp_arg_cmp> conditions = {}) {
    if (number >= 0) add(SCMP_ACT_ERRNO(error), number, conditions);
  }

  void load() { check(seccomp_load(m_context.get()), "load"); }

 private:
  void add(uint32_t action, int number, const std::vector<scmp_arg_cmp>& conditions) {
    if (action == m_default) return;  // libseccomp refuses rules that repeat the default
    check(seccomp_rule_add_array(m_context.get(), action, number, static_cast<unsigned>(conditions.size()),
                                 conditions.data()),
          "rule for " + call_name(number));
  }

  SeccompProfile m_profile;
  uint32_t m_default;
  Context m_context;
};

// Calls that reach other processes or the kernel's global state: trapped
// (Solution) or EPERM (Compiler) in both profiles.
void forbid_reaching_out(Filter& filter) {
  filter.forbid_calls({SCMP_SYS(ptrace)}, "tracing another process");
  filter.forbid_calls({SCMP_SYS(process_vm_readv)}, "reading another process's memory");
  filter.forbid_calls({SCMP_SYS(process_vm_writev)}, "writing another process's memory");
  for (int number : {SCMP_SYS(mount), SCMP_SYS(umount2), SCMP_SYS(pivot_root), SCMP_SYS(chroot),
                     SCMP_SYS(fsopen), SCMP_SYS(fsmount), SCMP_SYS(move_mount), SCMP_SYS(open_tree)}) {
    filter.forbid(number, "tried to change the file-system view (mount, umount2, pivot_root, chroot)");
  }
  filter.forbid_calls({SCMP_SYS(unshare)}, "new namespaces");
  filter.forbid_calls({SCMP_SYS(setns)}, "entering other namespaces");
  for (int number : {SCMP_SYS(init_module), SCMP_SYS(finit_module), SCMP_SYS(delete_module),
                     SCMP_SYS(kexec_load), SCMP_SYS(kexec_file_load), SCMP_SYS(bpf)}) {
    filter.forbid(number, "made a kernel-administration call (modules, kexec or bpf)");
  }
  for (int number : {SCMP_SYS(keyctl), SCMP_SYS(add_key), SCMP_SYS(request_key)}) {
    filter.forbid(number, "used the kernel keyring (keyctl)");
  }
  filter.forbid_calls({SCMP_SYS(perf_event_open)}, "sampling other processes, e.g. the judge's stack and environment");
  filter.forbid_calls({SCMP_SYS(fanotify_init), SCMP_SYS(fanotify_mark)},
                      "watching or blocking other processes' file access");
  for (int number : {SCMP_SYS(inotify_init), SCMP_SYS(inotify_init1), SCMP_SYS(inotify_add_watch),
                     SCMP_SYS(inotify_rm_watch)}) {
    filter.forbid(number, "called inotify_*() (watching files)");
  }
  filter.forbid_calls({SCMP_SYS(syslog)}, "reading the kernel log");
  filter.forbid_calls({SCMP_SYS(clock_settime), SCMP_SYS(settimeofday)}, "setting the clock the judge times with");
  filter.forbid_calls({SCMP_SYS(adjtimex), SCMP_SYS(clock_adjtime)}, "adjusting the clock the judge times with");
  filter.forbid_calls({SCMP_SYS(open_by_handle_at), SCMP_SYS(name_to_handle_at)}, "opening files by handle");
  // io_uring requests are not seen by seccomp.
  filter.fail_with(EPERM, SCMP_SYS(io_uring_setup));
}

// SysV IPC outlives the process that made it (a segment can carry answers
// from one judging to the next); POSIX message queues likewise.
void forbid_ipc(Filter& filter) {
  for (int number : {SCMP_SYS(shmget), SCMP_SYS(shmat), SCMP_SYS(shmdt), SCMP_SYS(shmctl)}) {
    filter.forbid(number, "used SysV shared memory (shmget/shmat: state that outlives the run)");
  }
  for (int number : {SCMP_SYS(semget), SCMP_SYS(semop), SCMP_SYS(semtimedop), SCMP_SYS(semctl),
                     SCMP_SYS(msgget), SCMP_SYS(msgsnd), SCMP_SYS(msgrcv), SCMP_SYS(msgctl), SCMP_SYS(ipc)}) {
    filter.forbid(number, "used SysV IPC (semaphores or message queues: state that outlives the run)");
  }
  for (int number : {SCMP_SYS(mq_open), SCMP_SYS(mq_unlink), SCMP_SYS(mq_timedsend), SCMP_SYS(mq_timedreceive),
                     SCMP_SYS(mq_notify), SCMP_SYS(mq_getsetattr)}) {
    filter.forbid(number, "used a POSIX message queue (state that outlives the run)");
  }
}

// What the runner, glibc, the CPU backend's fibers and workers, and the CUDA
// runtime and driver call. Everything else fails with ENOSYS.
void allow_runtime_calls(Filter& filter) {
  const int calls[] = {
      // memory
      SCMP_SYS(brk), SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mprotect), SCMP_SYS(mremap), SCMP_SYS(madvise),
      SCMP_SYS(mincore), SCMP_SYS(msync), SCMP_SYS(mlock), SCMP_SYS(mlock2), SCMP_SYS(munlock), SCMP_SYS(mlockall),
      SCMP_SYS(munlockall), SCMP_SYS(membarrier), SCMP_SYS(get_mempolicy), SCMP_SYS(set_mempolicy), SCMP_SYS(mbind),
      SCMP_SYS(map_shadow_stack),
      // threads and waiting
      SCMP_SYS(futex), SCMP_SYS(futex_waitv), SCMP_SYS(set_robust_list), SCMP_SYS(get_robust_list),
      SCMP_SYS(set_tid_address), SCMP_SYS(rseq), SCMP_SYS(sched_yield), SCMP_SYS(sched_getaffinity),
      SCMP_SYS(sched_getscheduler), SCMP_SYS(sched_getparam), SCMP_SYS(sched_getattr),
      SCMP_SYS(sched_get_priority_max), SCMP_SYS(sched_get_priority_min), SCMP_SYS(sched_rr_get_interval),
      SCMP_SYS(getpriority), SCMP_SYS(getcpu), SCMP_SYS(nanosleep), SCMP_SYS(clock_nanosleep),
      SCMP_SYS(restart_syscall), SCMP_SYS(exit), SCMP_SYS(exit_group), SCMP_SYS(wait4), SCMP_SYS(waitid),
      // signals to itself (kill and friends are below, with their pid checks)
      SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn), SCMP_SYS(sigaltstack), SCMP_SYS(rt_sigpending),
      SCMP_SYS(rt_sigtimedwait), SCMP_SYS(rt_sigsuspend), SCMP_SYS(pause), SCMP_SYS(signalfd4),
      // files (Landlock decides which)
      SCMP_SYS(read), SCMP_SYS(write), SCMP_SYS(readv), SCMP_SYS(writev), SCMP_SYS(pread64), SCMP_SYS(pwrite64),
      SCMP_SYS(preadv), SCMP_SYS(pwritev), SCMP_SYS(preadv2), SCMP_SYS(pwritev2), SCMP_SYS(close),
      SCMP_SYS(close_range), SCMP_SYS(lseek), SCMP_SYS(fstat), SCMP_SYS(stat), SCMP_SYS(lstat), SCMP_SYS(newfstatat),
      SCMP_SYS(statx), SCMP_SYS(fstatfs), SCMP_SYS(statfs), SCMP_SYS(access), SCMP_SYS(faccessat),
      SCMP_SYS(faccessat2), SCMP_SYS(readlink), SCMP_SYS(readlinkat), SCMP_SYS(getdents64), SCMP_SYS(fcntl),
      SCMP_SYS(dup), SCMP_SYS(dup2), SCMP_SYS(dup3), SCMP_SYS(pipe), SCMP_SYS(pipe2), SCMP_SYS(ioctl),
      SCMP_SYS(ftruncate), SCMP_SYS(fallocate), SCMP_SYS(fsync), SCMP_SYS(fdatasync), SCMP_SYS(flock),
      SCMP_SYS(mkdir), SCMP_SYS(mkdirat), SCMP_SYS(getcwd), SCMP_SYS(chdir), SCMP_SYS(fchdir), SCMP_SYS(umask),
      SCMP_SYS(fadvise64), SCMP_SYS(sendfile), SCMP_SYS(copy_file_range), SCMP_SYS(eventfd2),
      SCMP_SYS(epoll_create1), SCMP_SYS(epoll_ctl), SCMP_SYS(epoll_wait), SCMP_SYS(epoll_pwait),
      SCMP_SYS(epoll_pwait2), SCMP_SYS(poll), SCMP_SYS(ppoll), SCMP_SYS(select), SCMP_SYS(pselect6),
      // local sockets the process made itself (socket() and connect() are below)
      SCMP_SYS(socketpair), SCMP_SYS(sendmsg), SCMP_SYS(recvmsg), SCMP_SYS(sendto), SCMP_SYS(recvfrom),
      SCMP_SYS(shutdown), SCMP_SYS(getsockopt), SCMP_SYS(setsockopt), SCMP_SYS(getsockname),
      SCMP_SYS(getpeername),
      // time
      SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(gettimeofday), SCMP_SYS(time), SCMP_SYS(times),
      SCMP_SYS(getrusage), SCMP_SYS(timer_create), SCMP_SYS(timer_settime), SCMP_SYS(timer_gettime),
      SCMP_SYS(timer_getoverrun), SCMP_SYS(timer_delete), SCMP_SYS(timerfd_create), SCMP_SYS(timerfd_settime),
      SCMP_SYS(timerfd_gettime), SCMP_SYS(alarm), SCMP_SYS(setitimer), SCMP_SYS(getitimer),
      // who and where it is
      SCMP_SYS(getpid), SCMP_SYS(getppid), SCMP_SYS(gettid), SCMP_SYS(getuid), SCMP_SYS(geteuid), SCMP_SYS(getgid),
      SCMP_SYS(getegid), SCMP_SYS(getresuid), SCMP_SYS(getresgid), SCMP_SYS(getgroups), SCMP_SYS(getpgid),
      SCMP_SYS(getpgrp), SCMP_SYS(getsid), SCMP_SYS(uname), SCMP_SYS(sysinfo), SCMP_SYS(getrandom),
      SCMP_SYS(capget), SCMP_SYS(prctl), SCMP_SYS(arch_prctl), SCMP_SYS(getrlimit),
  };
  for (int number : calls) filter.allow(number);
}

}  // namespace

void install_seccomp(SeccompProfile profile, const SeccompOptions& options) {
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    throw std::runtime_error(std::string("PR_SET_NO_NEW_PRIVS: ") + std::strerror(errno));
  }
  const bool solution = profile == SeccompProfile::Solution;
  const uint32_t refuse_unlisted = kTrapsUnlisted ? SCMP_ACT_TRAP : SCMP_ACT_ERRNO(ENOSYS);
  Filter filter(profile, solution ? refuse_unlisted : SCMP_ACT_ALLOW);
  g_trapped_count = 0;

  forbid_reaching_out(filter);
  // Network: only local (AF_UNIX) sockets; Landlock and the network
  // namespace also stop TCP.
  filter.fail_with(EACCES, SCMP_SYS(socket), {SCMP_A0(SCMP_CMP_NE, AF_UNIX)});

  if (!solution) {
    forbid_ipc(filter);
    filter.load();
    return;
  }

  allow_runtime_calls(filter);
  forbid_ipc(filter);
  filter.allow(SCMP_SYS(socket), {SCMP_A0(SCMP_CMP_EQ, AF_UNIX)});
  for (int number : {SCMP_SYS(connect), SCMP_SYS(bind), SCMP_SYS(listen), SCMP_SYS(accept), SCMP_SYS(accept4)}) {
    if (options.cuda_driver && number == SCMP_SYS(connect)) {
      filter.allow(number);
    } else {
      filter.forbid(number, number == SCMP_SYS(connect) ? "called connect() (reaching a socket outside the sandbox)"
                                                        : "called bind(), listen() or accept() (serving a socket)");
    }
  }
  filter.forbid(SCMP_SYS(userfaultfd), "called userfaultfd()");
  // The NVIDIA driver makes an anonymous memory file (without it cudaMalloc
  // fails with cudaErrorOperatingSystem). Memory like any other: no process
  // may be started from it, and nothing of it outlives the run.
  if (options.cuda_driver) filter.allow(SCMP_SYS(memfd_create));

  // Threads yes, processes no.
  filter.allow(SCMP_SYS(clone), {SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD)});
  filter.forbid(SCMP_SYS(clone),
                "tried to start a process (clone() without CLONE_THREAD: fork(), system(), popen(), posix_spawn())",
                {SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0)});
  filter.fail_with(ENOSYS, SCMP_SYS(clone3));  // its flags live in memory seccomp cannot read
  filter.forbid_calls({SCMP_SYS(fork), SCMP_SYS(vfork)}, "starting processes is not allowed");
  filter.forbid_calls({SCMP_SYS(execve), SCMP_SYS(execveat)}, "running programs is not allowed");
  filter.forbid_calls({SCMP_SYS(setsid), SCMP_SYS(setpgid)}, "leaving its process group");

  // Signals: only to itself.
  const scmp_datum_t self = static_cast<scmp_datum_t>(getpid());
  const char* signal_message = "sent a signal to another process";
  for (int number : {SCMP_SYS(kill), SCMP_SYS(tgkill), SCMP_SYS(rt_sigqueueinfo), SCMP_SYS(rt_tgsigqueueinfo)}) {
    filter.allow(number, {SCMP_A0(SCMP_CMP_EQ, self)});
    filter.forbid(number, signal_message, {SCMP_A0(SCMP_CMP_NE, self)});
  }
  filter.forbid(SCMP_SYS(tkill), "called tkill() (signals by thread id; use pthread_kill)");
  for (int number : {SCMP_SYS(pidfd_open), SCMP_SYS(pidfd_getfd), SCMP_SYS(pidfd_send_signal)}) {
    filter.forbid(number, "used a pidfd call (reaching other processes)");
  }

  // Scheduling, priorities and limits: its own (pid 0) only, and never
  // real-time (a real-time spinner starves the judge and the host).
  const char* scheduler_message =
      "called sched_setscheduler() with a real-time policy or on another process or thread";
  for (int policy : {SCHED_OTHER, SCHED_BATCH, SCHED_IDLE}) {
    filter.allow(SCMP_SYS(sched_setscheduler),
                 {SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A1(SCMP_CMP_MASKED_EQ, ~scmp_datum_t{SCHED_RESET_ON_FORK},
                                                   static_cast<scmp_datum_t>(policy))});
  }
  filter.forbid(SCMP_SYS(sched_setscheduler), scheduler_message, {SCMP_A0(SCMP_CMP_NE, 0)});
  for (int policy : {SCHED_FIFO, SCHED_RR, 6 /* SCHED_DEADLINE */}) {
    filter.forbid(SCMP_SYS(sched_setscheduler), scheduler_message,
                  {SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A1(SCMP_CMP_MASKED_EQ, ~scmp_datum_t{SCHED_RESET_ON_FORK},
                                                    static_cast<scmp_datum_t>(policy))});
  }
  filter.allow(SCMP_SYS(sched_setparam), {SCMP_A0(SCMP_CMP_EQ, 0)});
  filter.forbid(SCMP_SYS(sched_setparam), "called sched_setparam() on another process or thread",
                {SCMP_A0(SCMP_CMP_NE, 0)});
  filter.forbid(SCMP_SYS(sched_setattr), "called sched_setattr() (changing scheduling policy)");
  filter.allow(SCMP_SYS(sched_setaffinity), {SCMP_A0(SCMP_CMP_EQ, 0)});
  filter.forbid(SCMP_SYS(sched_setaffinity), "called sched_setaffinity() on another process or thread",
                {SCMP_A0(SCMP_CMP_NE, 0)});
  filter.allow(SCMP_SYS(prlimit64), {SCMP_A0(SCMP_CMP_EQ, 0)});
  filter.forbid(SCMP_SYS(prlimit64), "called prlimit64() on another process (changing its limits)",
                {SCMP_A0(SCMP_CMP_NE, 0)});
  filter.allow(SCMP_SYS(setrlimit));  // its own limits; soft equals hard, so only lowering works
  filter.allow(SCMP_SYS(setpriority), {SCMP_A0(SCMP_CMP_EQ, PRIO_PROCESS), SCMP_A1(SCMP_CMP_EQ, 0)});
  // One message per call: the handler sees the call's number, not the rule.
  const char* renice_message = "called setpriority() on another process, group or user (renicing others)";
  filter.forbid(SCMP_SYS(setpriority), renice_message, {SCMP_A1(SCMP_CMP_NE, 0)});
  filter.forbid(SCMP_SYS(setpriority), renice_message, {SCMP_A0(SCMP_CMP_NE, PRIO_PROCESS), SCMP_A1(SCMP_CMP_EQ, 0)});

  // Opening: everything Landlock allows, except unnamed files (O_TMPFILE),
  // which the judge's exchange-folder cap could not see. The test is on the
  // kernel's own O_TMPFILE bit: glibc's __O_TMPFILE also holds O_DIRECTORY,
  // and masking with it would refuse every opendir().
  constexpr scmp_datum_t kTmpfileBit = O_TMPFILE & ~O_DIRECTORY;
  static_assert((O_TMPFILE & ~O_DIRECTORY) != 0 && (kTmpfileBit & O_DIRECTORY) == 0);
  filter.allow(SCMP_SYS(openat), {SCMP_A2(SCMP_CMP_MASKED_EQ, kTmpfileBit, 0)});
  filter.fail_with(EPERM, SCMP_SYS(openat), {SCMP_A2(SCMP_CMP_MASKED_EQ, kTmpfileBit, kTmpfileBit)});
  filter.allow(SCMP_SYS(open), {SCMP_A1(SCMP_CMP_MASKED_EQ, kTmpfileBit, 0)});
  filter.fail_with(EPERM, SCMP_SYS(open), {SCMP_A1(SCMP_CMP_MASKED_EQ, kTmpfileBit, kTmpfileBit)});

  // The handler that names the call must stay installed.
  filter.allow(SCMP_SYS(rt_sigaction), {SCMP_A0(SCMP_CMP_NE, SIGSYS)});
  filter.allow(SCMP_SYS(rt_sigaction), {SCMP_A0(SCMP_CMP_EQ, SIGSYS), SCMP_A1(SCMP_CMP_EQ, 0)});
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
  filter.load();
}

std::vector<std::string> refused_calls() {
  std::vector<std::string> names;
  const int count = std::min(g_refused_count.load(), kMaxRefused);
  for (int i = 0; i < count; ++i) {
    if (const int slot = g_refused[i].load(); slot > 0) names.push_back(call_name(slot - 1));
  }
  return names;
}

}  // namespace sandbox
