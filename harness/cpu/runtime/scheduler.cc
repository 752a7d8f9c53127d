// Runs a launch: validates the configuration like a GPU, hands blocks to a
// pool of worker threads in increasing order, and runs each block's CUDA
// threads as fibers on its worker.
//
// Within a block a fiber runs threads back to back (detail::run_threads)
// until one reaches a barrier or warp collective; only then does the fiber
// suspend, switching directly to the next runnable context (a ready thread,
// or a fresh pooled fiber that carries on starting the remaining threads).
// A barrier is released when every live thread waits at it (threads that
// returned count as arrived, as on the GPU); the last to arrive runs on. The
// worker's own context (run_block) regains control only when nothing can
// run: the block is done, or deadlocked, which is reported, the kernel
// abandoned, and the fault made sticky.
#include <cxxabi.h>
#include <dlfcn.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <numeric>
#include <random>
#include <string>
#include <thread>

#include "block_run.h"
#include "cooperative_launch.h"
#include "launch_job.h"
#include "worker_pool.h"
#include "cucpu/launch.h"
#include "device_limits.h"
#include "runtime_state.h"
#include "thread_order.h"

namespace cucpu::detail {
__constinit thread_local ThreadContext tls_context{};
}  // namespace cucpu::detail

// The worker's dynamic shared memory; `extern __shared__` arrays at file
// scope bind to this symbol by name, those in functions through
// dynamic_shared_memory().
extern "C" {
alignas(256) __constinit thread_local unsigned char cucpu_dynamic_shared[cucpu::runtime::kMaxSharedBytesPerBlock];
}

// The switch path runs once per thread per barrier: inlining it keeps the
// frames on each fiber's stack (which is cold in cache when resumed) few.
#define CUCPU_HOT_PATH inline __attribute__((always_inline))

namespace cucpu::runtime {
namespace {

constexpr size_t kFiberStackBytes = 256 * 1024;

using detail::tls_context;

// The process's thread order, fixed once (thread_order.h). Kept in a page
// of its own that is read-only once fixed, so a stray or hostile write
// faults instead of changing the order.
struct alignas(4096) FixedThreadOrder {
  bool shuffled;
  unsigned long long seed;
};
FixedThreadOrder g_thread_order{};
std::once_flag g_thread_order_once;

// Called once, under g_thread_order_once.
void set_thread_order(std::optional<unsigned long long> shuffle_seed) {
  g_thread_order.shuffled = shuffle_seed.has_value();
  g_thread_order.seed = shuffle_seed.value_or(0);
  mprotect(&g_thread_order, sizeof g_thread_order, PROT_READ);
}

// The order CUCPU_SHUFFLE_SEED names, for a program that never fixed one.
std::optional<unsigned long long> order_from_environment() {
  const char* text = std::getenv("CUCPU_SHUFFLE_SEED");
  if (text == nullptr || *text == '\0') return std::nullopt;
  char* end = nullptr;
  const unsigned long long seed = std::strtoull(text, &end, 10);
  if (*end != '\0') {
    std::fprintf(stderr, "cucpu: CUCPU_SHUFFLE_SEED='%s' is not a non-negative integer; ignoring it\n", text);
    return std::nullopt;
  }
  return seed;
}

bool read_shuffle_seed(unsigned long long* seed) {
  std::call_once(g_thread_order_once, [] { set_thread_order(order_from_environment()); });
  *seed = g_thread_order.seed;
  return g_thread_order.shuffled;
}

// Fiber stacks: kFiberStackBytes with a guard page below. Each stack's top is
// moved down by a different multiple of a cache line: stacks are mapped at
// page-aligned addresses, and without the stagger every fiber's hot frames
// would fall into the same cache sets and evict each other at every switch.
class StaggeredStack {
 public:
  explicit StaggeredStack(size_t index) : m_stagger((index * 17 % 64) * 64) {}

  boost::context::stack_context allocate() {
    size_t page = size_t(sysconf(_SC_PAGESIZE));
    size_t mapped = kFiberStackBytes + page;
    void* base = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (base == MAP_FAILED) throw std::bad_alloc();
    mprotect(base, page, PROT_NONE);
    boost::context::stack_context context;
    context.size = mapped - m_stagger;
    context.sp = static_cast<char*>(base) + context.size;
    return context;
  }

