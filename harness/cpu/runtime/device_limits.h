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

}  // namespace cucpu::runtime
