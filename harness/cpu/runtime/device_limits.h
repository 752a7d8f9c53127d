// Limits of the emulated device, shared by the properties it reports and the
// launch checks that enforce them.
#pragma once

#include <cstddef>

#include "cucpu/detail/thread_context.h"

namespace cucpu::runtime {

constexpr unsigned kMaxThreadsPerBlock = 1024;
constexpr size_t kDefaultSharedBytesPerBlock = 48 * 1024;
constexpr size_t kMaxSharedBytesPerBlock = 227 * 1024;  // opt-in maximum (H100)

// The dynamic shared memory a launch of `site` (running the function
// `kernel`, null if unknown) may use: 48 KiB, or what
// cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize) set.
size_t allowed_dynamic_shared_bytes(const KernelSite& site, const void* kernel);

// Blocks of `block_threads` threads resident on one multiprocessor, as
// cudaOccupancyMaxActiveBlocksPerMultiprocessor reports it: 2048 threads and
// at most 32 blocks per SM, like the GPUs of compute capability 9.0. Shared
// memory does not limit it: each block has its own.
inline int max_active_blocks_per_multiprocessor(unsigned long long block_threads) {
  if (block_threads == 0 || block_threads > kMaxThreadsPerBlock) return 0;
  return 2048 / block_threads > 32 ? 32 : int(2048 / block_threads);
}

// Multiprocessors the device reports (one per worker thread).
int multiprocessor_count();

}  // namespace cucpu::runtime
