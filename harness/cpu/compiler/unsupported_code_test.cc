// Unit tests of the refusals of what cannot run on
// the CPU, through the whole rewrite
// (cuda_to_cpp.h) on hand-written preprocessed text.
#include "harness/cpu/compiler/unsupported_code.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "harness/cpu/compiler/cuda_to_cpp.h"
#include "harness/cpu/compiler/rewrite_test_helpers.h"

namespace cucpu::compiler {
namespace {

TEST(UnsupportedCode, RefusesInlineAssemblyWithUserLine) {
  SourceError error = only_error("# 7 \"sol.cu\"\nvoid k(){\n asm volatile(\"bar.sync 0;\"); }\n");
  EXPECT_EQ(error.file, "sol.cu");
  EXPECT_EQ(error.line, 8);
  EXPECT_NE(error.message.find("asm"), std::string::npos);
  EXPECT_EQ(format_error(error).rfind("sol.cu:8: error: ", 0), 0u);
}

TEST(UnsupportedCode, IgnoresAssemblyInSystemHeaders) {
  RewriteResult result = rewrite_cuda_as_cpp("# 1 \"/usr/include/x.h\" 1 3\nstatic void f(){ asm(\"nop\"); }\n");
  EXPECT_TRUE(result.errors.empty());
}

// cuRAND's host library is refused; its device API (curand_kernel.h) and
// the header-defined MTGP32 host helpers are not.
TEST(UnsupportedCode, RefusesOnlyTheCurandHostLibrary) {
  EXPECT_NE(only_error(marker() + "void h(){ curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT); }")
                .message.find("cuRAND host library"),
            std::string::npos);
  RewriteResult device = rewrite_cuda_as_cpp(
      marker() + "void k(float* o){ curandState s; curand_init(1, 0, 0, &s); o[0] = curand_normal(&s); "
                 "curandMakeMTGP32KernelState(0, 0, 0, 1, 2); }\n");
  EXPECT_TRUE(device.errors.empty()) << format_error(device.errors[0]);
}

// Plain C++ files get the library and runtime-API refusals (not the device
// ones: inline asm is fine host code), at the user's line.
TEST(RefusalsInHostSource, LibrariesAndRefusedRuntimeApi) {
  std::vector<SourceError> errors = refusals_in_host_source(
      "# 1 \"gold.cpp\"\nvoid f(){ asm(\"nop\"); cudaMalloc(&p, 4);\n curandGenerateNormal(g, p, 4, 0, 1);\n"
      " cudaGraphCreate(&graph, 0); }\n# 1 \"/usr/local/cuda/include/curand.h\" 1 3\nint curandCreateGenerator();\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(format_error(errors[0]).rfind("gold.cpp:2: error: 'curandGenerateNormal'", 0), 0u) << errors[0].message;
  EXPECT_EQ(errors[1].line, 3);
  EXPECT_NE(errors[1].message.find("graphs"), std::string::npos) << errors[1].message;
}

TEST(UnsupportedCode, RefusesTensorCoresAndLibraries) {
  EXPECT_NE(only_error(marker() + "void k(){ nvcuda::wmma::fragment<int> f; }").message.find("wmma"),
            std::string::npos);
  EXPECT_NE(only_error(marker() + "void h(){ cublasCreate(&h); }").message.find("cuBLAS"), std::string::npos);
  SourceError include = only_error("# 1 \"s.cu\"\n\n\n# 1 \"/usr/local/cuda/include/cublas_v2.h\" 1 3\nint x;\n");
  EXPECT_EQ(include.file, "s.cu");
  EXPECT_EQ(include.line, 3);
  EXPECT_NE(include.message.find("cublas_v2.h"), std::string::npos);
}

}  // namespace
}  // namespace cucpu::compiler
