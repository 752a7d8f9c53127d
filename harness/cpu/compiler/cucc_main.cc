// cucc: compiles CUDA sources for the CPU backend, with nvcc-like flags.
//
//   cucc prog.cu -o prog                 a program with main (runtime linked in)
//   cucc -shared sol.cu -o sol.so        a library; runtime symbols stay
//                                        unresolved for the loading program
//   cucc -c k.cu -o k.o                  an object file
//
// Each .cu goes through three stages: g++ -E with the prelude force-included,
// the CUDA-to-C++ rewriter (cuda_to_cpp.h), and g++ on the rewritten,
// already-preprocessed text (its line markers keep diagnostics on the user's
// lines). .cc/.cpp/.c files are compiled as plain C++/C; .o/.a are linked.
// The prelude headers and the runtime archive are found next to this
// executable or in its Bazel runfiles (see find_backend_root).
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "harness/cpu/compiler/device_view.h"
#include "harness/cpu/compiler/cuda_to_cpp.h"

extern char** environ;

namespace fs = std::filesystem;

namespace {

constexpr const char* kCudaInclude = "/usr/local/cuda/include";
// The toolkit's CCCL headers (cuda/std/*, cuda/barrier, thrust, ...); those
// that work on the host compile for the CPU backend as they are.
constexpr const char* kCcclInclude = "/usr/local/cuda/include/cccl";
constexpr const char* kRunfilesPackage = "judge/harness/cpu";

struct Options {
  std::vector<std::string> inputs;
  std::string output;
  bool shared = false;
  bool compile_only = false;
  bool check_memory = false;
  bool verbose = false;
  bool keep = false;
  // Barrier splitting (split_barriers.h): auto (fall back to fibers if the
  // split text does not compile), force (no fallback: for tests), exact
  // (as auto, but only kernels where no barrier the split adds can be
  // observed: added_barriers.h), off.
  std::string split_barriers = "auto";
  // Loop interchange in split kernels (split_barriers.h): on, or off to
  // compare speed.
  bool interchange_loops = true;
  std::string optimization = "-O3";
  std::string standard = "-std=c++17";  // nvcc 13's default
  std::vector<std::string> preprocessor;  // -I -D -U -include -isystem, in order
  std::vector<std::string> compiler;      // -g, -Xcompiler ..., unknown flags
  std::vector<std::string> linker;        // -L -l -Xlinker ...
};

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << "cucc: error: " << message << "\n"
            << "usage: cucc [-shared|-c] [-o OUT] [-I DIR] [-D NAME[=V]] [-include FILE] [-O0..3] [-g]\n"
            << "            [-std=c++17|c++20] [-Xcompiler FLAGS] [-Xlinker FLAGS] [--check-memory] [-v] [--keep]\n"
            << "            [--split-barriers=auto|force|exact|off] [--interchange-loops=on|off]\n"
            << "            FILE.cu|.cc|.cpp|.c|.o|.a ...\n";
  std::exit(2);
}

void split_commas(const std::string& text, std::vector<std::string>* out) {
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, ',')) {
    if (!part.empty()) out->push_back(part);
  }
}

