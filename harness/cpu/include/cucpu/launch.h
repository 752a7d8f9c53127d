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
#include <cstdio>
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
  // The launched kernel function (the instantiation, for templates), when the
  // launch could name it: cudaFuncSetAttribute opt-ins apply per function.
  const void* kernel = nullptr;
  // cudaLaunchCooperativeKernel: every block resident at once, for grid_group::sync().
  bool cooperative = false;
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

// Probes that turn the callee of a launch into its function address. Any
// names a function or function pointer of any parameters (a plain kernel, an
// explicit instantiation `k<float, 4>`); Exact deduces a template's arguments
// from the launch's argument types (`k<<<g, b>>>(float_ptr, n)`).
struct AnyKernel {
  template <class... Params>
  const void* operator()(void (*kernel)(Params...)) const {
    return reinterpret_cast<const void*>(kernel);
  }
};
template <class... Params>
struct ExactKernel {
  const void* operator()(void (*kernel)(Params...)) const { return reinterpret_cast<const void*>(kernel); }
};

// `probe` is `[&](auto p) -> decltype(p(callee)) { return p(callee); }`,
// written by the compiler driver; null when neither probe names one function
// (the runtime then matches opt-ins by the kernel's name).
template <class Probe, class... Args>
const void* kernel_address(const Probe& probe) {
  if constexpr (std::is_invocable_v<const Probe&, AnyKernel>) {
    return probe(AnyKernel{});
  } else if constexpr (std::is_invocable_v<const Probe&, ExactKernel<std::decay_t<Args>...>>) {
    return probe(ExactKernel<std::decay_t<Args>...>{});
  } else {
    return nullptr;
  }
}

}  // namespace detail

// What rewritten launches call: identifies the kernel, then launches.
template <class Probe, class Kernel, class... Args>
cudaError_t launch_identified(const KernelSite& site, LaunchConfig config, const Probe& probe, Kernel&& kernel,
                              Args&&... args) {
  config.kernel = detail::kernel_address<Probe, Args...>(probe);
  return launch(site, config, std::forward<Kernel>(kernel), std::forward<Args>(args)...);
}

namespace detail {
template <class... Params, size_t... I>
cudaError_t launch_with_argument_array(const KernelSite& site, bool cooperative, void (*kernel)(Params...),
                                       dim3 grid, dim3 block, void** args, size_t shared_bytes,
                                       cudaStream_t stream, std::index_sequence<I...>) {
  LaunchConfig config(grid, block, shared_bytes, stream);
  config.kernel = reinterpret_cast<const void*>(kernel);
  config.cooperative = cooperative;
  return launch(site, config, [kernel](auto&... a) { kernel(a...); }, *static_cast<std::decay_t<Params>*>(args[I])...);
}
}  // namespace detail

}  // namespace cucpu

// cudaLaunchKernel with a kernel pointer: `args[i]` points at parameter i.
template <class... Params>
static inline cudaError_t cudaLaunchKernel(void (*kernel)(Params...), dim3 grid, dim3 block, void** args,
                                           size_t shared_bytes = 0, cudaStream_t stream = 0) {
  static const ::cucpu::KernelSite site{"(kernel launched with cudaLaunchKernel)", "", 0};
  return ::cucpu::detail::launch_with_argument_array(site, false, kernel, grid, block, args, shared_bytes, stream,
                                                     std::index_sequence_for<Params...>{});
}

// cudaLaunchCooperativeKernel with a kernel pointer: all blocks resident at
// once, or cudaErrorCooperativeLaunchTooLarge (runtime/cooperative_launch.cc).
template <class... Params>
static inline cudaError_t cudaLaunchCooperativeKernel(void (*kernel)(Params...), dim3 grid, dim3 block,
                                                      void** args, size_t shared_bytes = 0,
                                                      cudaStream_t stream = 0) {
  static const ::cucpu::KernelSite site{"(kernel launched with cudaLaunchCooperativeKernel)", "", 0};
  return ::cucpu::detail::launch_with_argument_array(site, true, kernel, grid, block, args, shared_bytes, stream,
                                                     std::index_sequence_for<Params...>{});
}

// cudaLaunchConfig_t's fields share their names with the built-in variables.
#pragma push_macro("gridDim")
#pragma push_macro("blockDim")
#undef gridDim
#undef blockDim
namespace cucpu::detail {
// cudaLaunchKernelEx with the kernel itself: the arguments convert to the
// kernel's parameter types, as in the toolkit's template. The cooperative
// attribute makes a cooperative launch; clusters, which the backend lacks,
// fail the launch with a message.
template <class... Params, class... Args>
cudaError_t launch_kernel_ex(const cudaLaunchConfig_t* config, void (*kernel)(Params...), Args&&... args) {
  if (config == nullptr) return cudaErrorInvalidValue;
  bool cooperative = false;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const cudaLaunchAttribute& attribute = config->attrs[i];
    if (attribute.id == cudaLaunchAttributeClusterDimension &&
        attribute.val.clusterDim.x * attribute.val.clusterDim.y * attribute.val.clusterDim.z > 1) {
      std::fprintf(stderr, "cucpu: cudaLaunchKernelEx: thread block cluster launches are not supported by the "
                           "CPU backend\n");
      return cudaErrorNotSupported;
    }
    if (attribute.id == cudaLaunchAttributeCooperative) cooperative = attribute.val.cooperative != 0;
  }
  static const KernelSite site{"(kernel launched with cudaLaunchKernelEx)", "", 0};
  LaunchConfig launch_config(config->gridDim, config->blockDim, config->dynamicSmemBytes, config->stream);
  launch_config.kernel = reinterpret_cast<const void*>(kernel);
  launch_config.cooperative = cooperative;
  return [&](std::decay_t<Params>... converted) {
    return launch(site, launch_config, [kernel](auto&... a) { kernel(a...); }, converted...);
  }(std::forward<Args>(args)...);
}
}  // namespace cucpu::detail
#pragma pop_macro("blockDim")
#pragma pop_macro("gridDim")

// The toolkit's cudaLaunchKernelEx templates pass an untyped pointer on to
// cudaLaunchKernelExC; this one keeps the kernel's type.
#define cudaLaunchKernelEx(...) ::cucpu::detail::launch_kernel_ex(__VA_ARGS__)
