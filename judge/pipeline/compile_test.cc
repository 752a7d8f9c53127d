// The compile stage on the GPU path, without a GPU: nvcc builds the solution
// library with the judge's prototype and trampoline, a definition that
// differs from the ABI is refused, and a second build comes from the cache.
#include "judge/pipeline/compile.h"

#include <gtest/gtest.h>

#include <sys/time.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>

#include "judge/pipeline/subprocess.h"
#include "judge/problem/statement.h"

namespace judge {
namespace {

namespace fs = std::filesystem;

const char* kStatement = R"(---
slug: "scale"
title: "Scale"
parameters:
  - name: "input"
    type: "[VAR]"
    pointer: "true"
    const: "true"
  - name: "output"
    type: "[VAR]"
    pointer: "true"
    const: "false"
  - name: "n"
    type: "size_t"
    pointer: "false"
    constant: "false"
  - name: "factor"
    type: "double"
    pointer: "false"
    constant: "false"
---
Scale a vector.
)";

fs::path temp_dir(const std::string& name) {
  const char* root = std::getenv("TEST_TMPDIR");
  fs::path dir = fs::path(root ? root : "/tmp") / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

fs::path write(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
  return path;
}

const Signature& signature();

Backend nvcc_backend() {
  Backend backend;
  backend.kind = BackendKind::Cuda;
  backend.compiler = "/usr/local/cuda/bin/nvcc";
  backend.arch = "sm_80";
  return backend;
}

// The cache in `dir`, the verified copy in `dir/<copy>`, the compiler
// confined by the `confine` program from this test's runfiles.
CompileSettings settings(const fs::path& dir, const std::string& copy = "private") {
  CompileSettings settings;
  settings.cache_root = dir / "cache";
  settings.private_dir = dir / copy;
  settings.timeout_seconds = 600;
  settings.confine = fs::path(std::getenv("TEST_SRCDIR")) / "judge/harness/sandbox/confine";
  return settings;
}

CompileOutcome compile(const fs::path& source, const CompileSettings& settings) {
  return compile_solution(source, signature(), nvcc_backend(), nvcc_backend().compiler_version(), settings);
}

const Signature& signature() {
  static const Statement statement = parse_statement(kStatement, "scale/statement.md");
  return statement.signature;
}

TEST(EntryTrampoline, CastsEachArgumentToItsDeclaredType) {
  const std::string source = entry_trampoline(signature());
  EXPECT_NE(source.find("extern \"C\" void solution(const float* input, float* output, size_t n, double factor);"),
            std::string::npos)
      << source;
  EXPECT_NE(source.find("*static_cast<const float* const*>(args[0])"), std::string::npos) << source;
  EXPECT_NE(source.find("*static_cast<size_t const*>(args[2])"), std::string::npos) << source;
  EXPECT_NE(source.find("*static_cast<double const*>(args[3])"), std::string::npos) << source;
}

// The shuffled pass's build (judging.cc) splits only where no added barrier
// can be observed; its command, and so its cache key, differs from the
// split build's. An unsplit build keeps every kernel on fibers.
TEST(CpuCompileCommand, TheShuffledPassesAndUnsplitBuildsNameTheirSplitting) {
  Backend backend;
  backend.kind = BackendKind::Cpu;
  backend.compiler = "cucc";
  const auto has_flag = [](const std::vector<std::string>& command, const std::string& flag) {
    return std::find(command.begin(), command.end(), flag) != command.end();
  };
  const std::vector<std::string> split = backend.compile_command({"a.cu"}, "p.h", "lib.so");
  EXPECT_FALSE(has_flag(split, "--split-barriers=off"));
  EXPECT_FALSE(has_flag(split, "--split-barriers=exact"));
  backend.exact_barriers = true;
  EXPECT_TRUE(has_flag(backend.compile_command({"a.cu"}, "p.h", "lib.so"), "--split-barriers=exact"));
  backend.split_barriers = false;
  const std::vector<std::string> unsplit = backend.compile_command({"a.cu"}, "p.h", "lib.so");
  EXPECT_TRUE(has_flag(unsplit, "--split-barriers=off"));
  EXPECT_FALSE(has_flag(unsplit, "--split-barriers=exact"));
}

TEST(CompileWithNvcc, BuildsTheLibraryThenReusesIt) {
  const fs::path dir = temp_dir("nvcc_ok");
  const fs::path source = write(dir / "scale.cu", R"(
#include <cuda_runtime.h>
__global__ void scale(const float* in, float* out, size_t n, float f) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i] * f;
}
extern "C" void solution(const float* input, float* output, size_t n, double factor) {
  scale<<<(n + 255) / 256, 256>>>(input, output, n, static_cast<float>(factor));
}
)");
  CompileOutcome first = compile(source, settings(dir, "first"));
  ASSERT_TRUE(first.ok) << first.command << "\n" << first.log;
  EXPECT_FALSE(first.cached);
  ASSERT_TRUE(fs::exists(first.library));
  CommandResult symbols = run_command({"/usr/bin/nm", "-D", "--defined-only", first.library.string()}, 60);
  EXPECT_NE(symbols.output.find("judge_solution_entry"), std::string::npos) << symbols.output;