  void deallocate(boost::context::stack_context& context) noexcept {
    char* base = static_cast<char*>(context.sp) - context.size;
    munmap(base, kFiberStackBytes + size_t(sysconf(_SC_PAGESIZE)));
  }

 private:
  size_t m_stagger;
};

CUCPU_HOT_PATH void park(Worker& worker, boost::context::fiber&& from) {
  switch (worker.park_kind) {
    case ParkKind::main: worker.main = std::move(from); break;
    case ParkKind::suspended: worker.block.suspended[worker.park_index] = std::move(from); break;
    case ParkKind::yielded:
      worker.block.suspended[worker.park_index] = std::move(from);
      worker.block.ready.push_back(worker.park_index);
      break;
    case ParkKind::idle: worker.idle.push_back(std::move(from)); break;
    case ParkKind::abandoned: worker.abandoned.push_back(std::move(from)); break;
  }
}

// Runs `target`; the receiver keeps this context as `kind`. Returns when
// something switches back here.
CUCPU_HOT_PATH void switch_to(Worker& worker, boost::context::fiber&& target, ParkKind kind, unsigned index) {
  worker.park_kind = kind;
  worker.park_index = index;
  boost::context::fiber from = std::move(target).resume();
  park(worker, std::move(from));
}

void fiber_loop(Worker& worker);

boost::context::fiber make_fiber(Worker& worker) {
  return boost::context::fiber(std::allocator_arg, StaggeredStack(worker.fibers_created++),
                               [&worker](boost::context::fiber&& from) {
                                 park(worker, std::move(from));
                                 fiber_loop(worker);
                                 return std::move(worker.main);  // not reached
                               });
}

boost::context::fiber fresh_fiber(Worker& worker) {
  if (worker.idle.empty()) return make_fiber(worker);
  boost::context::fiber fiber = std::move(worker.idle.back());
  worker.idle.pop_back();
  return fiber;
}

CUCPU_HOT_PATH unsigned take_ready(BlockRun& block) {
  if (block.shuffled) {
    size_t pick = block.ready_head + block.random() % (block.ready.size() - block.ready_head);
    std::swap(block.ready[block.ready_head], block.ready[pick]);
  }
  unsigned linear = block.ready[block.ready_head++];
  if (block.ready_head == block.ready.size()) {
    block.ready.clear();
    block.ready_head = 0;
  }
  return linear;
}

// Releases the barrier; every waiter but `keep_running` becomes ready.
void release_barrier(BlockRun& block, long keep_running) {
  block.released_true_count = block.barrier_true_count;
  block.released_waiter_count = unsigned(block.barrier_waiters.size());
  block.barrier_true_count = 0;
  for (unsigned linear : block.barrier_waiters) {
    if (long(linear) != keep_running) block.ready.push_back(linear);
  }
  block.barrier_waiters.clear();
}

CUCPU_HOT_PATH bool barrier_complete(const BlockRun& block) {
  const detail::ThreadContext& context = tls_context;
  return !block.barrier_waiters.empty() && block.barrier_waiters.size() == context.start_count - context.exited;
}

// The next context to run on this worker: a ready thread, a fiber to start
// unstarted threads, the threads of a barrier that just became complete, or
// (nothing runnable) the worker's own context; empty if called from there.
CUCPU_HOT_PATH boost::context::fiber next_context(Worker& worker, bool from_main) {
  BlockRun& block = worker.block;
  detail::ThreadContext& context = tls_context;
  if (block.ready_head == block.ready.size() && context.next_start >= context.start_count &&
      barrier_complete(block)) {
    release_barrier(block, -1);
  }
  if (block.ready_head == block.ready.size() && context.next_start >= context.start_count &&
      !block.coalesced_waiters.empty()) {
    form_coalesced_groups(block);  // nothing else can run: coalesced_threads() calls are complete
  }
  if (block.ready_head < block.ready.size()) {
    unsigned linear = take_ready(block);
    detail::set_thread_index(context, linear);
    return std::move(block.suspended[linear]);
  }
  if (context.next_start < context.start_count) return fresh_fiber(worker);
  return from_main ? boost::context::fiber() : std::move(worker.main);
}

void fiber_loop(Worker& worker) {
  for (;;) {
    worker.run_threads(worker.body);
    // No thread left to start: hand the worker to whatever can run.
    switch_to(worker, next_context(worker, false), ParkKind::idle, 0);
  }
}

std::string describe_deadlock(const BlockRun& block, unsigned live) {
  std::string text = "deadlock: " + std::to_string(block.barrier_waiters.size()) + " of " +
                     std::to_string(live) + " live thread(s) wait at __syncthreads()";
  for (size_t warp = 0; warp < (block.thread_count + 31) / 32; ++warp) {
    const WarpRun& run = block.warps[warp];
    if (run.arrived == 0) continue;
    unsigned first = __builtin_ctz(run.arrived);
    unsigned missing = run.lanes[first].mask & ~run.arrived;
    char line[200];
    std::snprintf(line, sizeof line,
                  "; in warp %zu lanes 0x%08x wait at a warp collective (mask 0x%08x) for lanes 0x%08x that "
                  "returned or wait elsewhere",
                  warp, run.arrived, run.lanes[first].mask, missing);
    text += line;
  }
  text += describe_group_waits(block);
  return text + "; the kernel was abandoned";
}

bool same_call_site(const char* file_a, int line_a, const char* file_b, int line_b) {
  if (file_a == nullptr || file_b == nullptr) return true;  // a caller that does not say
  return line_a == line_b && (file_a == file_b || std::strcmp(file_a, file_b) == 0);
}

// Threads of one block wait at two different __syncthreads() calls: on a GPU
// that is undefined (it may hang or release them together); here it is an
// error naming both call sites, and the kernel is abandoned.
[[noreturn]] void report_barrier_divergence(const BlockRun& block, const char* file, int line) {
  std::string what = "barrier divergence: this thread reached __syncthreads() at " + std::string(file) + ":" +
                     std::to_string(line) + " while " + std::to_string(block.barrier_waiters.size()) +
                     " thread(s) of the block wait at __syncthreads() at " + std::string(block.barrier_file) +
                     ":" + std::to_string(block.barrier_line) +
                     " (a barrier must be reached by all live threads of the block, or none); the kernel was "
                     "abandoned";
  report_kernel_fault(what.c_str());
  set_sticky_error(cudaErrorLaunchFailure);
  abandon_current_thread();
}

// The block's start order and each start's threadIdx: shuffled, or the
// natural order as lists (kept for the launch's next such block).
void fill_start_lists(BlockRun& block, unsigned threads, const LaunchJob& job, unsigned long long block_linear) {
  // The thread indices once per block: split kernels enter every thread
  // once per region (per iteration of an interchanged loop), and three
  // divisions each cost more than most regions' work.
  const dim3& dims = job.block;
  const bool same_dims =
      block.thread_idx_dims.x == dims.x && block.thread_idx_dims.y == dims.y && block.thread_idx_dims.z == dims.z;
  if (!same_dims) {
    block.thread_idx_of_linear.clear();
    for (unsigned z = 0; z < dims.z; ++z) {
      for (unsigned y = 0; y < dims.y; ++y) {
        for (unsigned x = 0; x < dims.x; ++x) block.thread_idx_of_linear.push_back(uint3{x, y, z});
      }
    }
    block.thread_idx_dims = dims;
  }
  if (job.shuffled) {
    block.random.seed(job.shuffle_seed * 0x9E3779B97F4A7C15ull + block_linear);
    block.start_order.resize(threads);
    std::iota(block.start_order.begin(), block.start_order.end(), 0u);
    std::shuffle(block.start_order.begin(), block.start_order.end(), block.random);
    block.start_thread_idx.resize(threads);
    for (unsigned i = 0; i < threads; ++i) block.start_thread_idx[i] = block.thread_idx_of_linear[block.start_order[i]];
  } else if (!same_dims || !block.start_order_natural) {
    block.start_order.resize(threads);
    std::iota(block.start_order.begin(), block.start_order.end(), 0u);
    block.start_thread_idx = block.thread_idx_of_linear;
  }
  block.start_order_natural = !job.shuffled;
}

// `listed`: the block starts its threads from lists (fill_start_lists).
void reset_block(BlockRun& block, unsigned threads, const LaunchJob& job, unsigned long long block_linear,
                 bool listed) {
  block.thread_count = threads;
  if (block.suspended.size() < threads) block.suspended.resize(threads);
  block.ready.clear();
  block.ready_head = 0;
  block.barrier_waiters.clear();
  block.barrier_file = nullptr;
  block.barrier_true_count = 0;
  size_t warps = (threads + 31) / 32;
  if (block.warps.size() < warps) block.warps.resize(warps);
  for (size_t warp = 0; warp < warps; ++warp) block.warps[warp].arrived = 0;  // slots need no reset
  block.shuffled = job.shuffled;
  if (listed) fill_start_lists(block, threads, job, block_linear);
  reset_group_rendezvous(block);
}

// Runs one block to completion; false if it failed (the fault is reported).
bool run_block(Worker& worker, const LaunchJob& job, unsigned long long block_linear) {
  BlockRun& block = worker.block;
  unsigned threads = job.block.x * job.block.y * job.block.z;
  // Shared memory starts with unspecified contents on a GPU: poison the
  // dynamic part (NaN as float) so a read before any write shows.
  if (job.shared_bytes != 0) std::memset(detail::dynamic_shared_memory(), 0xFF, job.shared_bytes);
  detail::ThreadContext& context = tls_context;
  unsigned long long plane = (unsigned long long)job.grid.x * job.grid.y;
  context.block_idx = uint3{unsigned(block_linear % job.grid.x), unsigned(block_linear % plane / job.grid.x),
                            unsigned(block_linear / plane)};
  // Split kernels' natural-order thread loops may assume a small blockIdx.x
  // (split_kernel.h); blocks past it start their threads from lists, in
  // natural order unless shuffled.
  const bool listed = job.shuffled || context.block_idx.x >= detail::kNaturalLoopBlocksX;
  reset_block(block, threads, job, block_linear, listed);
  context.next_start = 0;
  context.exited = 0;
  context.start_order = listed ? block.start_order.data() : nullptr;
  context.start_thread_idx = listed ? block.start_thread_idx.data() : nullptr;
  worker.trapped = false;
  for (;;) {
    boost::context::fiber next = next_context(worker, true);
    if (!next) break;
    switch_to(worker, std::move(next), ParkKind::main, 0);
    if (worker.trapped) break;
  }
  if (!worker.trapped && context.exited == threads) return true;
  if (!worker.trapped) {
    report_kernel_fault(describe_deadlock(block, threads - context.exited).c_str());
    set_sticky_error(cudaErrorLaunchFailure);
  }
  for (unsigned linear = 0; linear < threads; ++linear) {
    if (block.suspended[linear]) worker.abandoned.push_back(std::move(block.suspended[linear]));
  }
  worker.trapped = false;
  return false;
}


// The demangled name of the function at `kernel` ("k(int*)"), or "" when
// the dynamic symbol table does not have it.
std::string kernel_symbol_name(const void* kernel) {
  Dl_info info{};
  if (dladdr(kernel, &info) == 0 || info.dli_sname == nullptr || info.dli_saddr != kernel) return "";
  int status = 0;
  char* demangled = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
  std::string name = status == 0 && demangled != nullptr ? demangled : info.dli_sname;
  std::free(demangled);
  return name;
}

// The checks a GPU makes before running anything. CUDA 13 answers each with
// cudaErrorInvalidValue (seen on an H200, driver 580; CUDA 12 said
// cudaErrorInvalidConfiguration for the dimensions).
cudaError_t check_configuration(const KernelSite& site, const LaunchConfig& config) {
  const dim3& b = config.block;
  const dim3& g = config.grid;
  if (b.x == 0 || b.y == 0 || b.z == 0 || g.x == 0 || g.y == 0 || g.z == 0) return cudaErrorInvalidValue;
  if (b.x > 1024 || b.y > 1024 || b.z > 64) return cudaErrorInvalidValue;
  if ((unsigned long long)b.x * b.y * b.z > kMaxThreadsPerBlock) return cudaErrorInvalidValue;
  if (g.x > 2147483647u || g.y > 65535 || g.z > 65535) return cudaErrorInvalidValue;
  if (config.shared_bytes > allowed_dynamic_shared_bytes(site, config.kernel)) return cudaErrorInvalidValue;
  return cudaSuccess;
}

std::mutex g_launch_mutex;

// --check-memory mode (see run_blocks_serially_for_memory_checks).
std::atomic<bool> g_serial_blocks{false};
// The running launch's dynamic shared memory in that mode (launches are
// serialised by g_launch_mutex).
void* g_checked_dynamic_shared = nullptr;

}  // namespace

namespace {
__constinit thread_local Worker* tls_worker = nullptr;
}  // namespace

namespace {
// Points the calling worker at `job` for the blocks it will run.
Worker& enter_launch(LaunchJob& job) {
  Worker& worker = this_worker();
  detail::ThreadContext& context = tls_context;
  context.block_dim = job.block;
  context.grid_dim = job.grid;
  context.start_count = job.block.x * job.block.y * job.block.z;
  context.site = job.site;
  context.launch = job.serial;
  context.block = &worker.block;
  worker.body = job.body;
  worker.run_threads = job.run_threads;
  return worker;
}

void leave_launch() {
  tls_context.block = nullptr;
  tls_context.site = nullptr;
  tls_context.launch = 0;
}

unsigned long long block_at(const LaunchJob& job, unsigned long long index) {
  if (!job.shuffled) return index;
  return (unsigned long long)(((unsigned __int128)job.order_multiplier * index + job.order_offset) % job.total_blocks);
}
}  // namespace

void work_on(LaunchJob& job) {
  Worker& worker = enter_launch(job);
  while (!job.failed.load(std::memory_order_relaxed)) {
    unsigned long long first = job.next_block.fetch_add(job.blocks_per_claim, std::memory_order_relaxed);
    if (first >= job.total_blocks) break;
    unsigned long long end = std::min(first + job.blocks_per_claim, job.total_blocks);
    for (unsigned long long index = first; index < end && !job.failed.load(std::memory_order_relaxed); ++index) {
      if (!run_block(worker, job, block_at(job, index))) job.failed.store(true);
    }
  }
  leave_launch();
}

bool run_cooperative_block(LaunchJob& job, GridBarrier& grid, unsigned long long index) {
  Worker& worker = enter_launch(job);
  worker.grid = &grid;
  bool done = run_block(worker, job, block_at(job, index));
  worker.grid = nullptr;
  leave_launch();
  return done;
}

Worker& this_worker() {
  // Never freed: suspended fibers may outlive static destruction.
  if (__builtin_expect(tls_worker == nullptr, 0)) {
    tls_worker = new Worker();
    prepare_worker_thread_for_faults();
  }
  return *tls_worker;
}

CUCPU_HOT_PATH void suspend_in_worker(Worker& worker) {
  unsigned self = tls_context.linear;
  switch_to(worker, next_context(worker, false), ParkKind::suspended, self);
}

void suspend_current_thread() { suspend_in_worker(this_worker()); }

void abandon_current_thread() {
  Worker& worker = this_worker();
  worker.trapped = true;
  switch_to(worker, std::move(worker.main), ParkKind::abandoned, 0);
  std::abort();  // an abandoned fiber is never resumed
}

bool fix_thread_order(std::optional<unsigned long long> shuffle_seed) {
  bool fixed_here = false;
  std::call_once(g_thread_order_once, [&] {
    set_thread_order(shuffle_seed);
    fixed_here = true;
  });
  return fixed_here;
}

int worker_count() {
  if (const char* text = std::getenv("CUCPU_WORKERS")) {
    int count = std::atoi(text);
    if (count >= 1 && count <= 1024) return count;
    std::fprintf(stderr, "cucpu: CUCPU_WORKERS='%s' is not an integer in [1, 1024]; using the core count\n", text);
  }
  unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : int(cores);
}

}  // namespace cucpu::runtime

