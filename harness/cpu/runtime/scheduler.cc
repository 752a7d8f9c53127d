// Runs a launch: validates the configuration like a GPU, hands blocks to a
// pool of worker threads in increasing order, and runs each block's CUDA
// threads as fibers on its worker.
//
// Within a block a fiber runs threads back to back (detail::run_threads)
// until one reaches a barrier or warp collective; only then does the fiber
// suspend, and a fresh (pooled) fiber carries on starting the remaining
// threads. A barrier is released when every live thread waits at it (threads
// that returned count as arrived, as on the GPU). When nothing can run and no
// barrier can be released the block is deadlocked: the kernel is reported,
// abandoned, and the fault is sticky.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <numeric>
#include <string>
#include <thread>

#include "block_run.h"
#include "cucpu/launch.h"
#include "device_limits.h"
#include "runtime_state.h"

namespace cucpu::detail {
__constinit thread_local ThreadContext tls_context{};
}  // namespace cucpu::detail

// The worker's dynamic shared memory; `extern __shared__` arrays at file
// scope bind to this symbol by name, those in functions through
// dynamic_shared_memory().
extern "C" {
alignas(256) __constinit thread_local unsigned char cucpu_dynamic_shared[cucpu::runtime::kMaxSharedBytesPerBlock];
}

namespace cucpu::runtime {
namespace {

constexpr size_t kFiberStackBytes = 256 * 1024;

using detail::tls_context;

struct LaunchJob {
  const KernelSite* site;
  dim3 grid;
  dim3 block;
  void* body;
  void (*run_threads)(void*);
  unsigned long long total_blocks;
  std::atomic<unsigned long long> next_block{0};
  std::atomic<bool> failed{false};
  bool shuffled = false;
  unsigned long long shuffle_seed = 0;
  unsigned long long order_multiplier = 1;  // block order: (m * i + c) mod total
  unsigned long long order_offset = 0;
};

bool read_shuffle_seed(unsigned long long* seed) {
  static const char* text = std::getenv("CUCPU_SHUFFLE_SEED");
  if (text == nullptr || *text == '\0') return false;
  char* end = nullptr;
  *seed = std::strtoull(text, &end, 10);
  if (*end != '\0') {
    std::fprintf(stderr, "cucpu: CUCPU_SHUFFLE_SEED='%s' is not a non-negative integer; ignoring it\n", text);
    return false;
  }
  return true;
}

// Fiber stacks: kFiberStackBytes with a guard page below. Each stack's top is
// moved down by a different multiple of a cache line: stacks are mapped at
// page-aligned addresses, and without the stagger every fiber's hot frames
// would fall into the same cache sets and evict each other at every switch.
class StaggeredStack {
 public:
  explicit StaggeredStack(size_t index) : stagger_((index * 17 % 64) * 64) {}

  boost::context::stack_context allocate() {
    size_t page = size_t(sysconf(_SC_PAGESIZE));
    size_t mapped = kFiberStackBytes + page;
    void* base = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (base == MAP_FAILED) throw std::bad_alloc();
    mprotect(base, page, PROT_NONE);
    boost::context::stack_context context;
    context.size = mapped - stagger_;
    context.sp = static_cast<char*>(base) + context.size;
    return context;
  }

  void deallocate(boost::context::stack_context& context) noexcept {
    char* base = static_cast<char*>(context.sp) - context.size;
    munmap(base, kFiberStackBytes + size_t(sysconf(_SC_PAGESIZE)));
  }

