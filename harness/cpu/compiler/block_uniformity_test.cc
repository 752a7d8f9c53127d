// Unit tests of the block-uniformity check of expressions.
#include "harness/cpu/compiler/block_uniformity.h"

#include <gtest/gtest.h>

#include "harness/cpu/compiler/test_snippet.h"

namespace cucpu::compiler {
namespace {

struct Case {
  std::string body;  // statements before the probe
  std::string expression;
};

// Asks `question` of the probe's expression, in a block whose statements
// before it are k.body and in which `names` are uniform.
bool ask(bool (BlockUniformity::*question)(size_t, size_t, const std::vector<std::string>&) const, const Case& k,
         const std::vector<std::string>& names) {
  TestSnippet s("{ " + k.body + " probe = " + k.expression + "; }");
  const TokenCursor& c = s.cursor();
  BlockUniformity u(c, 1, c.size() - 1);
  size_t from = s.find("probe") + 2;
  return (u.*question)(from, c.size() - 2, names);
}

bool uniform(const Case& k, const std::vector<std::string>& names = {"n"}) {
  return ask(&BlockUniformity::is_uniform, k, names);
}

bool recomputable(const Case& k, const std::vector<std::string>& names = {"n"}) {
  return ask(&BlockUniformity::is_recomputable, k, names);
}

TEST(BlockUniformity, UniformValues) {
  EXPECT_TRUE(uniform({"", "n * 2 + __cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.x"}));
  EXPECT_TRUE(uniform({"", "static_cast<int>(sizeof(float)) + kConstant"}));
  // A local named like a thread index is uniform when its value is.
  EXPECT_TRUE(uniform({"int lane_id = 5;", "lane_id + 1"}, {"lane_id"}));
}

TEST(BlockUniformity, ThreadVaryingValues) {
  EXPECT_FALSE(uniform({"", "__cucpu_builtin_threadIdx.x"}));
  EXPECT_FALSE(uniform({"int q = __cucpu_builtin_threadIdx.x; int r = q * 2;", "r"}, {"n", "r"}));
  EXPECT_FALSE(uniform({"", "f(n)"}));   // a call
  EXPECT_FALSE(uniform({"", "a[n]"}));   // memory
  EXPECT_FALSE(uniform({"int k = 3;", "k"}));  // a local not shown uniform
  EXPECT_FALSE(uniform({"", "n = 2"}));  // an assignment
  EXPECT_FALSE(uniform({"g = 1;", "g"}));  // a global the kernel writes
}

TEST(BlockUniformity, RecomputablePerThread) {
  EXPECT_TRUE(recomputable({"", "__cucpu_builtin_threadIdx.x * 2 + n"}));
  EXPECT_FALSE(recomputable({"", "a[__cucpu_builtin_threadIdx.x]"}));
  EXPECT_FALSE(recomputable({"", "*p"}));
  // `&&` is no address, `& &n` is.
  EXPECT_TRUE(recomputable({"", "__cucpu_builtin_threadIdx.x < n && n > 2"}));
  EXPECT_FALSE(recomputable({"", "n && & n"}));
  EXPECT_FALSE(recomputable({"", "__shfl_sync(0xffffffff, n, 0)"}));
}

}  // namespace
}  // namespace cucpu::compiler