Options parse_options(int argc, char** argv) {
  Options options;
  auto value_of = [&](int& i, const std::string& flag) -> std::string {
    if (i + 1 >= argc) usage_error("option '" + flag + "' needs a value");
    return argv[++i];
  };
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto starts = [&](const char* prefix) { return arg.rfind(prefix, 0) == 0; };
    if (arg == "-o") options.output = value_of(i, arg);
    else if (arg == "-shared" || arg == "--shared") options.shared = true;
    else if (arg == "-c" || arg == "--compile") options.compile_only = true;
    else if (arg == "--check-memory") options.check_memory = true;
    else if (arg == "-v" || arg == "--verbose") options.verbose = true;
    else if (arg == "--keep" || arg == "-keep") options.keep = true;
    else if (starts("--split-barriers=")) {
      options.split_barriers = arg.substr(17);
      if (options.split_barriers != "auto" && options.split_barriers != "force" && options.split_barriers != "exact" &&
          options.split_barriers != "off") {
        usage_error("--split-barriers takes auto, force, exact or off, not '" + options.split_barriers + "'");
      }
    }
    else if (starts("--interchange-loops=")) {
      std::string value = arg.substr(20);
      if (value != "on" && value != "off") usage_error("--interchange-loops takes on or off, not '" + value + "'");
      options.interchange_loops = value == "on";
    }
    else if (arg == "-I" || arg == "-D" || arg == "-U" || arg == "-include" || arg == "-isystem") {
      options.preprocessor.push_back(arg);
      options.preprocessor.push_back(value_of(i, arg));
    } else if (starts("-I") || starts("-D") || starts("-U")) options.preprocessor.push_back(arg);
    else if (starts("-O")) options.optimization = arg == "-O" ? "-O1" : arg;
    else if (starts("-std=")) options.standard = arg;
    else if (arg == "--std" || arg == "-std") options.standard = "-std=" + value_of(i, arg);
    else if (arg == "-Xcompiler" || arg == "--compiler-options") split_commas(value_of(i, arg), &options.compiler);
    else if (starts("-Xcompiler=")) split_commas(arg.substr(11), &options.compiler);
    else if (arg == "-Xlinker" || arg == "--linker-options") {
      std::vector<std::string> parts;
      split_commas(value_of(i, arg), &parts);
      for (auto& part : parts) options.linker.push_back("-Wl," + part);
    } else if (arg == "-L" || arg == "-l") {
      options.linker.push_back(arg + value_of(i, arg));
    } else if (starts("-L") || starts("-l")) options.linker.push_back(arg);
    else if (arg == "-g" || arg == "-G" || arg == "--debug" || arg == "--device-debug") options.compiler.push_back("-g");
    // nvcc options about device code generation have no meaning here.
    else if (starts("-arch") || starts("--gpu-architecture") || starts("-code") || starts("--use_fast_math") ||
             starts("-use_fast_math") || arg == "-lineinfo" || arg == "--expt-relaxed-constexpr" ||
             arg == "--expt-extended-lambda" || arg == "--extended-lambda" || arg == "-rdc=true" ||
             arg == "-rdc=false" || starts("--ptxas-options") || starts("-maxrregcount") || starts("--maxrregcount"))
      continue;
    else if (arg == "-gencode" || arg == "-Xptxas" || arg == "-arch" || arg == "-code" || arg == "-ccbin")
      ++i;
    else if (arg == "-w" || starts("-W") || starts("-f") || starts("-m")) options.compiler.push_back(arg);
    else if (starts("-")) usage_error("unknown option '" + arg + "'");
    else options.inputs.push_back(arg);
  }
  if (options.inputs.empty()) usage_error("no input files");
  if (options.shared && options.compile_only) usage_error("-shared and -c cannot be combined");
  if (options.output.empty()) {
    if (options.compile_only) {
      if (options.inputs.size() != 1) usage_error("-c with several inputs needs no -o, or one input");
      options.output = fs::path(options.inputs[0]).stem().string() + ".o";
    } else {
      options.output = options.shared ? "a.so" : "a.out";
    }
  }
  return options;
}

bool has_backend_files(const fs::path& root) {
  std::error_code ignored;
  return fs::exists(root / "include/cucpu/prelude.h", ignored) && fs::exists(root / "libcucpu_runtime.a", ignored);
}

