// The scheduler's state for one worker thread and the block it is running.
// Shared by scheduler.cc (blocks, fibers, barriers), warp.cc (collectives)
// and faults.cc (traps); user code never sees it.
#pragma once

#include <boost/context/fiber.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "cucpu/detail/kernel_services.h"
#include "cucpu/detail/thread_context.h"
#include "cucpu/detail/warp_collective.h"
#include "launch_job.h"

namespace cucpu::runtime {

// Where the context that just switched away must be kept: fibers switch
// directly to one another, and the context that is switched to stores the
// one it came from (see park() in scheduler.cc).
// yielded: suspended, and ready to run again (detail::yield_thread).
enum class ParkKind { main, suspended, yielded, idle, abandoned };

struct LaneSlot {
  alignas(16) unsigned char value[detail::kMaxShuffleBytes];
  alignas(16) unsigned char result[detail::kMaxShuffleBytes];
  detail::WarpOp op;
  int argument;
  int width;
  unsigned mask;
};

struct WarpRun {
  unsigned arrived = 0;  // lanes waiting in a collective
  LaneSlot lanes[32];
};

// A cooperative group larger than a warp gathering at a rendezvous
// (runtime/group_rendezvous.cc); BlockRun::groups keys them by first thread and size.
struct GroupRun {
  unsigned count = 0;              // members expected while some wait
  std::vector<unsigned> waiters;   // members suspended in the rendezvous
};

// A thread waiting in coalesced_threads() at file:line.
struct CoalescedWaiter {
  unsigned linear;
  const char* file;
  int line;
};

// The shuffled order's generator: SplitMix64 (Steele, Lea and Flood, "Fast
// splittable pseudorandom number generators", 2014). Seeding is one store,
// where std::mt19937_64 fills 312 words: a launch of many small blocks
// seeds once per block (Floyd-Warshall at n = 1024: 4096 blocks in each of
// 1024 launches). A URBG for std::shuffle.
struct ShuffleRandom {
  using result_type = uint64_t;
  uint64_t state = 0;
  void seed(uint64_t value) { state = value; }
  static constexpr uint64_t min() { return 0; }
  static constexpr uint64_t max() { return ~uint64_t{0}; }
  uint64_t operator()() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

struct BlockRun {
  unsigned thread_count = 0;
  // Suspended CUDA threads by linear index (a fiber per waiting thread).
  std::vector<boost::context::fiber> suspended;
  // Threads to resume; [ready_head, size) are pending.
  std::vector<unsigned> ready;
  size_t ready_head = 0;
  // The barrier being gathered, and the result of the last one released.
  std::vector<unsigned> barrier_waiters;
  // The __syncthreads() call site the waiters stopped at (null: unknown).
  const char* barrier_file = nullptr;
  int barrier_line = 0;
  unsigned barrier_true_count = 0;
  unsigned released_true_count = 0;
  unsigned released_waiter_count = 0;
  std::vector<WarpRun> warps;
  std::vector<GroupRun> groups;  // grown on first use; see reset_group_rendezvous
  std::vector<CoalescedWaiter> coalesced_waiters;
  // grid.sync() calls the block has completed (runtime/cooperative_launch.cc).
  unsigned grid_syncs = 0;
  // Shuffled mode (CUCPU_SHUFFLE_SEED): start order and the choice of the
  // next ready thread come from a per-block seeded generator.
  bool shuffled = false;
  std::vector<unsigned> start_order;
  std::vector<uint3> start_thread_idx;  // threadIdx of each start_order entry
  // Whether start_order is the natural one (a block past
  // detail::kNaturalLoopBlocksX in natural order), kept between blocks.
  bool start_order_natural = false;
  ShuffleRandom random;
  // threadIdx of each linear index, for blocks of `thread_idx_dims`: kept
  // between blocks, so that a block's start table needs no division.
  std::vector<uint3> thread_idx_of_linear;
  dim3 thread_idx_dims{0, 0, 0};
};

class GridBarrier;

struct Worker {
  boost::context::fiber main;                 // the worker's own context while a fiber runs
  std::vector<boost::context::fiber> idle;    // fibers with no thread, ready for reuse
  std::vector<boost::context::fiber> abandoned;  // stacks of failed kernels, never resumed
  ParkKind park_kind = ParkKind::main;        // set by the context switching away
  unsigned park_index = 0;                    // its thread, for ParkKind::suspended
  bool trapped = false;                       // the running kernel faulted
  size_t fibers_created = 0;
  void* body = nullptr;
  void (*run_threads)(void*) = nullptr;
  BlockRun block;
  GridBarrier* grid = nullptr;                // the cooperative launch's barrier, if any
};

// The calling worker (created on first use).
Worker& this_worker();

// Suspends the running CUDA thread (at a barrier or warp collective) and
// runs another; returns when this thread is made ready and resumed.
void suspend_current_thread();
// Runs block `block_linear` of `job` on the calling thread, as one of the
// blocks of a cooperative launch held together by `grid`; false if it failed.
bool run_cooperative_block(LaunchJob& job, GridBarrier& grid, unsigned long long block_linear);
// Leaves the running CUDA thread's fiber for good (a fault in the kernel).
[[noreturn]] void abandon_current_thread();

inline BlockRun* current_block() { return static_cast<BlockRun*>(detail::tls_context.block); }

// Queues a suspended thread to be resumed.
inline void make_ready(BlockRun& block, unsigned linear) { block.ready.push_back(linear); }

// Clears the large-group rendezvous a previous (abandoned) block left behind.
void reset_group_rendezvous(BlockRun& block);
// Called when nothing else in the block can run: the threads waiting in
// coalesced_threads() form their groups (per warp and call site) and become
// ready.
void form_coalesced_groups(BlockRun& block);
// For a deadlock report: the large groups with threads waiting ("" if none).
std::string describe_group_waits(const BlockRun& block);

// Installs the crash report for kernels and an alternate signal stack for
// the calling worker thread.
void prepare_worker_thread_for_faults();

// Writes `cucpu: kernel 'k' (file:line): block (x,y,z) thread (x,y,z): <what>`.
void report_kernel_fault(const char* what);

}  // namespace cucpu::runtime
