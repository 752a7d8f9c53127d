// Where a solution runs: on a GPU through nvcc and the real CUDA runtime, or
// on the CPU backend (harness/cpu) through cucc and its runtime. Both are
// driven the same way: a compile command that turns the user's .cu plus the
// judge's entry trampoline into a shared library, and a runner binary that
// loads it (harness/runner, built once per backend).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace judge {

enum class BackendKind { Cpu, Cuda };

struct Backend {
  BackendKind kind = BackendKind::Cpu;
  std::string reason;       // why this backend was chosen, for the user
  std::string device;       // "NVIDIA H100 80GB HBM3", "CPU backend (2 workers)", ...
  std::string arch;         // "sm_90" for CUDA; empty on the CPU
  std::filesystem::path compiler;  // nvcc or cucc
  std::filesystem::path runner;    // runner_cuda or runner_cpu
  // CPU backend only: build with AddressSanitizer, so an access outside any
  // allocation is reported with the kernel's name (slower; for checking).
  bool check_memory = false;
  std::map<std::string, std::string> runner_env;  // added to every runner's environment
  std::filesystem::path confine;  // harness/sandbox:confine, which runs the compiler confined
  // Files the compiler must read besides the toolkit and system headers
  // (cucc's prelude headers and runtime archive), as resolved paths: a
  // Landlock rule follows the file, not the runfiles symlink to it.
  std::vector<std::filesystem::path> compiler_files;

  const char* name() const { return kind == BackendKind::Cuda ? "cuda" : "cpu"; }

  // Command that compiles `sources` (the user's file and the trampoline) into
  // the shared library `output`, with `prototype_header` force-included so a
  // definition that differs from the problem's ABI fails to compile.
  std::vector<std::string> compile_command(const std::vector<std::filesystem::path>& sources,
                                           const std::filesystem::path& prototype_header,
                                           const std::filesystem::path& output) const;

  // First line of the compiler's --version (for reports and the cache key).
  std::string compiler_version() const;
};

// $CUDA_HOME, or /usr/local/cuda: where nvcc, the CUDA headers and the
// runtime are looked for (the runner_cuda binary itself is linked against
// /usr/local/cuda/lib64 at build time; see README.md).
std::filesystem::path cuda_home();

struct BackendRequest {
  std::string backend = "auto";  // auto | cuda | cpu
  std::string arch;              // overrides the device's architecture
  std::filesystem::path runfiles;  // where the runners and cucc are
  std::filesystem::path nvcc;      // default $CUDA_HOME/bin/nvcc or /usr/local/cuda/bin/nvcc
};

// `auto` probes for a GPU in a child process (the judge never loads a CUDA
// runtime itself) and falls back to the CPU backend, saying why. Throws
// std::runtime_error when a forced backend is unusable.
Backend choose_backend(const BackendRequest& request);

// Switches the CPU backend to its memory-checking build: solutions compiled
// with AddressSanitizer, whose runtime the (uninstrumented) runner preloads.
// Throws std::runtime_error on the GPU backend or without libasan.
void enable_memory_checking(Backend& backend);

}  // namespace judge