// The folder holding include/cucpu/prelude.h and libcucpu_runtime.a: $CUCPU_HOME,
// the runfiles of this executable (bazel run, or exec'd by path from another
// program's runfiles), or the runfiles of a test that depends on cucc.
fs::path find_backend_root(const char* argv0) {
  std::vector<fs::path> candidates;
  if (const char* home = std::getenv("CUCPU_HOME")) candidates.emplace_back(home);
  fs::path invoked = fs::absolute(argv0);
  candidates.push_back(invoked.string() + ".runfiles/" + kRunfilesPackage);
  candidates.push_back(invoked.parent_path());
  std::error_code error;
  fs::path real = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    candidates.push_back(real.string() + ".runfiles/" + kRunfilesPackage);
    candidates.push_back(real.parent_path());
  }
  for (const char* variable : {"RUNFILES_DIR", "TEST_SRCDIR"}) {
    if (const char* dir = std::getenv(variable)) candidates.push_back(fs::path(dir) / kRunfilesPackage);
  }
  for (const fs::path& candidate : candidates) {
    if (has_backend_files(candidate)) return candidate;
  }
  std::cerr << "cucc: error: cannot find the CPU backend's prelude headers and runtime archive; looked in:\n";
  for (const fs::path& candidate : candidates) std::cerr << "  " << candidate.string() << "\n";
  std::cerr << "set CUCPU_HOME to a folder holding include/cucpu/prelude.h and libcucpu_runtime.a\n";
  std::exit(2);
}

// `quiet`: the command's stderr goes to /dev/null.
int run_command(const std::vector<std::string>& command, bool verbose, bool quiet = false) {
  if (verbose) {
    for (const std::string& part : command) std::cerr << part << " ";
    std::cerr << "\n";
  }
  std::vector<char*> argv;
  for (const std::string& part : command) argv.push_back(const_cast<char*>(part.c_str()));
  argv.push_back(nullptr);
  pid_t pid;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (quiet) posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    std::cerr << "cucc: error: cannot run '" << argv[0] << "': " << std::strerror(errno) << "\n";
    return 127;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::vector<std::string> sanitizer_flags(const Options& options) {
  if (!options.check_memory) return {};
  return {"-fsanitize=address", "-fno-omit-frame-pointer"};
}

std::vector<std::string> code_flags(const Options& options) {
  // No floating-point traps: CUDA's arithmetic never traps and its
  // exception flags cannot be read, and g++ may then execute a guarded float
  // operation in every thread of a loop (masking the result), which lets
  // thread loops with `if`s vectorise. Results are unchanged.
  std::vector<std::string> flags = {options.optimization, options.standard, "-fno-trapping-math"};
#if defined(__x86_64__)
  // The vector width of the CPU that runs the program (cucc builds where it
  // runs): split kernels' thread loops vectorise 8 floats wide (a
  // register-tiled matmul 1.55x). No contraction into FMAs: every float
  // operation rounds as before, bit for bit; fmaf() becomes one instruction.
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    for (const char* flag : {"-mavx2", "-mfma", "-ffp-contract=off"}) flags.push_back(flag);
  }
#endif
  if (options.shared) {
    flags.push_back("-fPIC");
#if defined(__x86_64__)
    // TLS descriptors: a solution's thread_local data (static __shared__
    // arrays, split kernels' per-thread storage) without a __tls_get_addr
    // call per access (1.7x on a tiled matmul). A thread's first access per
    // library goes through glibc's slow path, which may clobber vector
    // registers (glibc bug 31372); run_threads makes that access first
    // (include/cucpu/detail/thread_context.h). AArch64 uses descriptors
    // already.
    flags.push_back("-mtls-dialect=gnu2");
#endif
  }
  for (const std::string& flag : sanitizer_flags(options)) flags.push_back(flag);
  for (const std::string& flag : options.compiler) flags.push_back(flag);
  return flags;
}

// The folders the user named with -I / -isystem: their headers are the user's.
std::vector<fs::path> user_include_dirs(const Options& options) {
  std::vector<fs::path> dirs;
  const std::vector<std::string>& flags = options.preprocessor;
  for (size_t i = 0; i < flags.size(); ++i) {
    if ((flags[i] == "-I" || flags[i] == "-isystem") && i + 1 < flags.size()) {
      dirs.emplace_back(flags[++i]);
    } else if (flags[i].rfind("-I", 0) == 0 && flags[i].size() > 2) {
      dirs.emplace_back(flags[i].substr(2));
    }
  }
  return dirs;
}

