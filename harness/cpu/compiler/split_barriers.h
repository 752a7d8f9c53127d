// Barrier splitting: turns a kernel whose __syncthreads() calls sit only at
// block-uniform places into loops over the block's threads, one loop per
// stretch of code between barriers (the approach of POCL and CuPBoP), so a
// barrier costs the end of one loop instead of a fiber switch per thread.
//
//   __global__ void k(const float* in, float* out, int n) {
//     __shared__ float s[256];                  // stays as is (uniform)
//     float v = in[threadIdx.x];                // region 1
//     for (int step = 1; step < n; step *= 2) { // uniform loop, runs once
//       s[threadIdx.x] = v;                     // region 2
//       __syncthreads();
//       v += s[threadIdx.x ^ step];             // region 3
//       __syncthreads();
//     }
//     out[threadIdx.x] = v;                     // region 4
//   }
//
// becomes, on the same lines, a body that runs the whole block when called
// for its first thread: each region is a lambda that
// ::cucpu::detail::for_each_thread runs for every thread in turn, and a local
// used in a region other than its own (`v`) lives in per-thread storage that
// each region binds by reference. The pass only splits what it can show to
// be safe, and leaves the kernel to the fiber scheduler otherwise:
//   - barriers are plain `__syncthreads();` statements at the kernel's top
//     level or directly in the braced body of a `for` loop whose header only
//     reads block-uniform values (parameters the kernel never assigns,
//     blockIdx/blockDim/gridDim, constants, enclosing uniform loop counters
//     and uniform locals), with no `break`/`continue` leaving it;
//   - no warp collective, cooperative group, barrier reduction, call of a
//     function that contains a barrier, `goto`, kernel launch or inline asm;
//   - no `return` except in the code after the last barrier;
//   - no parameter is assigned or has its address taken (threads share them);
//   - a local that crosses a barrier is a single plain declarator whose type
//     is spelled out (no `auto`, reference or brace initialiser).
// Splitting adds barriers between stretches of code that had none; that only
// removes interleavings a GPU could have chosen, so valid programs keep
// their meaning. A kernel without barriers that meets the same conditions
// becomes a single loop, which is tighter than the scheduler's own start of
// each thread.
// Loop interchange (`interchange_loops`): a barrier-free `for` loop at a
// barrier level whose header is block-uniform runs once per block with the
// thread loop inside it, as if each iteration ended at a barrier:
//
//   float sum = 0;                               // region 1
//   for (int k = 0; k < n; ++k)                  // once per block
//     sum += a[row * n + k] * b[k * n + col];    // region 2, per iteration
//   c[row * n + col] = sum;                      // region 3
//
// Each thread keeps its own `sum` and order of additions; g++ vectorises
// region 2 across threads instead of running one thread's chain of
// dependent adds after another's. A kernel that cannot be split that way is
// split without it.
// The passes, in order: kernel_functions (find kernels and the functions
// holding barriers), split_eligibility, barrier_regions (with
// block_uniformity and thread_variance), thread_storage, thread_loops.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "source_edits.h"
#include "source_tokens.h"

namespace cucpu::compiler {

struct SplitResult {
  std::vector<Edit> edits;
  std::vector<std::string> split_kernels;  // run as loops over threads, in source order
  // Kernels left to the fiber scheduler: "name: reason".
  std::vector<std::string> kept_on_fibers;
  int interchanged_loops = 0;  // over all split kernels
};

struct SplitOptions {
  bool interchange_loops = true;
  // Split only kernels where no barrier that splitting adds can be observed
  // (added_barriers.h), without loop interchange (whose barriers could be),
  // running guards around warp collectives one warp at a time
  // (Guard::per_warp); the others stay on fibers. For the judge's shuffled
  // pass.
  bool exact_barriers = false;
};

// `kernel_markers`: indices of the tokens that mark `__global__` (the prelude
// spells it __cucpu_global__). `final_text(i)`: what token i reads as after
// rewriting (the built-in variables' markers expand). Looks at user code only.
SplitResult split_barrier_kernels(std::string_view source, const TokenizedSource& parsed,
                                  const std::vector<size_t>& kernel_markers,
                                  const std::function<std::string(size_t)>& final_text,
                                  const SplitOptions& options = {});

}  // namespace cucpu::compiler
