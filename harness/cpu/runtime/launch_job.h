// One launch as the scheduler and the worker pool share it: the kernel's
// configuration, the thread loop to run, and the next block to hand out.
#pragma once

#include <cuda_runtime.h>

#include <atomic>
#include <cstddef>

#include "cucpu/detail/thread_context.h"

namespace cucpu::runtime {

struct LaunchJob {
  const KernelSite* site;
  unsigned long long serial;  // numbers the process's launches from 1 (ThreadContext::launch)
  dim3 grid;
  dim3 block;
  void* body;
  void (*run_threads)(void*);
  size_t shared_bytes;  // dynamic shared memory per block
  unsigned long long total_blocks;
  // Blocks are claimed in runs of consecutive indices, run in increasing
  // order: with one atomic increment per block, workers on two cores spent
  // more time passing the counter's cache line back and forth than running
  // small blocks (gelu's 256 threads ran 2x slower on two workers than on
  // one). Set by the worker pool; 1 when one worker runs the launch.
  unsigned long long blocks_per_claim = 1;
  // Each on a cache line of its own: next_block is written by every claim,
  // failed is read before every block.
  alignas(64) std::atomic<unsigned long long> next_block{0};
  alignas(64) std::atomic<bool> failed{false};
  bool shuffled = false;
  unsigned long long shuffle_seed = 0;
  unsigned long long order_multiplier = 1;  // block order: (m * i + c) mod total
  unsigned long long order_offset = 0;
};

// Runs blocks of `job` on the calling thread until none is left (or the
// launch failed). Defined in scheduler.cc.
void work_on(LaunchJob& job);

}  // namespace cucpu::runtime
