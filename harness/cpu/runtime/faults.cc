// Faults inside kernels: __trap(), a failing assert(), deadlocks. Each is
// reported on stderr naming the kernel, the block and the thread, becomes the
// sticky error, and abandons the kernel (the trapping fiber is never resumed).
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "block_run.h"
#include "runtime_state.h"

namespace cucpu::runtime {

void report_kernel_fault(const char* what) {
  const detail::ThreadContext& context = detail::tls_context;
  std::fprintf(stderr, "cucpu: %s: block (%u,%u,%u) thread (%u,%u,%u): %s\n", describe_site(context.site).c_str(),
               context.block_idx.x, context.block_idx.y, context.block_idx.z, context.thread_idx.x,
               context.thread_idx.y, context.thread_idx.z, what);
  std::fflush(stderr);
}

namespace {

// A crash inside a kernel (a wild pointer, a stack overflow into a fiber's
// guard page) would otherwise kill the process without naming the kernel.
// The handler names it, restores the default action and returns, so the
// faulting access repeats and the process dies of the original signal.
void on_crash_signal(int signal_number) {
  if (detail::tls_context.site != nullptr) {
    const char* what = signal_number == SIGSEGV ? "segmentation fault (invalid address, or a stack overflow: "
                                                  "fiber stacks are 256 KiB)"
                                                : "bus error";
    report_kernel_fault(what);
  }
  signal(signal_number, SIG_DFL);
}

void install_crash_handlers_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int signal_number : {SIGSEGV, SIGBUS}) {
      struct sigaction current {};
      sigaction(signal_number, nullptr, &current);
      // Leave handlers installed by others (AddressSanitizer) alone.
      if (current.sa_handler != SIG_DFL) continue;
      struct sigaction action {};
      action.sa_handler = on_crash_signal;
      action.sa_flags = SA_ONSTACK;
      sigemptyset(&action.sa_mask);
      sigaction(signal_number, &action, nullptr);
    }
  });
}

[[noreturn]] void fail_current_thread(const char* what, cudaError_t error) {
  report_kernel_fault(what);
  set_sticky_error(error);
  abandon_current_thread();
}

}  // namespace

void prepare_worker_thread_for_faults() {
  install_crash_handlers_once();
  // The handler needs a stack of its own: the fault may be a full fiber stack.
  static thread_local bool has_alternate_stack = false;
  if (has_alternate_stack) return;
  stack_t alternate{};
  alternate.ss_size = 64 * 1024;
  // Kept for the thread's life; mmap keeps it out of leak checkers' view.
  alternate.ss_sp = mmap(nullptr, alternate.ss_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (alternate.ss_sp != MAP_FAILED && sigaltstack(&alternate, nullptr) == 0) has_alternate_stack = true;
}

}  // namespace cucpu::runtime

namespace cucpu::detail {

void trap(const char* what) {
  if (runtime::current_block() == nullptr) {
    std::fprintf(stderr, "cucpu: %s in host code\n", what);
    std::abort();
  }
  runtime::fail_current_thread(what, cudaErrorLaunchFailure);
}

std::uint64_t global_timer_ns() {
  return std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::steady_clock::now().time_since_epoch())
                           .count());
}

std::uint64_t clock_ticks() { return global_timer_ns() * (kClockTicksPerMillisecond / 1000000); }

}  // namespace cucpu::detail

// Device code calls the C library's clock() (CUDA declares it for both sides):
// this definition takes its place in every program the runtime is linked
// into. In a kernel it counts device clock ticks, like clock64(); on the host
// it is what glibc's clock() computes, the process's CPU time in
// microseconds (CLOCKS_PER_SEC is 1000000).
extern "C" clock_t clock(void) noexcept {
  if (cucpu::detail::tls_context.site != nullptr) return clock_t(cucpu::detail::clock_ticks());
  timespec cpu{};
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu) != 0) return clock_t(-1);
  return clock_t(cpu.tv_sec) * CLOCKS_PER_SEC + clock_t(cpu.tv_nsec / 1000);
}

// The C library's sched_yield() and nanosleep(), likewise replaced: the
// toolkit's host-side cuda::barrier, cuda::std::atomic::wait and friends
// poll with them, and inside a kernel a poll must let the block's other
// threads (fibers of this OS thread) run, or it never ends. On the host they
// are the system calls.
extern "C" int sched_yield(void) noexcept {
  if (cucpu::detail::tls_context.site != nullptr) {
    cucpu::detail::yield_thread();
    return 0;
  }
  return int(syscall(SYS_sched_yield));
}

extern "C" int nanosleep(const timespec* duration, timespec* remaining) {
  if (cucpu::detail::tls_context.site != nullptr) {
    cucpu::detail::yield_thread();
    if (remaining != nullptr) *remaining = timespec{};
    return 0;
  }
  int error = clock_nanosleep(CLOCK_REALTIME, 0, duration, remaining);
  if (error == 0) return 0;
  errno = error;
  return -1;
}

// AddressSanitizer (cucc --check-memory) calls this hook before its report:
// name the kernel that made the bad access.
extern "C" void __asan_on_error() {
  if (cucpu::runtime::current_block() != nullptr) {
    cucpu::runtime::report_kernel_fault("invalid memory access (AddressSanitizer report follows)");
  }
}

// assert() in a kernel must fail like a device-side assert (the kernel is
// abandoned, cudaErrorAssert), not abort the judge; in host code it keeps
// glibc's behaviour.
extern "C" [[noreturn]] void __assert_fail(const char* assertion, const char* file, unsigned int line,
                                           const char* function) noexcept {
  if (cucpu::runtime::current_block() == nullptr) {
    std::fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function, assertion);
    std::abort();
  }
  char what[512];
  std::snprintf(what, sizeof what, "assertion `%s' failed at %s:%u in %s", assertion, file, line, function);
  cucpu::runtime::fail_current_thread(what, cudaErrorAssert);
}
