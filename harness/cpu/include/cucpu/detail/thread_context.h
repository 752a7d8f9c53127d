// The per-worker-thread state that kernel code reads directly (threadIdx and
// friends) and the inline thread loop that starts CUDA threads.
//
// One OS worker thread runs one block at a time, and every fiber of that block
// stays on that worker, so a plain thread_local is per block. The scheduler
// (runtime/scheduler.cc) rewrites the fields before it resumes a fiber; the
// loop below starts CUDA threads without any fiber switch, so a kernel with no
// barrier runs all its threads back to back on one fiber.
#pragma once

#include <vector_types.h>

namespace cucpu {

// Where a launch came from: the callee as written and the user's file:line.
struct KernelSite {
  const char* name;
  const char* file;
  int line;
};

namespace detail {

struct ThreadContext {
  uint3 thread_idx;
  uint3 block_idx;
  dim3 block_dim;
  dim3 grid_dim;
  unsigned linear;              // linear index of the running thread in its block
  unsigned next_start;          // next position in the start order
  unsigned start_count;         // threads per block
  unsigned exited;              // threads of this block that returned
  const unsigned* start_order;  // null: 0, 1, 2, ...; else a shuffled order
  const uint3* start_thread_idx;  // with start_order: each one's threadIdx (no divisions per start)
  const KernelSite* site;       // the running kernel, null on the host
  unsigned long long launch;    // the running launch's serial number (from 1), 0 on the host
  void* block;                  // the scheduler's BlockRun
};

// Blocks whose blockIdx.x is below this run their threads in natural order
// without start lists (start_order null) unless shuffled; later blocks get
// lists. Split kernels' natural-order loops tell g++ so (split_kernel.h):
// blockIdx.x * blockDim.x + threadIdx.x then stays below 2^30, and index
// arithmetic on it, in 32 bits, is affine in the thread loop's counter.
constexpr unsigned kNaturalLoopBlocksX = 1u << 20;

// __constinit spares every access a check for a dynamic initialiser.
// initial-exec: the variable lives in the executable's static TLS (the runtime
// is linked into the program), so solution libraries reach it without a call.
extern __constinit thread_local ThreadContext tls_context __attribute__((tls_model("initial-exec")));

inline void set_thread_index(ThreadContext& c, unsigned linear) {
  c.linear = linear;
  if (c.block_dim.y == 1 && c.block_dim.z == 1) {
    c.thread_idx = uint3{linear, 0, 0};
  } else {
    unsigned plane = c.block_dim.x * c.block_dim.y;
    c.thread_idx = uint3{linear % c.block_dim.x, (linear % plane) / c.block_dim.x, linear / plane};
  }
}

// Takes the next unstarted thread of the current block; false when all started.
inline bool begin_next_thread() {
  ThreadContext& c = tls_context;
  if (c.next_start >= c.start_count) return false;
  if (c.start_order != nullptr) {
    c.linear = c.start_order[c.next_start];
    c.thread_idx = c.start_thread_idx[c.next_start];
  } else {
    set_thread_index(c, c.next_start);
  }
  ++c.next_start;
  return true;
}

namespace {

// Makes this thread allocate the TLS block of the module (a solution library)
// that this translation unit belongs to, from a plain call. Solution
// libraries reach their thread_local data (static __shared__ arrays, split
// kernels' per-thread storage) through TLS descriptors (cucc -shared on
// x86-64: -mtls-dialect=gnu2), whose fast path is a few loads. A thread's
// first access takes the slow path instead, which in glibc before 2.40 does
// not preserve vector registers (glibc bug 31372): inside a kernel's loop
// that corrupts live values. After this call every later access in the
// thread takes the fast path.
[[gnu::noinline]] inline void allocate_module_tls() {
  static thread_local char anchor;
  asm volatile("" : : "r"(&anchor) : "memory");
}

// The thread that loads the library (the runner's, which then calls the
// solution's host code) does the same while the library loads.
[[gnu::constructor]] void allocate_module_tls_on_load() { allocate_module_tls(); }

}  // namespace

// Runs CUDA threads of the current block until none is left to start. It is
// instantiated in the user's translation unit, so the kernel inlines into it.
template <class Body>
void run_threads(void* body) {
  allocate_module_tls();
  Body& run_one = *static_cast<Body*>(body);
  while (begin_next_thread()) {
    run_one();
    ++tls_context.exited;
  }
}

}  // namespace detail
}  // namespace cucpu
