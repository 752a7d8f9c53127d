// CUDA's device-side vocabulary that the toolkit's host headers leave out:
// execution-space keywords, the built-in index variables, barriers, fences,
// traps and clocks. Barriers are out-of-line calls into the scheduler, which
// suspends the calling CUDA thread's fiber (runtime/scheduler.cc).
#pragma once

#include <cstdint>
// libstdc++ writes __attribute__((__noinline__)) here, which the macro below
// would break: include it before the macro exists (its guard keeps it out
// later), as nvcc's front end does by treating the spelling specially.
#include <memory>

#include <cuda_runtime.h>

#include "cucpu/detail/kernel_services.h"
#include "cucpu/detail/thread_context.h"

// Keywords the host headers leave undefined or define for the device compiler.
#ifndef __noinline__
#define __noinline__ __attribute__((noinline))
#endif
#undef __launch_bounds__
#define __launch_bounds__(...)
#ifndef __maxnreg__
#define __maxnreg__(n)
#endif
#ifndef __grid_constant__
#define __grid_constant__
#endif
// The driver recognises this marker after preprocessing: static shared
// arrays become per-worker thread_local storage, `extern __shared__` arrays
// the worker's dynamic shared buffer.
#undef __shared__
#define __shared__ __cucpu_shared__
// Kernels are found the same way (the driver removes the marker): see
// compiler/split_barriers.h.
#undef __global__
#define __global__ __cucpu_global__

// Built-in variables: read-only views of the running CUDA thread's context.
// Under cucc they become marker tokens that the driver expands after
// preprocessing, except where the name is declared or is a member name
// (`extern const dim3 blockDim;` in toolkit headers, `config.gridDim`);
// code compiled without cucc (the runtime's own tests) gets the expansion.
#ifdef CUCPU_BUILTIN_MARKERS
#define threadIdx __cucpu_builtin_threadIdx
#define blockIdx __cucpu_builtin_blockIdx
#define blockDim __cucpu_builtin_blockDim
#define gridDim __cucpu_builtin_gridDim
#else
#define threadIdx (static_cast<const uint3&>(::cucpu::detail::tls_context.thread_idx))
#define blockIdx (static_cast<const uint3&>(::cucpu::detail::tls_context.block_idx))
#define blockDim (static_cast<const dim3&>(::cucpu::detail::tls_context.block_dim))
#define gridDim (static_cast<const dim3&>(::cucpu::detail::tls_context.grid_dim))
#endif
constexpr int warpSize = 32;


// Each barrier passes its call site, so threads waiting at different
// __syncthreads() calls are reported as barrier divergence.
#define CUCPU_CALL_SITE const char* cucpu_file = __builtin_FILE(), int cucpu_line = __builtin_LINE()
inline void __syncthreads(CUCPU_CALL_SITE) {
  ::cucpu::detail::block_barrier(::cucpu::detail::BarrierKind::sync, 0, cucpu_file, cucpu_line);
}
inline int __syncthreads_count(int predicate, CUCPU_CALL_SITE) {
  return ::cucpu::detail::block_barrier(::cucpu::detail::BarrierKind::count, predicate, cucpu_file, cucpu_line);
}
inline int __syncthreads_and(int predicate, CUCPU_CALL_SITE) {
  return ::cucpu::detail::block_barrier(::cucpu::detail::BarrierKind::all, predicate, cucpu_file, cucpu_line);
}
inline int __syncthreads_or(int predicate, CUCPU_CALL_SITE) {
  return ::cucpu::detail::block_barrier(::cucpu::detail::BarrierKind::any, predicate, cucpu_file, cucpu_line);
}
#undef CUCPU_CALL_SITE

// Memory fences: a full fence keeps the compiler and the CPU from reordering
// across the point, which is at least as strong as any GPU fence scope.
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

[[noreturn]] inline void __trap() { ::cucpu::detail::trap("__trap() called"); }
[[noreturn]] inline void __brkpt() { ::cucpu::detail::trap("__brkpt() called"); }

inline long long clock64() { return static_cast<long long>(::cucpu::detail::clock_ticks()); }
inline long long __clock64() { return clock64(); }
inline std::uint64_t __globaltimer() { return ::cucpu::detail::global_timer_ns(); }
// clock() itself is libc's symbol, which the runtime overrides: inside a
// kernel it returns these ticks, on the host it stays the process CPU time
// (runtime/faults.cc).
// A thread that sleeps lets its block's other threads run (a spin loop with
// a __nanosleep back-off waits for them).
inline void __nanosleep(unsigned) { ::cucpu::detail::yield_thread(); }

// Device-side allocation goes to the host heap.
