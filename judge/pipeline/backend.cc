#include "judge/pipeline/backend.h"

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "judge/common/errors.h"
#include "judge/pipeline/subprocess.h"

namespace judge {

namespace {

std::filesystem::path default_nvcc() { return cuda_home() / "bin" / "nvcc"; }

// Every file under `dir` (following the runfiles symlinks), resolved.
std::vector<std::filesystem::path> resolved_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (auto it = std::filesystem::recursive_directory_iterator(
           dir, std::filesystem::directory_options::follow_directory_symlink, error);
       !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
    if (it->is_regular_file()) files.push_back(std::filesystem::canonical(it->path()));
  }
  return files;
}

std::filesystem::path require_file(const std::filesystem::path& path, const std::string& what) {
  if (!std::filesystem::exists(path)) {
    throw std::runtime_error(what + " not found at " + path.string() + " (run the judge with `bazel run //judge`)");
  }
  return path;
}

}  // namespace

std::filesystem::path cuda_home() {
  const char* home = std::getenv("CUDA_HOME");
  return std::filesystem::path(home && *home ? home : "/usr/local/cuda");
}

std::vector<std::string> Backend::compile_command(const std::vector<std::filesystem::path>& sources,
                                                  const std::filesystem::path& prototype_header,
                                                  const std::filesystem::path& output) const {
  std::vector<std::string> command = {compiler.string()};
  if (kind == BackendKind::Cuda) {
    // -cudart shared: the runner links the same shared runtime, so the
    // solution and the runner share one CUDA context.
    for (const char* flag : {"-O3", "-std=c++20", "-shared", "-Xcompiler", "-fPIC", "-cudart", "shared"}) {
      command.push_back(flag);
    }
    command.push_back("-arch=" + arch);
  } else {
    // -O3, as nvcc gets: g++ then vectorises the thread loops of split
    // kernels (cpu_vs_native's tiled_matmul 1.6x and conv2d 2.1x faster than
    // at -O2, gelu unchanged; compile time the same). No -march=native: it
    // measured mixed (conv2d twice as slow), and a cached library may be
    // loaded on another machine's CPU.
    for (const char* flag : {"-O3", "-std=c++20", "-shared"}) command.push_back(flag);
    if (check_memory) command.push_back("--check-memory");
    if (!split_barriers) {
      command.push_back("--split-barriers=off");
    } else if (exact_barriers) {
      command.push_back("--split-barriers=exact");
    }
  }
  command.push_back("-include");
  command.push_back(prototype_header.string());
  for (const auto& source : sources) command.push_back(source.string());
  command.push_back("-o");
  command.push_back(output.string());
  return command;
}

std::string Backend::compiler_version() const {
  CommandResult result = run_command({compiler.string(), "--version"}, 60);
  std::string text = result.output;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  const auto last_line = text.rfind('\n');
  return last_line == std::string::npos ? text : text.substr(last_line + 1);
}

std::optional<BackendChoice> parse_backend_choice(const std::string& text) {
  if (text == "auto") return BackendChoice::Auto;
  if (text == "cuda") return BackendChoice::Cuda;
  if (text == "cpu") return BackendChoice::Cpu;
  return std::nullopt;
}

Backend choose_backend(const BackendRequest& request) {
  Backend cpu;
  cpu.kind = BackendKind::Cpu;
  cpu.compiler = request.runfiles / "harness/cpu/cucc";
  cpu.runner = request.runfiles / "harness/runner/runner_cpu";
  cpu.device = "CPU backend (CUDA emulated on the host's cores)";
  cpu.confine = request.runfiles / "harness/sandbox/confine";
  cpu.compiler_files = resolved_files(request.runfiles / "harness/cpu/include");
  if (std::filesystem::exists(request.runfiles / "harness/cpu/libcucpu_runtime.a")) {
    cpu.compiler_files.push_back(std::filesystem::canonical(request.runfiles / "harness/cpu/libcucpu_runtime.a"));
  }
  if (request.backend == BackendChoice::Cpu) {
    cpu.reason = "--backend cpu";
    require_file(cpu.compiler, "the CPU backend's compiler (cucc)");
    require_file(cpu.runner, "the CPU backend's runner");
    return cpu;
  }

  Backend cuda;
  cuda.kind = BackendKind::Cuda;
  cuda.compiler = request.nvcc.empty() ? default_nvcc() : request.nvcc;
  cuda.runner = request.runfiles / "harness/runner/runner_cuda";
  cuda.confine = cpu.confine;
  require_file(cuda.runner, "the GPU runner");
  CommandResult probe = run_command({cuda.runner.string(), "--probe"}, 60);
  std::string why_not;
  try {
    const nlohmann::json answer = nlohmann::json::parse(probe.output);
    if (answer.value("devices", 0) > 0) {
      cuda.device = answer.value("name", "CUDA device");
      cuda.arch = request.arch.empty() ? answer.value("arch", "sm_80") : request.arch;
      cuda.reason = "the CUDA runtime found " + cuda.device + " (" + answer.value("arch", "?") + ")";
      require_file(cuda.compiler, "nvcc");
      return cuda;
    }
    why_not = "the CUDA runtime reports " + answer.value("error", std::string("?")) + ": " +
              answer.value("message", std::string("?"));
  } catch (const nlohmann::json::exception&) {
    why_not = "the GPU probe failed (" + probe.status.describe() + "): " + probe.output;
  }
  if (request.backend == BackendChoice::Cuda) throw std::runtime_error("--backend cuda: no usable GPU: " + why_not);
  cpu.reason = "no GPU: " + why_not;
  require_file(cpu.compiler, "the CPU backend's compiler (cucc)");
  require_file(cpu.runner, "the CPU backend's runner");
  return cpu;
}

void enable_memory_checking(Backend& backend) {
  if (backend.kind != BackendKind::Cpu) {
    throw UsageError("--check-memory is a CPU-backend mode; on a GPU, run the runner under compute-sanitizer");
  }
  CommandResult asan = run_command({"g++", "-print-file-name=libasan.so"}, 60);
  std::string library = asan.output.substr(0, asan.output.find('\n'));
  if (!asan.status.exited || asan.status.code != 0 || !std::filesystem::path(library).is_absolute() ||
      !std::filesystem::exists(library)) {
    throw std::runtime_error("--check-memory needs g++'s AddressSanitizer runtime (libasan.so), not found");
  }
  backend.check_memory = true;
  backend.runner_env["LD_PRELOAD"] = library;
  // Leaks are not the judge's concern; an invalid access ends the process
  // with the report (and the kernel's name) in the runner's log.
  backend.runner_env["ASAN_OPTIONS"] = "detect_leaks=0";
  backend.device += ", memory-checking build (AddressSanitizer)";
}

}  // namespace judge
