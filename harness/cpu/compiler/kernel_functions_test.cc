// Unit tests of finding kernels and the functions that hold barriers.
#include "harness/cpu/compiler/kernel_functions.h"

#include <gtest/gtest.h>

#include "harness/cpu/compiler/test_snippet.h"

namespace cucpu::compiler {
namespace {

TEST(KernelFunctions, FindsTheDefinitionAfterTheMarker) {
  TestSnippet s("__cucpu_global__ void __attribute__((x)) k(int* p, int n) { p[0] = n; }\n"
                "__cucpu_global__ void declared(int);\n");
  std::optional<KernelDefinition> k = find_kernel_definition(s.cursor(), s.find("__cucpu_global__"));
  ASSERT_TRUE(k);
  EXPECT_EQ(k->name, "k");
  EXPECT_EQ(k->params_open, s.find("(", 2));
  EXPECT_EQ(k->body_open, s.find("{"));
  EXPECT_EQ(k->body_close, s.find("}"));
  EXPECT_FALSE(find_kernel_definition(s.cursor(), s.find("__cucpu_global__", 1)));
}

TEST(KernelFunctions, FunctionsWithBarriersThroughCalls) {
  TestSnippet s("# 1 \"user.cu\"\n"
                "void plain(int a) { a++; }\n"
                "void waits() { __syncthreads(); }\n"
                "int shuffles(int v) { return __shfl_down_sync(0xffffffffu, v, 1); }\n"
                "void outer() { if (1) waits(); }\n"
                "void recursive(int n) { if (n) recursive(n - 1); }\n");
  EXPECT_EQ(functions_with_block_collectives(s.cursor()), (std::set<std::string>{"waits", "shuffles", "outer"}));
}

TEST(KernelFunctions, SystemHeadersAreNotLookedAt) {
  TestSnippet s("# 1 \"/usr/include/x.h\" 1 3\nvoid library() { __syncthreads(); }\n");
  EXPECT_TRUE(functions_with_block_collectives(s.cursor()).empty());
}

}  // namespace
}  // namespace cucpu::compiler