  CompileOutcome second = compile(source, settings(dir, "second"));
  ASSERT_TRUE(second.ok);
  EXPECT_TRUE(second.cached);
  EXPECT_NE(second.library, first.library);  // each judging loads its own verified copy
  EXPECT_EQ(run_command({"/usr/bin/cmp", first.library.string(), second.library.string()}, 60).status.code, 0);

  // A cached library changed after publishing is found out and rebuilt.
  for (const auto& entry : fs::directory_iterator(dir / "cache")) {
    if (fs::exists(entry.path() / "libsolution.so")) std::ofstream(entry.path() / "libsolution.so", std::ios::app) << "tampered";
  }
  CompileOutcome third = compile(source, settings(dir, "third"));
  ASSERT_TRUE(third.ok) << third.log;
  EXPECT_FALSE(third.cached);
  EXPECT_TRUE(third.rebuilt_damaged);
  // (nvcc's output names its build folder, so a rebuild differs in bytes.)
  EXPECT_NE(run_command({"/usr/bin/nm", "-D", "--defined-only", third.library.string()}, 60).output.find(
                "judge_solution_entry"),
            std::string::npos);
  CompileOutcome fourth = compile(source, settings(dir, "fourth"));
  EXPECT_TRUE(fourth.cached);
  EXPECT_FALSE(fourth.rebuilt_damaged);
}

TEST(CompileWithNvcc, AnIncludeOutsideTheToolkitIsACompileErrorShowingNoByteOfIt) {
  const fs::path dir = temp_dir("nvcc_include");
  const fs::path secret = write(dir / "secret.h", "int planted = JUDGE_PLANTED_SECRET_42;\n");
  const fs::path source = write(dir / "include.cu", "#include \"" + secret.string() + "\"\n" + R"(
extern "C" void solution(const float* input, float* output, size_t n, double factor) {}
)");
  CompileOutcome outcome = compile(source, settings(dir));
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.log.find("Permission denied"), std::string::npos) << outcome.log;
  EXPECT_EQ(outcome.log.find("JUDGE_PLANTED_SECRET_42"), std::string::npos) << outcome.log;
}

TEST(CompileWithNvcc, RefusesAWrongParameterTypeBeforeCompiling) {
  const fs::path dir = temp_dir("nvcc_signature");
  const fs::path source = write(dir / "scale.cu", R"(
extern "C" void solution(const float* input, float* output, int n, double factor) {}
)");
  CompileOutcome outcome = compile(source, settings(dir));
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.log.find("parameter 3 ('n') is declared 'int', but the problem declares 'size_t n'"),
            std::string::npos)
      << outcome.log;
}

TEST(CompileWithNvcc, ReportsCompilerErrorsWithTheUsersFileAndLine) {
  const fs::path dir = temp_dir("nvcc_error");
  const fs::path source = write(dir / "typo.cu", R"(
extern "C" void solution(const float* input, float* output, size_t n, double factor) {
  outptu[0] = 1.0f;
}
)");
  CompileOutcome outcome = compile(source, settings(dir));
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.log.find("typo.cu(3)"), std::string::npos) << outcome.log;
  EXPECT_NE(outcome.log.find("outptu"), std::string::npos) << outcome.log;
}