// `-v`: how each kernel runs in the object actually built. When the split
// build was rejected by g++, the kernels it would have split run on fibers.
void report_kernel_modes(const cucpu::compiler::RewriteResult& result, bool split_build_used) {
  for (const std::string& name : result.split_kernels) {
    std::cerr << "cucc: kernel '" << name << "': "
              << (split_build_used ? "loops over threads" : "fibers (the split build did not compile)") << "\n";
  }
  for (const std::string& kept : result.kept_on_fibers) std::cerr << "cucc: kernel " << kept << " (fibers)\n";
  if (split_build_used && result.interchanged_loops > 0) {
    std::cerr << "cucc: " << result.interchanged_loops
              << " loop(s) without barriers hold their thread loops (block-uniform, or strided in rounds)\n";
  }
}

// .cu -> object: preprocess with the prelude, rewrite, compile.
bool compile_cuda(const Options& options, const fs::path& root, const fs::path& input, const fs::path& object,
                  const fs::path& work) {
  fs::path preprocessed = work / (input.stem().string() + ".ii");
  fs::path rewritten = work / (input.stem().string() + ".cpu.ii");
  // overrides/ replaces toolkit headers that are empty outside nvcc.
  std::vector<std::string> command = {"g++", "-E", "-x", "c++", options.standard, "-isystem",
                                      (root / "include").string(), "-isystem",
                                      (root / "include/cucpu/overrides").string(), "-isystem", kCudaInclude,
                                      "-isystem", kCcclInclude, "-include", "cucpu/prelude.h",
                                      "-DCUCPU_BUILTIN_MARKERS"};
  // Code that tests __CUDA_ARCH__ or __CUDACC__ gets the device compiler's
  // view, after the toolkit headers it uses (device_view.h).
  cucpu::compiler::DeviceView view = cucpu::compiler::scan_device_view(input, user_include_dirs(options));
  if (view.tests_cuda_arch || view.tests_cudacc) {
    for (const std::string& header : view.toolkit_headers) command.insert(command.end(), {"-include", header});
  }
  if (view.tests_cuda_arch) command.insert(command.end(), {"-include", "cucpu/cuda_arch.h"});
  if (view.tests_cudacc) command.insert(command.end(), {"-include", "cucpu/cudacc.h"});
  for (const std::string& flag : options.preprocessor) command.push_back(flag);
  if (options.check_memory) command.push_back("-D__SANITIZE_ADDRESS__");
  command.insert(command.end(), {input.string(), "-o", preprocessed.string()});
  if (run_command(command, options.verbose) != 0) return false;

  std::ifstream in(preprocessed, std::ios::binary);
  std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  cucpu::compiler::RewriteOptions rewrite_options;
  rewrite_options.shared_as_checked_globals = options.check_memory;
  rewrite_options.split_barriers = options.split_barriers != "off";
  rewrite_options.interchange_loops = options.interchange_loops;
  rewrite_options.exact_barriers = options.split_barriers == "exact";
  cucpu::compiler::RewriteResult result = cucpu::compiler::rewrite_cuda_as_cpp(source, rewrite_options);
  for (const auto& error : result.errors) std::cerr << cucpu::compiler::format_error(error) << "\n";
  if (!result.errors.empty()) return false;
  std::ofstream(rewritten, std::ios::binary) << result.text;

  command = {"g++", "-c", "-x", "c++-cpp-output"};
  for (const std::string& flag : code_flags(options)) command.push_back(flag);
  command.insert(command.end(), {rewritten.string(), "-o", object.string()});
  if (result.split_kernels.empty() || options.split_barriers == "force") {
    if (options.verbose) report_kernel_modes(result, /*split_build_used=*/true);
    return run_command(command, options.verbose) == 0;
  }
  // Barrier splitting guesses at types it cannot see; if g++ rejects the
  // split text, split again without loop interchange, then compile the
  // kernels for fibers instead (diagnostics then come from that compile, on
  // the user's own code).
  if (run_command(command, options.verbose, /*quiet=*/true) == 0) {
    if (options.verbose) report_kernel_modes(result, /*split_build_used=*/true);
    return true;
  }
  if (result.interchanged_loops > 0) {
    rewrite_options.interchange_loops = false;
    result = cucpu::compiler::rewrite_cuda_as_cpp(source, rewrite_options);
    std::ofstream(rewritten, std::ios::binary | std::ios::trunc) << result.text;
    if (run_command(command, options.verbose, /*quiet=*/true) == 0) {
      if (options.verbose) {
        std::cerr << "cucc: the split kernels did not compile with loops interchanged; split without\n";
        report_kernel_modes(result, /*split_build_used=*/true);
      }
      return true;
    }
  }
  if (options.verbose) {
    std::cerr << "cucc: the split kernels did not compile; using fibers for all kernels\n";
    report_kernel_modes(result, /*split_build_used=*/false);
  }
  rewrite_options.split_barriers = false;
  result = cucpu::compiler::rewrite_cuda_as_cpp(source, rewrite_options);
  std::ofstream(rewritten, std::ios::binary | std::ios::trunc) << result.text;
  return run_command(command, options.verbose) == 0;
}

