// Runtime services that device code calls out of line: barriers, traps, the
// dynamic shared memory buffer and the clock (runtime/scheduler.cc, faults.cc).
#pragma once

#include <cstdint>

namespace cucpu::detail {
enum class BarrierKind : int { sync, count, all, any };
// Suspends until every live thread of the block arrives; returns the count /
// and / or of the predicates for the reducing forms. `file`:`line` is the
// call site: threads waiting at different sites are barrier divergence.
int block_barrier(BarrierKind kind, int predicate, const char* file = nullptr, int line = 0);
// grid_group::sync(): every live thread of every block of a cooperative
// launch arrives before any goes on (runtime/cooperative_launch.cc). Traps in
// a launch that was not cooperative, as the grid's blocks are not all resident.
void grid_sync(const char* file, int line);
// Whether the running kernel was launched cooperatively (grid_group::is_valid).
bool launch_is_cooperative();
// Lets the other threads of the caller's block run before it goes on: a
// thread that polls for something another thread of its block will do (a
// cuda::barrier wait, an atomic wait, a __nanosleep spin loop) would
// otherwise keep the fiber, and the block, forever. Outside a kernel, or
// when no other thread of the block can run, it yields the OS thread.
void yield_thread();
// Reports a trap naming the kernel and abandons it (never returns in a kernel).
[[noreturn]] void trap(const char* what);
// Start of the worker's dynamic shared memory buffer (extern __shared__).
void* dynamic_shared_memory();
// Device clock()/clock64(): ticks at kClockTicksPerMillisecond, the clock rate
// that cudaDeviceGetAttribute(cudaDevAttrClockRate) reports in kHz, so spin
// loops that wait for "clockRate * ms" ticks wait about that long.
constexpr std::uint64_t kClockTicksPerMillisecond = 2000000;  // 2 GHz
std::uint64_t clock_ticks();
// Nanoseconds of a steady clock (__globaltimer).
std::uint64_t global_timer_ns();
// Called at load time by code built with cucc --check-memory: from then on
// blocks run one at a time on the launching thread (its __shared__ arrays are
// single checked globals) and dynamic shared memory is an exact-size heap
// block, so AddressSanitizer sees overruns of both.
bool run_blocks_serially_for_memory_checks();
}  // namespace cucpu::detail