const char* kScaleSource = R"(
#include <cuda_runtime.h>
__global__ void scale(const float* in, float* out, size_t n, float f) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i] * f;
}
extern "C" void solution(const float* input, float* output, size_t n, double factor) {
  scale<<<(n + 255) / 256, 256>>>(input, output, n, static_cast<float>(factor));
}
)";

// nvcc names files of its own after the source and fails on a newline or an
// escape in its name; the judge compiles a copy named solution.cu.
TEST(CompileWithNvcc, ASourceNamedWithControlCharactersCompiles) {
  const fs::path dir = temp_dir("nvcc_hostile_name");
  const fs::path source = write(dir / "\x1b[2J\nACCEPTED  x <- y\n::error file=a::b.cu", kScaleSource);
  CompileOutcome outcome = compile(source, settings(dir));
  EXPECT_TRUE(outcome.ok) << outcome.log;
}

TEST(CompileLimits, ASourceOverTheCapIsACompileErrorBeforeAnyWork) {
  const fs::path dir = temp_dir("source_cap");
  const fs::path source = write(dir / "big.cu", std::string(kScaleSource) + std::string(2000, ' '));
  CompileSettings capped = settings(dir);
  capped.max_source_bytes = 1024;
  CompileOutcome outcome = compile(source, capped);
  // Before any work: the source was not hashed (so not read) and no compiler ran.
  EXPECT_TRUE(outcome.source_hash.empty());
  EXPECT_TRUE(outcome.command.empty()) << outcome.command;
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.log.find("big.cu: the source is " + std::to_string(fs::file_size(source)) +
                             " bytes, over the judge's limit of 1024 bytes"),
            std::string::npos)
      << outcome.log;
  EXPECT_TRUE(outcome.source_hash.empty());
  EXPECT_FALSE(fs::exists(dir / "cache"));  // nothing was built or cached
}

TEST(CompileLimits, ASymlinkedSourceIsNotFollowed) {
  const fs::path dir = temp_dir("source_link");
  const fs::path target = write(dir / "target.cu", kScaleSource);
  fs::create_symlink(target, dir / "link.cu");
  CompileOutcome outcome = compile(dir / "link.cu", settings(dir));
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.log.find("link.cu is a symbolic link"), std::string::npos) << outcome.log;
  EXPECT_TRUE(outcome.source_hash.empty());
}

TEST(CompileLimits, ALibraryOverTheCapIsACompileErrorAndNotCached) {
  const fs::path dir = temp_dir("library_cap");
  const fs::path source = write(dir / "scale.cu", kScaleSource);
  CompileSettings capped = settings(dir);
  capped.max_library_bytes = 16 << 10;  // smaller than any nvcc-built library
  CompileOutcome outcome = compile(source, capped);
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.log.find("over the judge's limit of 16384 bytes"), std::string::npos) << outcome.log;
  for (const auto& entry : fs::directory_iterator(dir / "cache")) ADD_FAILURE() << "cached: " << entry.path();
}

// Without the sandbox no file-size limit applies: the size is checked
// again before the library is cached.
TEST(CompileLimits, ALibraryOverTheCapIsRefusedAlsoWithoutTheSandbox) {
  const fs::path dir = temp_dir("library_cap_unsandboxed");
  const fs::path source = write(dir / "scale.cu", kScaleSource);
  CompileSettings capped = settings(dir);
  capped.sandbox = false;
  capped.max_library_bytes = 16 << 10;
  CompileOutcome outcome = compile(source, capped);
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.log.find("the compiled library is "), std::string::npos) << outcome.log;
  EXPECT_NE(outcome.log.find(" bytes, over the judge's limit of 16384 bytes"), std::string::npos) << outcome.log;
  for (const auto& entry : fs::directory_iterator(dir / "cache")) ADD_FAILURE() << "cached: " << entry.path();
}

