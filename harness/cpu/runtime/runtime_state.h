// State shared by the runtime's parts: the CUDA error model (a per-host-thread
// last error plus a process-wide sticky fault) and the worker count.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "cucpu/detail/thread_context.h"

namespace cucpu::runtime {

// Records `error` as the calling host thread's last error; returns it.
cudaError_t record_error(cudaError_t error);
// A fault inside a kernel: every later call reports it until cudaDeviceReset.
void set_sticky_error(cudaError_t error);
cudaError_t sticky_error();
void clear_errors();

// What a failing API call returns: the sticky fault if there is one.
inline cudaError_t fail(cudaError_t error) { return record_error(error); }

// Number of OS worker threads that run blocks (env CUCPU_WORKERS, default the
// hardware thread count).
int worker_count();

// "kernel 'k' (file.cu:12)" for messages.
std::string describe_site(const KernelSite* site);

}  // namespace cucpu::runtime
