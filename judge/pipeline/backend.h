// Where a solution runs: on a GPU through nvcc and the real CUDA runtime, or
// on the CPU backend (harness/cpu) through cucc and its runtime. Both are
// driven the same way: a compile command that turns the user's .cu plus the
// judge's entry trampoline into a shared library, and a runner binary that
// loads it (harness/runner, built once per backend).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace judge {

enum class BackendKind { Cpu, Cuda };

struct Backend {
  BackendKind kind = BackendKind::Cpu;
  std::string reason;       // why this backend was chosen, for the user
  std::string device;       // "NVIDIA H100 80GB HBM3", "CPU backend (CUDA emulated on the host's cores)"
  std::string arch;         // "sm_90" for CUDA; empty on the CPU
  std::filesystem::path compiler;  // nvcc or cucc
  std::filesystem::path runner;    // runner_cuda or runner_cpu
  // CPU backend only: build with AddressSanitizer, so an access outside any
  // allocation is reported with the kernel's name (slower; for checking).
  bool check_memory = false;
  // CPU backend only: let cucc split kernels at their barriers into loops
  // over threads (fast). Off, every kernel runs on fibers, where each real
  // __syncthreads is the only synchronisation.
  bool split_barriers = true;
  // CPU backend only, with split_barriers: split only kernels where no
  // barrier the split adds between regions can be observed, the others on
  // fibers (cucc --split-barriers=exact). The judge's shuffled pass needs
  // that to expose a missing barrier.
  bool exact_barriers = false;
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

// What --backend asks for.
enum class BackendChoice { Auto, Cuda, Cpu };
// "auto", "cuda" or "cpu"; nullopt for anything else.
std::optional<BackendChoice> parse_backend_choice(const std::string& text);

struct BackendRequest {
  BackendChoice backend = BackendChoice::Auto;
  std::string arch;              // overrides the device's architecture
  std::filesystem::path runfiles;  // where the runners and cucc are
  std::filesystem::path nvcc;      // default $CUDA_HOME/bin/nvcc or /usr/local/cuda/bin/nvcc
};

// `auto` probes for a GPU in a child process (the judge never loads a CUDA
// runtime itself) and falls back to the CPU backend, saying why. Throws
// std::runtime_error when the chosen backend is unusable (no GPU for
// `cuda`, a runner or compiler missing): the machine's or the judge's
// installation's fault, never the command line's.
Backend choose_backend(const BackendRequest& request);

// Switches the CPU backend to its memory-checking build: solutions compiled
// with AddressSanitizer, whose runtime the (uninstrumented) runner preloads.
// Throws UsageError on the GPU backend, std::runtime_error without libasan
// (the machine's fault, not the command line's).
void enable_memory_checking(Backend& backend);

}  // namespace judge