// .cc/.cpp/.c -> object, compiled as they are. Calls into what the backend
// refuses (GPU libraries, refused runtime API functions) are reported at the
// user's line, as in .cu files, rather than as undefined symbols at link time.
bool compile_plain(const Options& options, const fs::path& input, const fs::path& object, const fs::path& work) {
  std::vector<std::string> command = {"g++", "-c", "-isystem", kCudaInclude};
  if (input.extension() == ".c") command = {"gcc", "-c", "-isystem", kCudaInclude};
  for (const std::string& flag : options.preprocessor) command.push_back(flag);
  for (const std::string& flag : code_flags(options)) {
    if (input.extension() == ".c" && flag.rfind("-std=c++", 0) == 0) continue;
    command.push_back(flag);
  }
  command.insert(command.end(), {input.string(), "-o", object.string()});
  if (run_command(command, options.verbose) != 0) return false;

  fs::path preprocessed = work / (input.stem().string() + ".plain.ii");
  std::vector<std::string> preprocess = {command[0], "-E"};
  for (size_t i = 2; i + 3 < command.size(); ++i) preprocess.push_back(command[i]);
  preprocess.insert(preprocess.end(), {input.string(), "-o", preprocessed.string()});
  if (run_command(preprocess, options.verbose) != 0) return false;
  std::ifstream in(preprocessed, std::ios::binary);
  std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<cucpu::compiler::SourceError> errors = cucpu::compiler::refusals_in_host_source(source);
  for (const auto& error : errors) std::cerr << cucpu::compiler::format_error(error) << "\n";
  return errors.empty();
}

bool link(const Options& options, const fs::path& root, const std::vector<std::string>& objects) {
  std::vector<std::string> command = {"g++"};
  if (options.shared) command.push_back("-shared");
  for (const std::string& flag : sanitizer_flags(options)) command.push_back(flag);
  for (const std::string& object : objects) command.push_back(object);
  command.insert(command.end(), {"-o", options.output});
  if (!options.shared) {
    // The whole runtime, exported, so solutions the program dlopens resolve
    // their CUDA calls against it.
    command.insert(command.end(), {"-Wl,--whole-archive", (root / "libcucpu_runtime.a").string(),
                                   "-Wl,--no-whole-archive", "-rdynamic", "-lboost_context", "-ldl", "-lpthread"});
  }
  for (const std::string& flag : options.linker) command.push_back(flag);
  return run_command(command, options.verbose) == 0;
}

