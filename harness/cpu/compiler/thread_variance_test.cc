// Unit tests of the thread-variance data flow: which locals differ between
// the threads of a block.
#include "harness/cpu/compiler/thread_variance.h"

#include <gtest/gtest.h>

#include "harness/cpu/compiler/test_snippet.h"

namespace cucpu::compiler {
namespace {

std::set<std::string> varying(const std::string& body) {
  TestSnippet s("{" + body + "}");
  return thread_varying_locals(s.cursor(), 1, s.cursor().size() - 1);
}

TEST(ThreadVariance, ANameAloneMakesNothingVarying) {
  EXPECT_EQ(varying("int lane_id = 5; int linear = lane_id * 2; int thread_index = n;"), std::set<std::string>{});
}

TEST(ThreadVariance, FollowsAssignmentsFromTheThreadIndex) {
  EXPECT_EQ(varying("int q = threadIdx.x; int r = q * 2; int u = blockIdx.x;"), (std::set<std::string>{"q", "r"}));
  // The prelude's marker, as cucc sees it.
  EXPECT_EQ(varying("unsigned t = __cucpu_builtin_threadIdx.y;"), std::set<std::string>{"t"});
}

TEST(ThreadVariance, ReachesAFixedPointWhateverTheOrder) {
  // `b` is declared before the assignment that makes it varying.
  EXPECT_EQ(varying("int b = 0; int a = 1; for (int i = 0; i < 4; ++i) { b += a; a = threadIdx.x; }"),
            (std::set<std::string>{"a", "b"}));
}

TEST(ThreadVariance, ShufflesLaneIndexAndRanksAreSources) {
  EXPECT_EQ(varying("float v = __shfl_down_sync(0xffffffffu, x, 1); unsigned l = __lane_id();"
                    " int r = block.thread_rank(); int w = v > 0;"),
            (std::set<std::string>{"v", "l", "r", "w"}));
}

TEST(ThreadVariance, InitialiserFormsAndCompoundAssignment) {
  EXPECT_EQ(varying("int a(threadIdx.x); int b{a + 1}; int c = 0; c += b; int d = 7; d++;"),
            (std::set<std::string>{"a", "b", "c"}));
}

TEST(ThreadVariance, CommaSeparatedDeclaratorsAreSeparate) {
  EXPECT_EQ(varying("int a = 1, b = threadIdx.x, c = f(a, 2);"), std::set<std::string>{"b"});
}

TEST(ThreadVariance, AddressTakenLocalsCountAsVarying) {
  EXPECT_EQ(varying("int x = 0; write_to(&x); float y[4]; g(&y[0]);"), std::set<std::string>{"x"});
}

TEST(ThreadVariance, ElementWritesAndMembersAreNotLocals) {
  EXPECT_EQ(varying("s[threadIdx.x] = 1; p->n = threadIdx.x; int k = s[0];"), std::set<std::string>{});
}

}  // namespace
}  // namespace cucpu::compiler
