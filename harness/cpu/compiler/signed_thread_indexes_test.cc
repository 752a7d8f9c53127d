// Unit tests of writing global thread indexes in signed arithmetic.
#include "harness/cpu/compiler/signed_thread_indexes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace cucpu::compiler {
namespace {

constexpr const char* kBlockX = "__cucpu_builtin_blockIdx.x";
constexpr const char* kDimX = "__cucpu_builtin_blockDim.x";
constexpr const char* kThreadX = "__cucpu_builtin_threadIdx.x";

std::string user(const std::string& body) { return "# 1 \"user.cu\"\n" + body; }

std::string sum(const std::string& a, const std::string& b) { return a + " + " + b; }

TEST(SignedThreadIndexes, AnIntIndexBecomesASignedSumBelowTheLimit) {
  const std::string p = std::string(kBlockX) + " * " + kDimX;
  std::string out = sign_thread_indexes(user("void k() { int col = " + sum(p, kThreadX) + "; }\n"));
  EXPECT_NE(out.find("int col = (" + p + " > 2147482624u ? (int)(" + sum(p, kThreadX) + ") : (int)(" + p +
                     ") + (int)(" + kThreadX + "));"),
            std::string::npos)
      << out;
}

TEST(SignedThreadIndexes, EveryOperandOrderLiteralsConstAndSeveralDeclarators) {
  std::string out = sign_thread_indexes(
      user("void k() {\n"
           "  const int a = __cucpu_builtin_threadIdx.y + __cucpu_builtin_blockDim.y * __cucpu_builtin_blockIdx.y;\n"
           "  int32_t b = 256 * __cucpu_builtin_blockIdx.x + __cucpu_builtin_threadIdx.x;\n"
           "  int c = 0, d = __cucpu_builtin_blockIdx.z * 4u + __cucpu_builtin_threadIdx.z, e;\n"
           "  for (int i = __cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.x + __cucpu_builtin_threadIdx.x; i < 9;"
           " ++i) {}\n"
           "}\n"));
  EXPECT_NE(out.find("const int a = (__cucpu_builtin_blockDim.y * __cucpu_builtin_blockIdx.y > 2147482624u ? "
                     "(int)(__cucpu_builtin_blockDim.y * __cucpu_builtin_blockIdx.y + __cucpu_builtin_threadIdx.y) : "
                     "(int)(__cucpu_builtin_threadIdx.y) + (int)(__cucpu_builtin_blockDim.y * "
                     "__cucpu_builtin_blockIdx.y));"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("int32_t b = (256 * __cucpu_builtin_blockIdx.x > 2147482624u"), std::string::npos) << out;
  EXPECT_NE(out.find("int c = 0, d = (__cucpu_builtin_blockIdx.z * 4u > 2147482624u"), std::string::npos) << out;
  EXPECT_NE(out.find("(int)(__cucpu_builtin_threadIdx.z)), e;"), std::string::npos) << out;
  EXPECT_NE(out.find("for (int i = (__cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.x > 2147482624u"),
            std::string::npos)
      << out;
}

// Only the exact forms, and only into an int: anything else keeps CUDA's
// unsigned arithmetic as written.
TEST(SignedThreadIndexes, OtherFormsAndTypesAreLeftAlone) {
  const std::string in = user(
      "void k(int n) {\n"
      "  unsigned a = __cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.x + __cucpu_builtin_threadIdx.x;\n"
      "  long b = __cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.x + __cucpu_builtin_threadIdx.x;\n"
      "  unsigned int c = __cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.x + __cucpu_builtin_threadIdx.x;\n"
      "  int d = __cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.y + __cucpu_builtin_threadIdx.x;\n"
      "  int e = __cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.x + __cucpu_builtin_threadIdx.x + 1;\n"
      "  int f = __cucpu_builtin_blockIdx.x * n + __cucpu_builtin_threadIdx.x;\n"
      "  int g = (__cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.x + __cucpu_builtin_threadIdx.x) * 2;\n"
      "  int h = __cucpu_builtin_blockIdx.x * 2.0 + __cucpu_builtin_threadIdx.x;\n"
      "  e = __cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.x + __cucpu_builtin_threadIdx.x;\n"
      "}\n");
  EXPECT_EQ(sign_thread_indexes(in), in);
}

// A built-in variable comes from a system header's macro: line markers sit
// between its tokens, and they must all stay.
TEST(SignedThreadIndexes, LineMarkersBetweenTheTokensStay) {
  const std::string in = user(
      "void k() {\n"
      "  int col =\n"
      "# 3 \"user.cu\" 3 4\n"
      "            __cucpu_builtin_blockIdx\n"
      "# 3 \"user.cu\"\n"
      "                    .x * 16 +\n"
      "# 3 \"user.cu\" 3 4\n"
      "                          __cucpu_builtin_threadIdx\n"
      "# 3 \"user.cu\"\n"
      "                                   .x;\n"
      "}\n");
  std::string out = sign_thread_indexes(in);
  EXPECT_NE(out.find("(__cucpu_builtin_blockIdx .x * 16 > 2147482624u ? (int)(__cucpu_builtin_blockIdx .x * 16 + "
                     "__cucpu_builtin_threadIdx .x) : (int)("),
            std::string::npos)
      << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(in.begin(), in.end(), '\n')) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '#'), std::count(in.begin(), in.end(), '#')) << out;
}

}  // namespace
}  // namespace cucpu::compiler
