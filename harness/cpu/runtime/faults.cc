// Faults inside kernels: __trap(), a failing assert(), deadlocks. Each is
// reported on stderr naming the kernel, the block and the thread, becomes the
// sticky error, and abandons the kernel (the trapping fiber is never resumed).
#include <chrono>
#include <cstdio>
#include <cstdlib>

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

[[noreturn]] void abandon_current_thread(const char* what, cudaError_t error) {
  report_kernel_fault(what);
  set_sticky_error(error);
  suspend_current_thread(FiberExit::trapped);
  std::abort();  // an abandoned fiber is never resumed
}

}  // namespace
}  // namespace cucpu::runtime

namespace cucpu::detail {

void trap(const char* what) {
  if (runtime::current_block() == nullptr) {
    std::fprintf(stderr, "cucpu: %s in host code\n", what);
    std::abort();
  }
  runtime::abandon_current_thread(what, cudaErrorLaunchFailure);
}

std::uint64_t clock_ticks() {
  return std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::steady_clock::now().time_since_epoch())
                           .count());
}

}  // namespace cucpu::detail

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
  cucpu::runtime::abandon_current_thread(what, cudaErrorAssert);
}
