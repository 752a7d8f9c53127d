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
  dim3 grid;
  dim3 block;
  void* body;
  void (*run_threads)(void*);
  size_t shared_bytes;  // dynamic shared memory per block
  unsigned long long total_blocks;
  std::atomic<unsigned long long> next_block{0};
  std::atomic<bool> failed{false};
  bool shuffled = false;
  unsigned long long shuffle_seed = 0;
  unsigned long long order_multiplier = 1;  // block order: (m * i + c) mod total
  unsigned long long order_offset = 0;
};

// Runs blocks of `job` on the calling thread until none is left (or the
// launch failed). Defined in scheduler.cc.
void work_on(LaunchJob& job);

}  // namespace cucpu::runtime
