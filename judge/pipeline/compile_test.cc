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

Backend nvcc_backend() {
  Backend backend;
  backend.kind = BackendKind::Cuda;
  backend.compiler = "/usr/local/cuda/bin/nvcc";
  backend.arch = "sm_80";
  return backend;
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
  CompileOutcome first = compile_solution(source, signature(), nvcc_backend(), nvcc_backend().compiler_version(), dir / "cache", 600);
  ASSERT_TRUE(first.ok) << first.command << "\n" << first.log;
  EXPECT_FALSE(first.cached);
  ASSERT_TRUE(fs::exists(first.library));
  CommandResult symbols = run_command({"/usr/bin/nm", "-D", "--defined-only", first.library.string()}, 60);
  EXPECT_NE(symbols.output.find("judge_solution_entry"), std::string::npos) << symbols.output;

  CompileOutcome second = compile_solution(source, signature(), nvcc_backend(), nvcc_backend().compiler_version(), dir / "cache", 600);
  ASSERT_TRUE(second.ok);
  EXPECT_TRUE(second.cached);
  EXPECT_EQ(second.library, first.library);
}

TEST(CompileWithNvcc, RefusesAWrongParameterTypeBeforeCompiling) {
  const fs::path dir = temp_dir("nvcc_signature");
  const fs::path source = write(dir / "scale.cu", R"(
extern "C" void solution(const float* input, float* output, int n, double factor) {}
)");
  CompileOutcome outcome = compile_solution(source, signature(), nvcc_backend(), nvcc_backend().compiler_version(), dir / "cache", 600);
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
  CompileOutcome outcome = compile_solution(source, signature(), nvcc_backend(), nvcc_backend().compiler_version(), dir / "cache", 600);
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.log.find("typo.cu(3)"), std::string::npos) << outcome.log;
  EXPECT_NE(outcome.log.find("outptu"), std::string::npos) << outcome.log;
}

}  // namespace
}  // namespace judge
