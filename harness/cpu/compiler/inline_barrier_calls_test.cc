// Unit tests of inlining device functions that hold barriers into kernels.
#include "harness/cpu/compiler/inline_barrier_calls.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace cucpu::compiler {
namespace {

const char kScanShape[] =
    "# 1 \"user.cu\"\n"
    "inline unsigned scan1(unsigned v, volatile unsigned* s, unsigned size, cg::thread_block cta) {\n"
    "  s[__cucpu_builtin_threadIdx.x] = v;\n"
    "  for (unsigned offset = 1; offset < size; offset <<= 1) {\n"
    "    cg::sync(cta);\n"
    "  }\n"
    "  return s[__cucpu_builtin_threadIdx.x];\n"
    "}\n"
    "inline unsigned scan1_exclusive(unsigned v, volatile unsigned* s, unsigned size, cg::thread_block cta) {\n"
    "  return scan1(v, s, size, cta) - v;\n"
    "}\n"
    "__cucpu_global__ void k(unsigned* out, unsigned size) {\n"
    "  cg::thread_block cta = cg::this_thread_block();\n"
    "  __cucpu_shared__ unsigned s[64];\n"
    "  unsigned x = out[__cucpu_builtin_threadIdx.x];\n"
    "  out[__cucpu_builtin_threadIdx.x] = scan1_exclusive(x,\n"
    "      s, size, cta);\n"
    "}\n";

TEST(InlineBarrierCalls, ChainsOfCallsAreInlinedOnTheCallsLine) {
  InlinedSource out = inline_barrier_calls(kScanShape);
  EXPECT_EQ(out.kernels, std::set<std::string>{"k"});
  std::string kernel = out.text.substr(out.text.find("__cucpu_global__"));
  // Both levels are gone from the kernel; parameters renamed, no #pragma.
  EXPECT_EQ(kernel.find("scan1_exclusive("), std::string::npos) << kernel;
  EXPECT_EQ(kernel.find("scan1("), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("unsigned cucpu_inl0_0_v = (x);"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("cg::thread_block cucpu_inl1_0_cta = (cucpu_inl0_0_cta);"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("out[__cucpu_builtin_threadIdx.x] = cucpu_ret0_0"), std::string::npos) << kernel;
  // The kernel keeps its number of lines.
  std::string original = std::string(kScanShape).substr(std::string(kScanShape).find("__cucpu_global__"));
  EXPECT_EQ(std::count(kernel.begin(), kernel.end(), '\n'), std::count(original.begin(), original.end(), '\n'))
      << kernel;
}

// A helper's own local named `result` and its __shared__ array: the block
// reduction contestants write.
TEST(InlineBarrierCalls, ALocalNamedResultAndASharedArray) {
  InlinedSource out = inline_barrier_calls(
      "# 1 \"user.cu\"\n"
      "float block_sum(float v) {\n"
      "  __cucpu_shared__ float partial[32];\n"
      "  partial[__cucpu_builtin_threadIdx.x % 32] = v;\n"
      "  __syncthreads();\n"
      "  const float result = partial[0];\n"
      "  __syncthreads();\n"
      "  return result;\n"
      "}\n"
      "__cucpu_global__ void k(float* o) {\n"
      "  const float total = block_sum(o[0]);\n"
      "  const float again = block_sum(total);\n"
      "  o[1] = again;\n"
      "}\n");
  std::string kernel = out.text.substr(out.text.find("__cucpu_global__"));
  // The array is the function's, as on a GPU: declared once, at the
  // kernel's start on its first line, and used by both calls.
  const std::string declaration = "__cucpu_shared__ float cucpu_shared_block_sum_partial[32];";
  EXPECT_NE(kernel.find("void k(float* o) { " + declaration + "\n"), std::string::npos) << kernel;
  EXPECT_EQ(kernel.find(declaration, kernel.find(declaration) + 1), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("const float cucpu_inl0_0_result = cucpu_shared_block_sum_partial[0];"), std::string::npos)
      << kernel;
  EXPECT_NE(kernel.find("const float cucpu_inl0_1_result = cucpu_shared_block_sum_partial[0];"), std::string::npos)
      << kernel;
  EXPECT_NE(kernel.find("cucpu_ret0_0 = cucpu_inl0_0_result;"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("const float total = cucpu_ret0_0;"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("const float again = cucpu_ret0_1;"), std::string::npos) << kernel;
}

TEST(InlineBarrierCalls, OnlyTheKernelsAsked) {
  InlinedSource out = inline_barrier_calls(kScanShape, {"other"});
  EXPECT_TRUE(out.kernels.empty());
  EXPECT_EQ(out.text, kScanShape);
}

TEST(InlineBarrierCalls, WhatIsNotInlined) {
  for (const char* callee : {
           // an early return
           "int f(int v) { if (v) return 1; __syncthreads(); return v; }",
           // a static local
           "int f(int v) { static int n; __syncthreads(); return v + n; }",
           // a template
           "template <class T> T f(T v) { __syncthreads(); return v; }",
           // a name the kernel declares for itself (the callee means the global)
           "int f(int v) { __syncthreads(); return v + g; }",
       }) {
    std::string text = std::string("# 1 \"user.cu\"\nint g;\n") + callee +
                       "\n__cucpu_global__ void k(int* p) { int g = 2; p[0] = f(g); }\n";
    InlinedSource out = inline_barrier_calls(text);
    EXPECT_TRUE(out.kernels.empty()) << callee;
  }
  // A call in a condition is not a simple statement.
  InlinedSource branch = inline_barrier_calls(
      "# 1 \"user.cu\"\nint f(int v) { __syncthreads(); return v; }\n"
      "__cucpu_global__ void k(int* p) { if (f(p[0])) p[1] = 0; }\n");
  EXPECT_TRUE(branch.kernels.empty());
}

}  // namespace
}  // namespace cucpu::compiler