 private:
  size_t stagger_;
};

boost::context::fiber make_fiber(Worker& worker) {
  return boost::context::fiber(
      std::allocator_arg, StaggeredStack(worker.fibers_created++),
      [&worker](boost::context::fiber&& main) {
        worker.main = std::move(main);
        for (;;) {
          worker.run_threads(worker.body);
          worker.exit = FiberExit::idle;
          worker.main = std::move(worker.main).resume();
        }
        return std::move(worker.main);
      });
}

void on_fiber_return(Worker& worker, boost::context::fiber&& fiber) {
  switch (worker.exit) {
    case FiberExit::idle: worker.idle.push_back(std::move(fiber)); break;
    case FiberExit::waiting: worker.block.suspended[tls_context.linear] = std::move(fiber); break;
    case FiberExit::trapped: worker.abandoned.push_back(std::move(fiber)); break;
  }
}

void start_fiber(Worker& worker) {
  boost::context::fiber fiber;
  if (worker.idle.empty()) {
    fiber = make_fiber(worker);
  } else {
    fiber = std::move(worker.idle.back());
    worker.idle.pop_back();
  }
  fiber = std::move(fiber).resume();
  on_fiber_return(worker, std::move(fiber));
}

void resume_thread(Worker& worker, unsigned linear) {
  detail::set_thread_index(tls_context, linear);
  boost::context::fiber fiber = std::move(worker.block.suspended[linear]).resume();
  on_fiber_return(worker, std::move(fiber));
}

unsigned take_ready(BlockRun& block) {
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

void release_barrier(BlockRun& block) {
  block.released_true_count = block.barrier_true_count;
  block.released_waiter_count = unsigned(block.barrier_waiters.size());
  block.barrier_true_count = 0;
  for (unsigned linear : block.barrier_waiters) block.ready.push_back(linear);
  block.barrier_waiters.clear();
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
  return text + "; the kernel was abandoned";
}

void reset_block(BlockRun& block, unsigned threads, const LaunchJob& job, unsigned long long block_linear) {
  block.thread_count = threads;
  if (block.suspended.size() < threads) block.suspended.resize(threads);
  block.ready.clear();
  block.ready_head = 0;
  block.barrier_waiters.clear();
  block.barrier_true_count = 0;
  size_t warps = (threads + 31) / 32;
  if (block.warps.size() < warps) block.warps.resize(warps);
  for (size_t warp = 0; warp < warps; ++warp) block.warps[warp].arrived = 0;  // slots need no reset
  block.shuffled = job.shuffled;
  if (job.shuffled) {
    block.random.seed(job.shuffle_seed * 0x9E3779B97F4A7C15ull + block_linear);
    block.start_order.resize(threads);
    std::iota(block.start_order.begin(), block.start_order.end(), 0u);
    std::shuffle(block.start_order.begin(), block.start_order.end(), block.random);
  }
}

// Runs one block to completion; false if it failed (the fault is reported).
bool run_block(Worker& worker, const LaunchJob& job, unsigned long long block_linear) {
  BlockRun& block = worker.block;
  unsigned threads = job.block.x * job.block.y * job.block.z;
  reset_block(block, threads, job, block_linear);
  detail::ThreadContext& context = tls_context;
  unsigned long long plane = (unsigned long long)job.grid.x * job.grid.y;
  context.block_idx = uint3{unsigned(block_linear % job.grid.x), unsigned(block_linear % plane / job.grid.x),
                            unsigned(block_linear / plane)};
  context.next_start = 0;
  context.exited = 0;
  context.start_order = job.shuffled ? block.start_order.data() : nullptr;
  for (;;) {
    if (block.ready_head < block.ready.size()) {
      resume_thread(worker, take_ready(block));
    } else if (context.next_start < threads) {
      start_fiber(worker);
    } else if (context.exited == threads) {
      return true;
    } else if (block.barrier_waiters.size() == threads - context.exited) {
      release_barrier(block);
    } else {
      report_kernel_fault(describe_deadlock(block, threads - context.exited).c_str());
      set_sticky_error(cudaErrorLaunchFailure);
      worker.exit = FiberExit::trapped;
    }
    if (worker.exit == FiberExit::trapped) {
      for (unsigned linear = 0; linear < threads; ++linear) {
        if (block.suspended[linear]) worker.abandoned.push_back(std::move(block.suspended[linear]));
      }
      worker.exit = FiberExit::idle;
      return false;
    }
  }
}

void work_on(LaunchJob& job) {
  Worker& worker = this_worker();
  detail::ThreadContext& context = tls_context;
  context.block_dim = job.block;
  context.grid_dim = job.grid;
  context.start_count = job.block.x * job.block.y * job.block.z;
  context.site = job.site;
  context.block = &worker.block;
  worker.body = job.body;
  worker.run_threads = job.run_threads;
  while (!job.failed.load(std::memory_order_relaxed)) {
    unsigned long long index = job.next_block.fetch_add(1, std::memory_order_relaxed);
    if (index >= job.total_blocks) break;
    unsigned long long block_linear =
        job.shuffled ? (unsigned long long)(((unsigned __int128)job.order_multiplier * index + job.order_offset) %
                                            job.total_blocks)
                     : index;
    if (!run_block(worker, job, block_linear)) job.failed.store(true);
  }
  context.block = nullptr;
  context.site = nullptr;
}

// Helper threads that join the launching thread in running blocks.
class WorkerPool {
 public:
  explicit WorkerPool(int helpers) {
    for (int i = 0; i < helpers; ++i) std::thread([this] { serve(); }).detach();
    helper_count_ = helpers;
  }

  void run(LaunchJob& job) {
    if (helper_count_ == 0 || job.total_blocks == 1) {
      work_on(job);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = &job;
      ++generation_;
      busy_ = helper_count_;
    }
    wake_.notify_all();
    work_on(job);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return busy_ == 0; });
    job_ = nullptr;
  }

