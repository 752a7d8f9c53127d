// The compile stage on the GPU path, without a GPU: nvcc builds the solution
// library with the judge's prototype and trampoline, a definition that
// differs from the ABI is refused, and a second build comes from the cache.
#include "judge/pipeline/compile.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace judge