TEST(CompileLimits, ACompilerMemoryBombIsACompileErrorNamingTheLimit) {
  const fs::path dir = temp_dir("memory_bomb");
  std::string bomb = "#define B0 1,\n";
  for (int i = 1; i <= 31; ++i) {
    bomb += "#define B" + std::to_string(i) + " B" + std::to_string(i - 1) + " B" + std::to_string(i - 1) + "\n";
  }
  bomb += "static const int bomb[] = {B31 0};\n";
  const fs::path source = write(dir / "bomb.cu", bomb + kScaleSource);
  CompileSettings limited = settings(dir);
  limited.compiler_memory_bytes = 512ULL << 20;
  const auto start = std::chrono::steady_clock::now();
  CompileOutcome outcome = compile(source, limited);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 120.0);
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.log.find("limits each compiler process to 512 MiB"), std::string::npos) << outcome.log;
}

// Fake entries (64 hex digits, files of a given size, a given last use).
fs::path fake_entry(const fs::path& cache, char digit, std::size_t bytes, int minutes_ago) {
  const fs::path entry = cache / std::string(64, digit);
  fs::create_directories(entry);
  write(entry / "libsolution.so", std::string(bytes, 'x'));
  const timeval now{time(nullptr) - 60L * minutes_ago, 0};
  const timeval times[2] = {now, now};
  utimes(entry.c_str(), times);
  return entry;
}

TEST(CacheEviction, TheLeastRecentlyUsedEntriesGoFirst) {
  const fs::path cache = temp_dir("eviction") / "cache";
  const fs::path oldest = fake_entry(cache, 'a', 4000, 50);
  const fs::path older = fake_entry(cache, 'b', 4000, 40);
  const fs::path kept = fake_entry(cache, 'c', 4000, 60);  // the oldest, but in use
  const fs::path recent = fake_entry(cache, 'd', 4000, 10);
  fs::create_directories(cache / ".build-abc123");  // a build in progress: not an entry
  write(cache / ".build-abc123/libsolution.so", std::string(100000, 'x'));
  const fs::path dead_build = fake_entry(cache, 'e', 10, 61).parent_path() / ".build-dead00";
  fs::rename(cache / std::string(64, 'e'), dead_build);  // a build its judge left an hour ago

  EXPECT_TRUE(evict_least_recently_used(cache, 16000, kept).empty());  // within the cap
  const std::vector<fs::path> evicted = evict_least_recently_used(cache, 9000, kept);
  EXPECT_EQ(evicted, (std::vector<fs::path>{oldest, older}));
  EXPECT_FALSE(fs::exists(oldest));
  EXPECT_FALSE(fs::exists(older));
  EXPECT_TRUE(fs::exists(kept));
  EXPECT_TRUE(fs::exists(recent));
  EXPECT_TRUE(fs::exists(cache / ".build-abc123/libsolution.so"));
  EXPECT_FALSE(fs::exists(dead_build));
  for (const auto& item : fs::directory_iterator(cache)) {
    EXPECT_EQ(item.path().filename().string().find("discarded"), std::string::npos) << "left over " << item.path();
  }
}

TEST(CacheEviction, ACompileOverTheCacheCapEvictsTheOlderBuild) {
  const fs::path dir = temp_dir("eviction_compile");
  CompileSettings tiny = settings(dir);
  tiny.cache_max_bytes = 1;  // every entry is over it: only the one just used stays
  const fs::path first = write(dir / "first.cu", kScaleSource);
  const fs::path second = write(dir / "second.cu", std::string("// another build\n") + kScaleSource);
  ASSERT_TRUE(compile(first, tiny).ok);
  CompileOutcome outcome = compile(second, tiny);
  ASSERT_TRUE(outcome.ok) << outcome.log;
  int entries = 0;
  for (const auto& entry : fs::directory_iterator(dir / "cache")) {
    ++entries;
    EXPECT_TRUE(fs::exists(entry.path() / "libsolution.so")) << entry.path();
  }
  EXPECT_EQ(entries, 1);
  EXPECT_TRUE(compile(second, tiny).cached);  // the survivor is the one used last
}

}  // namespace
}  // namespace judge