 private:
  void serve() {
    unsigned long long seen = 0;
    for (;;) {
      LaunchJob* job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
        job = job_;
      }
      work_on(*job);
      std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_ == 0) done_.notify_one();
    }
  }

  int helper_count_ = 0;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  LaunchJob* job_ = nullptr;
  unsigned long long generation_ = 0;
  int busy_ = 0;
};

WorkerPool& pool() {
  static auto* instance = new WorkerPool(worker_count() - 1);  // the launching thread is a worker too
  return *instance;
}

// The checks a GPU makes before running anything.
cudaError_t check_configuration(const KernelSite& site, const LaunchConfig& config) {
  const dim3& b = config.block;
  const dim3& g = config.grid;
  if (b.x == 0 || b.y == 0 || b.z == 0 || g.x == 0 || g.y == 0 || g.z == 0) return cudaErrorInvalidConfiguration;
  if (b.x > 1024 || b.y > 1024 || b.z > 64) return cudaErrorInvalidConfiguration;
  if ((unsigned long long)b.x * b.y * b.z > kMaxThreadsPerBlock) return cudaErrorInvalidConfiguration;
  if (g.x > 2147483647u || g.y > 65535 || g.z > 65535) return cudaErrorInvalidConfiguration;
  if (config.shared_bytes > allowed_dynamic_shared_bytes(site)) return cudaErrorInvalidValue;
  return cudaSuccess;
}

std::mutex g_launch_mutex;

}  // namespace

Worker& this_worker() {
  static thread_local Worker* worker = new Worker();  // never freed: fibers may outlive static destruction
  return *worker;
}

void suspend_current_thread(FiberExit why) {
  Worker& worker = this_worker();
  worker.exit = why;
  worker.main = std::move(worker.main).resume();
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
  job.grid = config.grid;
  job.block = config.block;
  job.body = body;
  job.run_threads = run_threads;
  job.total_blocks = (unsigned long long)config.grid.x * config.grid.y * config.grid.z;
  job.shuffled = read_shuffle_seed(&job.shuffle_seed);
  if (job.shuffled) {
    std::mt19937_64 random(job.shuffle_seed);
    do {
      job.order_multiplier = random() % job.total_blocks + 1;
    } while (std::gcd(job.order_multiplier, job.total_blocks) != 1);
    job.order_offset = random() % job.total_blocks;
  }
  std::lock_guard<std::mutex> lock(g_launch_mutex);
  pool().run(job);
  return cudaSuccess;
}

int block_barrier(BarrierKind kind, int predicate) {
  BlockRun* block = current_block();
  if (block == nullptr) return 0;  // host code: nothing to wait for
  block->barrier_waiters.push_back(tls_context.linear);
  if (predicate != 0) ++block->barrier_true_count;
  suspend_current_thread(FiberExit::waiting);
  switch (kind) {
    case BarrierKind::sync: return 0;
    case BarrierKind::count: return int(block->released_true_count);
    case BarrierKind::all: return block->released_true_count == block->released_waiter_count;
    case BarrierKind::any: return block->released_true_count != 0;
  }
  return 0;
}

void* dynamic_shared_memory() { return cucpu_dynamic_shared; }

}  // namespace cucpu::detail
