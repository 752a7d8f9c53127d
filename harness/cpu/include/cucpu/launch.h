// The target of rewritten launches. The compiler driver turns
//   k<<<grid, block, smem, stream>>>(a, b)
// into
//   ::cucpu::launch(::cucpu::KernelSite{"k", "file.cu", 12},
//                   ::cucpu::LaunchConfig(grid, block, smem, stream),
//                   [&](auto&... cucpu_args) { k(cucpu_args...); }, a, b)
// The arguments are evaluated once, here, on the host; each CUDA thread then
// calls the kernel, whose by-value parameters are its own copies.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <cuda_runtime.h>

#include "cucpu/detail/thread_context.h"

namespace cucpu {

struct LaunchConfig {
  dim3 grid;
  dim3 block;
  size_t shared_bytes;
  cudaStream_t stream;
  LaunchConfig(dim3 grid_dim, dim3 block_dim, size_t dynamic_shared_bytes = 0,
               cudaStream_t launch_stream = 0)
      : grid(grid_dim), block(block_dim), shared_bytes(dynamic_shared_bytes), stream(launch_stream) {}
};

namespace detail {
// Validates the configuration like a GPU, then runs every block to completion
// before returning (launches are synchronous). Defined in runtime/scheduler.cc.
// Returns the launch's own error (configuration), cudaSuccess otherwise.
cudaError_t launch_kernel(const KernelSite& site, const LaunchConfig& config, void* body,
                          void (*run_threads)(void*));
}  // namespace detail

template <class Kernel, class... Args>
cudaError_t launch(const KernelSite& site, const LaunchConfig& config, Kernel&& kernel, Args&&... args) {
  std::tuple<std::decay_t<Args>...> packed(std::forward<Args>(args)...);
  auto run_one = [&] { std::apply(kernel, packed); };
  return detail::launch_kernel(site, config, &run_one, &detail::run_threads<decltype(run_one)>);
}

namespace detail {
template <class... Params, size_t... I>
cudaError_t launch_with_argument_array(void (*kernel)(Params...), dim3 grid, dim3 block, void** args,
                                       size_t shared_bytes, cudaStream_t stream, std::index_sequence<I...>) {
  static const KernelSite site{"(kernel launched with cudaLaunchKernel)", "", 0};
  return launch(site, LaunchConfig(grid, block, shared_bytes, stream),
                [kernel](auto&... a) { kernel(a...); }, *static_cast<std::decay_t<Params>*>(args[I])...);
}
}  // namespace detail

}  // namespace cucpu

// cudaLaunchKernel with a kernel pointer: `args[i]` points at parameter i.
template <class... Params>
static inline cudaError_t cudaLaunchKernel(void (*kernel)(Params...), dim3 grid, dim3 block, void** args,
                                           size_t shared_bytes = 0, cudaStream_t stream = 0) {
  return ::cucpu::detail::launch_with_argument_array(kernel, grid, block, args, shared_bytes, stream,
                                                     std::index_sequence_for<Params...>{});
}
