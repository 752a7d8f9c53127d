// nvcc compiles a .cu twice: for the device with __CUDA_ARCH__ defined, for
// the host without. cucc compiles it once, for both. Programs that test
// __CUDA_ARCH__ mostly do it to guard device code (`#if __CUDA_ARCH__ >= 700`
// around a kernel body), which the host view would silently drop; so when
// the user's own files mention __CUDA_ARCH__, cucc compiles them with the
// device's view (__CUDA_ARCH__ = 900, the emulated compute capability 9.0)
// while the toolkit headers they include keep the host view they need on a
// CPU: those headers are force-included before the macro is defined.
//
// __CUDACC__ (and __CUDACC_VER_MAJOR__/_MINOR__) get the same treatment:
// nvcc defines them in both passes, and user headers test them to choose
// between their CUDA and plain C++ versions (NVIDIA's helper_math.h defines
// host max(int, int) and friends only without __CUDACC__, which clashes with
// the device library's). The toolkit headers must not see them: CCCL would
// take its nvcc paths.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace cucpu::compiler {

struct DeviceView {
  bool tests_cuda_arch = false;          // some user file mentions __CUDA_ARCH__
  bool tests_cudacc = false;             // some user file mentions __CUDACC__ or __CUDACC_VER_*
  std::vector<std::string> toolkit_headers;  // `#include <...>` names to force-include first, in order
};

// Reads `source` and the user headers it includes (quoted includes, and
// angle includes found in `user_dirs`), transitively. Toolkit headers are
// those the include name places under cuda/, nv/, thrust/, cooperative_groups
// or a m_cuda*.h / curand_kernel.h / m_vector*.h style name that the CPU
// backend supports (refused headers are left to the rewriter's message).
DeviceView scan_device_view(const std::filesystem::path& source, const std::vector<std::filesystem::path>& user_dirs);

}  // namespace cucpu::compiler
