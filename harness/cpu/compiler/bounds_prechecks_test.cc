// Unit tests of bounds prechecks (through rewrite_cuda_as_cpp, on hand-written
// preprocessed text): which conditions get one and the code around them.
// Whether the results stay exact is checked end to end by
// tests/conformance/bounds_precheck.cu.
#include <gtest/gtest.h>

#include <string>

#include "harness/cpu/compiler/rewrite_test_helpers.h"
#include "harness/cpu/compiler/test_assertions.h"

namespace cucpu::compiler {
namespace {

// A kernel with `body` after `int i = blockIdx.x * blockDim.x + threadIdx.x;`
// and `before` at file scope; the rewritten text.
std::string split(const std::string& body, const std::string& before = "") {
  return rewrite(marker() + before +
                 "__cucpu_global__ void k(const float* in, float* out, int n, int m, int d) {\n"
                 "  int i = __cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.x + __cucpu_builtin_threadIdx.x;\n" +
                 body + "\n}\n");
}

TEST(BoundsPrechecks, GuardedStoreGetsAPrecheck) {
  const std::string out = split("  if (i < n) out[i] = in[i];");
  // The misses over the region's threads, then the flag as a block constant
  // of the region, which tests it before its own condition.
  EXPECT_TRUE(contains_all(out, {"unsigned cucpu_misses_0 = 0;", "cucpu_misses_0 |= unsigned(!(i < n));",
                                 "const bool cucpu_in_bounds_0 = cucpu_misses_0 == 0;",
                                 "[[maybe_unused]] auto cucpu_in_bounds_0,", "if ( (cucpu_in_bounds_0 || (i < n)))",
                                 "}, cucpu_in_bounds_0);"}));
  // The precheck recomputes `i` in its own loop.
  EXPECT_EQ(occurrences(out, "for_each_thread"), 2u) << out;
}

TEST(BoundsPrechecks, ConditionalLoadsAndTwoDimensionalBoundsGetOne) {
  const std::string out = split(
      "  int j = __cucpu_builtin_threadIdx.y + 2;\n"
      "  float v = i + 4 < n ? in[i + 4] : 0.0f;\n"
      "  if (i < n && j <= m) out[i] = v;");
  EXPECT_TRUE(contains_all(out, {"cucpu_misses_0 |= unsigned(!(i + 4 < n)) | unsigned(!(i < n && j <= m));",
                                 "float v = (cucpu_in_bounds_0 || ( i + 4 < n)) ? in[i + 4]",
                                 "if ( (cucpu_in_bounds_0 || (i < n && j <= m)))"}));
}

TEST(BoundsPrechecks, ConstantGlobalsAndConstantDivisorsQualify) {
  const std::string out = split("  if (i / kHalf + 1 < n) out[i] = 0;", "constexpr int kHalf = 2;\n");
  EXPECT_TRUE(contains(out, "cucpu_misses_0 |= unsigned(!(i / kHalf + 1 < n));"));
}

// A uniform local (run once per block, between the thread loops) is read as is.
TEST(BoundsPrechecks, UniformLocalsQualify) {
  const std::string out = split("  int b = __cucpu_builtin_blockIdx.x * 2;\n  if (i + b < n) out[i] = 0;");
  EXPECT_TRUE(contains(out, "|= unsigned(!(i + b < n));"));
}

// What no precheck may cover: a value that memory, a call or a later
// assignment could make differ between the precheck and the condition, a
// division the precheck could run by zero, and tests that are not bounds.
TEST(BoundsPrechecks, ConditionsThatMayChangeOrTrapGetNone) {
  for (const std::string& body : {
           "  if (in[i] < n) out[i] = 0;",                            // reads memory
           "  if (i < *in) out[i] = 0;",                              // dereferences
           "  if (i < limit(n)) out[i] = 0;",                         // a call
           "  int j = i; j += 4; if (j < n) out[j] = 0;",             // reassigned after its declaration
           "  int j = i; if (j < n) out[j] = 0; j++;",                // incremented later
           "  int j = i; int* p = &j; *p = 0; if (j < n) out[j] = 0;",  // written through its address
           "  if (i / d < n) out[i] = 0;",                            // a division by a parameter
           "  if (i < g_limit) out[i] = 0;",                          // a global that is not constant
           "  if (i == n) out[i] = 0;",                               // not a bound
           "  if (i < n || i > m) out[i] = 0;",                       // not joined by &&
           "  { int i = 3; if (i < n) out[i] = 0; }",                 // a second `i`
           "  int b = __cucpu_builtin_blockIdx.x * 2; { int b = *in; if (i + b < n) out[i] = 0; }",  // a second `b`
       }) {
    const std::string out =
        split(body, "__device__ int limit(int x);\n__device__ int g_limit = 5;\n");
    EXPECT_TRUE(contains(out, "for_each_thread")) << body;  // split, all the same
    EXPECT_FALSE(contains(out, "cucpu_in_bounds")) << body;
  }
}

// A test on the thread index and constants alone is the same in every block
// (a lane test under `if (warp == 0)`): no precheck, which would only cost.
TEST(BoundsPrechecks, ThreadIndexTestsAgainstConstantsGetNone) {
  const std::string out = split("  unsigned lane = __cucpu_builtin_threadIdx.x % 32;\n"
                                "  float v = lane < kWarps ? in[lane] : 0.0f;\n  out[i] = v;",
                                "constexpr unsigned kWarps = 8;\n");
  EXPECT_TRUE(contains(out, "for_each_thread")) << out;
  EXPECT_FALSE(contains(out, "cucpu_in_bounds")) << out;
}

// A shared variable is the same name for the whole block, but threads write
// it: a bound read from one gets no precheck.
TEST(BoundsPrechecks, SharedBoundGetsNone) {
  const std::string out = rewrite(marker() +
                                  "__cucpu_global__ void k(float* out, int n) {\n"
                                  "  __cucpu_shared__ int count;\n"
                                  "  unsigned t = __cucpu_builtin_threadIdx.x;\n"
                                  "  if (t == 0) count = n;\n"
                                  "  __syncthreads();\n"
                                  "  if (t < count) out[t] = 1;\n"
                                  "}\n");
  EXPECT_TRUE(contains(out, "for_each_thread")) << out;
  EXPECT_FALSE(contains(out, "cucpu_in_bounds"));
}

// A precheck covers the region's threads only: inside a listed guard (a warp
// collective's `if (warp == 0)`), it loops over the guard's list.
TEST(BoundsPrechecks, PrecheckLoopsOverTheRegionsThreads) {
  const std::string out = rewrite(marker() +
                                  "__cucpu_global__ void k(const float* in, float* out, int n) {\n"
                                  "  unsigned t = __cucpu_builtin_threadIdx.x;\n"
                                  "  if (t < 32) {\n"
                                  "    float v = t + 1 < unsigned(n) ? in[t + 1] : 0.0f;\n"
                                  "    v += __shfl_down_sync(0xffffffffu, v, 1);\n"
                                  "    out[t] = v;\n"
                                  "  }\n"
                                  "}\n");
  EXPECT_TRUE(contains_all(out, {"for_each_listed_thread(cucpu_guard_0_list_at, cucpu_guard_0_count, [&]([[maybe_unused]] "
                                 "::std::size_t cucpu_t) { unsigned t = ",
                                 "|= unsigned(!(t + 1 < unsigned(n)));"}));
}

}  // namespace
}  // namespace cucpu::compiler