namespace cucpu::detail {

using namespace cucpu::runtime;

cudaError_t launch_kernel(const KernelSite& site, const LaunchConfig& config, void* body,
                          void (*run_threads)(void*)) {
  if (tls_context.block != nullptr) {
    report_kernel_fault("launching a kernel from device code (dynamic parallelism) is not supported");
    set_sticky_error(cudaErrorNotSupported);
    return cudaErrorNotSupported;
  }
  if (sticky_error() != cudaSuccess) return sticky_error();  // broken context, as on a GPU after a fault
  cudaError_t invalid = check_configuration(site, config);
  if (invalid != cudaSuccess) return record_error(invalid);
  LaunchJob job;
  job.site = &site;
  static std::atomic<unsigned long long> launches{0};
  job.serial = launches.fetch_add(1, std::memory_order_relaxed) + 1;
  // A launch through the runtime API (cudaLaunchKernel, ...) has no call
  // site: messages name the kernel function by its symbol instead.
  std::string kernel_name;
  KernelSite named_site{};
  if (site.line == 0 && config.kernel != nullptr) {
    kernel_name = kernel_symbol_name(config.kernel);
    if (!kernel_name.empty()) {
      named_site = KernelSite{kernel_name.c_str(), "", 0};
      job.site = &named_site;
    }
  }
  job.grid = config.grid;
  job.block = config.block;
  job.body = body;
  job.run_threads = run_threads;
  job.shared_bytes = config.shared_bytes;
  job.total_blocks = (unsigned long long)config.grid.x * config.grid.y * config.grid.z;
  job.shuffled = read_shuffle_seed(&job.shuffle_seed);
  if (job.shuffled) {
    std::mt19937_64 random(job.shuffle_seed);
    do {
      job.order_multiplier = random() % job.total_blocks + 1;
    } while (std::gcd(job.order_multiplier, job.total_blocks) != 1);
    job.order_offset = random() % job.total_blocks;
  }
  if (config.cooperative) {
    // As on a GPU: the whole grid must fit the occupancy the device reports.
    unsigned long long resident =
        (unsigned long long)max_active_blocks_per_multiprocessor((unsigned long long)config.block.x *
                                                                 config.block.y * config.block.z) *
        multiprocessor_count();
    if (job.total_blocks > resident) return record_error(cudaErrorCooperativeLaunchTooLarge);
    if (g_serial_blocks.load() && job.total_blocks > 1) {
      // --check-memory makes __shared__ arrays single globals: blocks cannot
      // be resident together.
      std::fprintf(stderr, "cucpu: %s: a cooperative launch of more than one block cannot run under "
                           "--check-memory (its blocks would share their __shared__ arrays)\n",
                   describe_site(job.site).c_str());
      return record_error(cudaErrorNotSupported);
    }
  }
  std::lock_guard<std::mutex> lock(g_launch_mutex);
  if (g_serial_blocks.load()) {
    g_checked_dynamic_shared = std::malloc(config.shared_bytes == 0 ? 1 : config.shared_bytes);
    if (config.cooperative) {
      run_cooperative_launch(job);  // one block, checked above
    } else {
      work_on(job);
    }
    std::free(g_checked_dynamic_shared);
    g_checked_dynamic_shared = nullptr;
  } else if (config.cooperative) {
    run_cooperative_launch(job);
  } else {
    run_on_workers(worker_pool(), job);
  }
  return cudaSuccess;
}

bool run_blocks_serially_for_memory_checks() {
  g_serial_blocks.store(true);
  return true;
}

int block_barrier(BarrierKind kind, int predicate, const char* file, int line) {
  BlockRun* block = current_block();
  if (block == nullptr) return 0;  // host code: nothing to wait for
  if (block->barrier_waiters.empty()) {
    block->barrier_file = file;
    block->barrier_line = line;
  } else if (!same_call_site(block->barrier_file, block->barrier_line, file, line)) {
    report_barrier_divergence(*block, file, line);
  }
  block->barrier_waiters.push_back(tls_context.linear);
  if (predicate != 0) ++block->barrier_true_count;
  if (barrier_complete(*block)) {
    release_barrier(*block, long(tls_context.linear));  // the last to arrive runs on
  } else {
    suspend_in_worker(this_worker());
  }
  switch (kind) {
    case BarrierKind::sync: return 0;
    case BarrierKind::count: return int(block->released_true_count);
    case BarrierKind::all: return block->released_true_count == block->released_waiter_count;
    case BarrierKind::any: return block->released_true_count != 0;
  }
  return 0;
}

void yield_thread() {
  BlockRun* block = current_block();
  const ThreadContext& context = tls_context;
  // Nothing else of the block can run (or the kernel runs as loops over
  // threads, which never suspend): what the caller waits for is elsewhere.
  if (block == nullptr || (block->ready_head == block->ready.size() && context.next_start >= context.start_count)) {
    syscall(SYS_sched_yield);  // not sched_yield(): faults.cc makes that call this
    return;
  }
  Worker& worker = this_worker();
  // The caller joins the ready queue only once it is parked (ParkKind::
  // yielded), so next_context never picks the fiber that is still running.
  switch_to(worker, next_context(worker, false), ParkKind::yielded, context.linear);
}

void* dynamic_shared_memory() {
  return g_checked_dynamic_shared != nullptr ? g_checked_dynamic_shared : cucpu_dynamic_shared;
}

}  // namespace cucpu::detail