std::string lowercase_extension(const fs::path& path) {
  std::string extension = path.extension().string();
  for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
  return extension;
}

// FNV-1a over the bytes of `path`, folded into `hash`.
void hash_file(const fs::path& path, unsigned long long* hash) {
  std::ifstream in(path, std::ios::binary);
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    for (std::streamsize i = 0; i < in.gcount(); ++i) {
      *hash = (*hash ^ static_cast<unsigned char>(buffer[i])) * 1099511628211ull;
    }
  }
}

std::string compiler_version() {
  FILE* pipe = popen("g++ -dumpfullversion 2>/dev/null", "r");
  if (pipe == nullptr) return "unknown";
  char line[128] = {0};
  if (std::fgets(line, sizeof line, pipe) == nullptr) line[0] = 0;
  pclose(pipe);
  std::string version = line;
  while (!version.empty() && std::isspace(static_cast<unsigned char>(version.back()))) version.pop_back();
  return version.empty() ? "unknown" : version;
}

// One line that changes whenever the prelude, the runtime, cucc itself (its
// rewriting and its g++ flags) or g++ does, so a cache of compiled solutions
// keyed on it never reuses a stale library.
void print_version(const fs::path& root) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(root / "include/cucpu")) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  files.push_back(root / "libcucpu_runtime.a");
  unsigned long long hash = 1469598103934665603ull;
  std::error_code no_proc;
  fs::path self = fs::read_symlink("/proc/self/exe", no_proc);
  if (!no_proc) hash_file(self, &hash);
  for (const fs::path& file : files) {
    std::string name = fs::relative(file, root).string();
    for (char c : name) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    hash_file(file, &hash);
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", hash);
  std::cout << "cucc (CPU backend) " << hex << ", g++ " << compiler_version() << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && (std::string(argv[1]) == "--version" || std::string(argv[1]) == "-V")) {
    print_version(find_backend_root(argv[0]));
    return 0;
  }
  Options options = parse_options(argc, argv);
  fs::path root = find_backend_root(argv[0]);
  std::string work_template = (fs::temp_directory_path() / "cucc.XXXXXX").string();
  if (mkdtemp(work_template.data()) == nullptr) {
    std::cerr << "cucc: error: cannot create a temporary folder in " << fs::temp_directory_path() << "\n";
    return 2;
  }
  fs::path work = work_template;
  bool ok = true;
  std::vector<std::string> objects;
  for (size_t index = 0; index < options.inputs.size() && ok; ++index) {
    fs::path input = options.inputs[index];
    std::string extension = lowercase_extension(input);
    if (!fs::exists(input)) {
      std::cerr << "cucc: error: input file '" << input.string() << "' does not exist\n";
      ok = false;
      break;
    }
    if (extension == ".o" || extension == ".a" || extension == ".so") {
      objects.push_back(input.string());
      continue;
    }
    fs::path object = options.compile_only ? fs::path(options.output)
                                           : work / (std::to_string(index) + "_" + input.stem().string() + ".o");
    if (extension == ".cu" || extension == ".cuh") ok = compile_cuda(options, root, input, object, work);
    else if (extension == ".cc" || extension == ".cpp" || extension == ".cxx" || extension == ".c")
      ok = compile_plain(options, input, object, work);
    else {
      std::cerr << "cucc: error: '" << input.string() << "': unknown file type (expected .cu, .cc, .cpp, .c, .o, .a)\n";
      ok = false;
    }
    objects.push_back(object.string());
  }
  if (ok && !options.compile_only) ok = link(options, root, objects);
  if (options.keep) std::cerr << "cucc: intermediate files kept in " << work.string() << "\n";
  else fs::remove_all(work);
  return ok ? 0 : 1;
}
