// Unit tests of barrier splitting (through rewrite_cuda_as_cpp, on hand-written
// preprocessed text): which kernels are split, why others stay on fibers,
// and the shape of the split code. Whether split code computes the right
// thing is checked end to end by tests/conformance/barrier_split.cu.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "harness/cpu/compiler/cuda_to_cpp.h"
#include "harness/cpu/compiler/test_assertions.h"

namespace cucpu::compiler {
namespace {

// The prelude's markers for threadIdx.x and blockDim.x.
constexpr char kThreadX[] = "__cucpu_builtin_threadIdx.x";
constexpr char kBlockDimX[] = "__cucpu_builtin_blockDim.x";

std::string with_builtins(std::string text) {
  for (auto [name, expansion] : {std::pair<std::string, std::string>{"TX", kThreadX}, {"BDX", kBlockDimX}}) {
    for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + expansion.size())) {
      text.replace(at, name.size(), expansion);
    }
  }
  return "# 1 \"user.cu\"\n" + text;
}

RewriteResult rewrite(const std::string& kernel) {
  RewriteResult result = rewrite_cuda_as_cpp(with_builtins(kernel));
  EXPECT_TRUE(result.errors.empty()) << (result.errors.empty() ? "" : format_error(result.errors[0]));
  return result;
}

// The reason a kernel stayed on fibers, or "" if it was split.
std::string fiber_reason(const std::string& kernel) {
  RewriteResult result = rewrite(kernel);
  if (!result.kept_on_fibers.empty()) return result.kept_on_fibers[0];
  EXPECT_EQ(result.split_kernels.size(), 1u) << result.text;
  return "";
}

TEST(SplitBarriers, ReductionIsSplitIntoThreadLoops) {
  RewriteResult result = rewrite(
      "__cucpu_global__ void reduce(const float* in, float* out) {\n"
      "  __cucpu_shared__ float s[256];\n"
      "  unsigned tid = TX;\n"
      "  s[tid] = in[tid];\n"
      "  __syncthreads();\n"
      "  for (unsigned stride = BDX / 2; stride > 0; stride >>= 1) {\n"
      "    if (tid < stride) s[tid] += s[tid + stride];\n"
      "    __syncthreads();\n"
      "  }\n"
      "  if (tid == 0) *out = s[0];\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_EQ(result.split_kernels[0], "reduce");
  const std::string& out = result.text;
  EXPECT_FALSE(contains(out, "__syncthreads"));
  EXPECT_FALSE(contains(out, "__cucpu_global__"));
  EXPECT_TRUE(contains(out, "::cucpu::detail::split_block_begin();"));
  EXPECT_TRUE(contains(out, "::cucpu::detail::split_block_end();"));
  // Three regions: before the loop, the loop body, after the loop.
  EXPECT_EQ(occurrences(out, "for_each_thread"), 3u) << out;
  // `tid` is recomputed from threadIdx in the later regions, not stored.
  EXPECT_FALSE(contains(out, "cucpu_split_0_tid"));
  EXPECT_TRUE(contains(out, "unsigned tid = (static_cast<const uint3&>(::cucpu::detail::tls_context.thread_idx)).x;"));
  // Line structure is kept.
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 12) << out;
}

// The thread loops count with the signedness of the kernel's own thread-index
// local, so g++ can split them at `tid >= offset` (speed only).
TEST(SplitBarriers, ThreadLoopCounterFollowsTheThreadIndexLocal) {
  const std::string body =
      " tid = TX;\n"
      "  __cucpu_shared__ float s[2][256];\n"
      "  s[0][tid] = in[tid];\n"
      "  __syncthreads();\n"
      "  for (int offset = 1; offset < 256; offset *= 2) {\n"
      "    float v = s[0][tid];\n"
      "    if (tid >= offset) v += s[0][tid - offset];\n"
      "    __syncthreads();\n"
      "    s[0][tid] = v;\n"
      "    __syncthreads();\n"
      "  }\n"
      "  out[tid] = s[0][tid];\n"
      "}\n";
  const std::string head = "__cucpu_global__ void scan(const float* in, float* out) {\n  ";
  for (auto [type, counter] : {std::pair<std::string, std::string>{"int", "for_each_thread<int>"},
                               {"unsigned", "for_each_thread<unsigned>"},
                               {"unsigned int", "for_each_thread<unsigned>"},
                               {"size_t", "for_each_thread<unsigned>"}}) {
    RewriteResult result = rewrite(head + type + body);
    ASSERT_EQ(result.split_kernels.size(), 1u) << type << ": " << result.kept_on_fibers[0];
    EXPECT_NE(result.text.find(counter), std::string::npos) << type << ": " << result.text;
    const char* other = counter == "for_each_thread<int>" ? "for_each_thread<unsigned>" : "for_each_thread<int>";
    EXPECT_EQ(result.text.find(other), std::string::npos) << type << ": " << result.text;
  }
  // No thread-index local: unsigned, like threadIdx.x itself.
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(float* out) {\n"
      "  __cucpu_shared__ float s[64];\n"
      "  s[TX] = 1.0f;\n"
      "  __syncthreads();\n"
      "  out[TX] = s[63 - TX];\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_TRUE(contains(result.text, "for_each_thread<unsigned>"));
}

TEST(SplitBarriers, LocalsAcrossBarriersMoveToPerThreadStorage) {
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(const float* in, float* out, int n) {\n"
      "  __cucpu_shared__ float s[64];\n"
      "  float acc = 0.0f;\n"
      "  for (int t = 0; t < n; ++t) {\n"
      "    s[TX] = in[t * 64 + TX];\n"
      "    __syncthreads();\n"
      "    acc += s[63 - TX];\n"
      "    __syncthreads();\n"
      "  }\n"
      "  out[TX] = acc;\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.text;
  const std::string& out = result.text;
  EXPECT_TRUE(contains(out, "static thread_local ::std::remove_cv_t<float> cucpu_split_0_acc[1024];"));
  // Its address is never taken: each region works on a copy, stored back
  // at the region's end.
  EXPECT_TRUE(contains(out, "::std::remove_cv_t<float> acc = cucpu_split_0_acc_at[cucpu_t];"));
  EXPECT_TRUE(contains(out, "cucpu_split_0_acc_at[cucpu_t] = acc; });"));
  EXPECT_FALSE(contains(out, "float acc ="));  // the declaration became an assignment
  EXPECT_TRUE(contains(out, "acc = 0.0f;"));
}

TEST(SplitBarriers, LocalWhoseAddressIsTakenStaysInItsSlot) {
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(float* out) {\n"
      "  float acc = out[TX];\n"
      "  float* p = &acc;\n"
      "  __syncthreads();\n"
      "  *p += 1.0f;\n"
      "  __syncthreads();\n"
      "  out[TX] = acc;\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.text;
  const std::string& out = result.text;
  EXPECT_TRUE(contains(out, "auto& acc = cucpu_split_0_acc_at[cucpu_t];"));
  EXPECT_FALSE(contains(out, "cucpu_split_0_acc_at[cucpu_t] = acc;"));
}

TEST(SplitBarriers, SeveralDeclaratorsInOneDeclaration) {
  // Both recomputable: redeclared where used.
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(int* o) {\n"
      "  int x = TX, twice = 2 * x;\n"
      "  o[x] = twice;\n"
      "  __syncthreads();\n"
      "  o[x + 64] = twice;\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_TRUE(contains(result.text, "int x = (static_cast"));
  EXPECT_TRUE(contains(result.text, "int twice = 2 * x; "));
  // One of them read from memory: both move to storage.
  result = rewrite(
      "__cucpu_global__ void k(int* o) {\n"
      "  int x = TX, v = o[x];\n"
      "  __syncthreads();\n"
      "  o[x + 64] = v;\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_TRUE(contains(result.text,
                       "::std::remove_cv_t<int> x = cucpu_split_0_x_at[cucpu_t]; "
                       "::std::remove_cv_t<int> v = cucpu_split_1_v_at[cucpu_t];"));
  EXPECT_FALSE(contains(result.text, "int x"));
}

TEST(SplitBarriers, UniformReassignmentRunsOncePerBlock) {
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(int* out) {\n"
      "  __cucpu_shared__ int b[2][64];\n"
      "  int current = 0;\n"
      "  b[0][TX] = TX;\n"
      "  __syncthreads();\n"
      "  for (int step = 1; step < 64; step *= 2) {\n"
      "    b[1 - current][TX] = b[current][TX] + 1;\n"
      "    current = 1 - current;\n"
      "    __syncthreads();\n"
      "  }\n"
      "  out[TX] = b[current][TX];\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  const std::string& out = result.text;
  EXPECT_FALSE(contains(out, "cucpu_split_0_current"));
  // The reassignment sits between two thread loops, outside both.
  size_t assignment = out.find("current = 1 - current;");
  ASSERT_NE(assignment, std::string::npos) << out;
  EXPECT_EQ(out.rfind("});", assignment) + 3, out.find_last_not_of(" \n", assignment - 1) + 1) << out;
}

// Each kernel stays on fibers, for the reason given.
TEST(SplitBarriers, KernelsThatStayOnFibers) {
  struct Case {
    std::string kernel;
    std::string reason;  // a part of the reason fiber_reason() gives
  };
  const Case cases[] = {
      {"__cucpu_global__ void k(int* o) { if (TX < 32) { __syncthreads(); } o[TX] = 1; }\n",
       "inside a statement other than a 'for' loop"},
      {"__cucpu_global__ void k(int* o, int n) { n += 1; __syncthreads(); o[TX] = n; }\n", "assigns its parameter 'n'"},
      {"__cucpu_global__ void k(int* o, Params p) { p.scale[1] *= 2; __syncthreads(); "
       "o[TX] = p.scale[1]; }\n",
       "assigns its parameter 'p'"},
      {"__cucpu_global__ void k(int* o, int n) { if (TX >= n) return; __syncthreads(); "
       "o[TX] = 1; }\n",
       "returns before its last barrier"},
      {"__cucpu_global__ void k(int* o) { for (int i = TX; i < 64; i += 32) { "
       "__syncthreads(); } }\n",
       "counter 'i' may differ between threads"},
      {"__cucpu_global__ void k(int* o, int n) { for (int i = 0; i < n; ++i) { "
       "__syncthreads(); if (o[i]) break; } }\n",
       "'break' or 'continue'"},
      {"__cucpu_global__ void k(int* o) { unsigned m = __activemask(); __syncthreads(); "
       "o[TX] = m; }\n",
       "uses '__activemask'"},
      // A collective in a condition is not lowered (warp_slots.h).
      {"__cucpu_global__ void k(int* o) { if (__any_sync(~0u, o[TX])) o[TX] = 0; }\n", "uses '__any_sync'"},
      // A guard around collectives may not hold a block barrier.
      {"__cucpu_global__ void k(int* o) { if (TX < 32) { o[TX] = __shfl_sync(~0u, o[TX], 0); "
       "__syncthreads(); } }\n",
       "inside a statement other than a 'for' loop"},
      // Threads that wait for each other outside __syncthreads must be able to
      // yield their fiber.
      {"__cucpu_global__ void k(int* o, Bar* b) { o[TX] = 1; b->arrive_and_wait(); "
       "__syncthreads(); }\n",
       "uses 'arrive_and_wait'"},
      {"__cucpu_global__ void k(int* o) { while (o[0] == 0) __nanosleep(8); __syncthreads(); }\n",
       "uses '__nanosleep'"},
      // A call in a branch is inlined, but its barrier is then in the branch.
      {"void helper(int* o) { __syncthreads(); }\n"
       "__cucpu_global__ void k(int* o) { o[TX] = 1; __syncthreads(); if (o[0]) helper(o); }\n",
       "inside a statement other than a 'for' loop"},
      {"__cucpu_global__ void k(int* o) { auto v = o[TX]; __syncthreads(); o[TX + 1] = v; }\n",
       "keeps the local 'v' across a barrier, but its declaration is not plain"},
  };
  for (const Case& k : cases) EXPECT_TRUE(contains(fiber_reason(k.kernel), k.reason)) << k.kernel;
}

// A block reduction written with shuffles: the helper is inlined, each
// shuffle is a store, a barrier and a read (warp_slots.h), and the first
// warp's `if (warp == 0)` is a guard whose thread loops skip other warps.
TEST(SplitBarriers, WarpCollectivesSplitAroundSlots) {
  RewriteResult result = rewrite(
      "float warp_sum(float v) {\n"
      "  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);\n"
      "  return v;\n"
      "}\n"
      "__cucpu_global__ void reduce(const float* in, float* out) {\n"
      "  __cucpu_shared__ float sums[32];\n"
      "  unsigned tid = TX, lane = tid % 32, warp = tid / 32;\n"
      "  float v = warp_sum(in[tid]);\n"
      "  if (lane == 0) sums[warp] = v;\n"
      "  __syncthreads();\n"
      "  if (warp == 0) {\n"
      "    v = warp_sum(sums[lane]);\n"
      "    if (lane == 0) *out = v;\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  const std::string out = result.text.substr(result.text.find("void reduce"));
  EXPECT_FALSE(contains(out, "__shfl_down_sync(")) << out;
  EXPECT_FALSE(contains(out, "__cucpu_warp_barrier")) << out;
  EXPECT_TRUE(contains(out, "::cucpu::detail::split_warp<0>::store(cucpu_t,")) << out;
  EXPECT_TRUE(contains(out, "::cucpu::detail::split_warp<1>::shfl<")) << out;
  // The guard lists the first warp's threads, and its loops run over them.
  EXPECT_TRUE(contains(out, "if (warp == 0) cucpu_guard_1_list_at[cucpu_guard_1_count++] = cucpu_t;")) << out;
  EXPECT_TRUE(contains(out, "::cucpu::detail::for_each_listed_thread(cucpu_guard_1_list_at, cucpu_guard_1_count,"))
      << out;
  // `if (lane == 0) sums[warp] = v;` is a sparse guard: its statement runs
  // over a list of lane 0s, made once per launch (the same in every block),
  // as are the first warp's list and the `lane == 0` inside it.
  EXPECT_TRUE(contains(out, "if (lane == 0) cucpu_guard_0_list_at[cucpu_guard_0_count++] = cucpu_t;")) << out;
  EXPECT_TRUE(contains(out, "if (lane == 0) cucpu_guard_2_list_at[cucpu_guard_2_count++] = cucpu_t;")) << out;
  for (const char* guard : {"cucpu_guard_0", "cucpu_guard_1", "cucpu_guard_2"}) {
    const std::string name = guard;
    EXPECT_TRUE(contains(out, "if (" + name + "_kept.stale()) { " + name + "_count = 0;")) << out;
    EXPECT_TRUE(contains(out, name + "_kept.keep(" + name + "_count); } else { " + name + "_count = " + name +
                                  "_kept.count(); }"))
        << out;
  }
}

// A sparse guard's statement leaves the region it sat in, which then
// vectorises; not where the code between the barriers around it names its
// memory (a missing __syncwarp() would no longer show in shuffled runs),
// nor in the race-checking build.
TEST(SplitBarriers, SparseGuardsLeaveTheirRegion) {
  auto kernel = [](const std::string& after) {
    return "__cucpu_global__ void k(const float* in, float* out) {\n"
           "  __cucpu_shared__ float sums[32];\n"
           "  unsigned tid = TX, lane = tid % 32, warp = tid / 32;\n"
           "  float v = in[tid] * 2.0f;\n"
           "  if (lane == 0) sums[warp] = v;\n" +
           after + "}\n";
  };
  const std::string listed = "if (lane == 0) cucpu_guard_0_list_at[cucpu_guard_0_count++] = cucpu_t;";
  RewriteResult result = rewrite(kernel("  __syncthreads();\n  out[tid] = sums[warp];\n"));
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_TRUE(contains(result.text, listed)) << result.text;
  result = rewrite(kernel("  out[tid] = sums[warp];\n"));
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_FALSE(contains(result.text, "cucpu_guard_0")) << result.text;
  // A shared scalar is memory too.
  result = rewrite(
      "__cucpu_global__ void k(const float* in, float* out) {\n"
      "  __cucpu_shared__ float total;\n"
      "  unsigned tid = TX;\n"
      "  if (tid == 0) total = in[0];\n"
      "  out[tid] = total;\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_FALSE(contains(result.text, "cucpu_guard_0")) << result.text;
  RewriteOptions exact;
  exact.exact_barriers = true;
  result = rewrite_cuda_as_cpp(with_builtins(kernel("  __syncthreads();\n  out[tid] = sums[warp];\n")), exact);
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_FALSE(contains(result.text, "cucpu_guard_0")) << result.text;
}

// A return the whole block takes (its condition is block-uniform) runs once,
// between the thread loops, and ends the block there.
TEST(SplitBarriers, BlockUniformReturnEndsTheBlock) {
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(float* o, int rows) {\n"
      "  int row = __cucpu_builtin_blockIdx.x;\n"
      "  if (row >= rows) return;\n"
      "  o[row * BDX + TX] = 1.0f;\n"
      "  __syncthreads();\n"
      "  o[row * BDX + TX] += o[row * BDX];\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  const std::string& out = result.text;
  size_t exit = out.find("if (row >= rows) { ::cucpu::detail::split_block_end(); return; }");
  ASSERT_NE(exit, std::string::npos) << out;
  // Outside any thread loop: the first one starts after it.
  EXPECT_LT(exit, out.find("for_each_thread")) << out;
}

TEST(SplitBarriers, ReturnAfterTheLastBarrierAndPragmas) {
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(int* o, int n) {\n"
      "  __cucpu_shared__ int s[128];\n"
      "  int i = TX;\n"
      "  s[i] = i;\n"
      "  for (int r = 0; r < 4; ++r) {\n"
      "#pragma unroll 1\n"
      "    for (int j = 0; j < 2; ++j) {\n"
      "      __syncthreads();\n"
      "      s[i] += 1;\n"
      "    }\n"
      "  }\n"
      "  __syncthreads();\n"
      "  if (i >= n) return;\n"
      "  o[i] = s[127 - i];\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  // The #pragma line still starts a line.
  EXPECT_TRUE(contains(result.text, "\n#pragma unroll 1\n"));
}

// A device function holding a barrier, called from a simple statement, is
// inlined and the kernel split; a kernel that stays on fibers keeps its call.
TEST(SplitBarriers, DeviceFunctionWithABarrierIsInlinedWhenTheKernelSplits) {
  const std::string helper =
      "__cucpu_shared__ int cells[64];\n"
      "int exchange(int v) {\n cells[TX] = v;\n __syncthreads();\n return cells[63 - TX];\n}\n";
  RewriteResult split = rewrite(helper + "__cucpu_global__ void k(int* o) { int v = exchange(o[TX]); o[TX] = v; }\n");
  ASSERT_EQ(split.split_kernels, std::vector<std::string>{"k"}) << split.kept_on_fibers[0];
  std::string body = split.text.substr(split.text.find("void k("));
  EXPECT_FALSE(contains(body, "exchange("));
  EXPECT_EQ(std::count(body.begin(), body.end(), '\n'), 1) << body;
  RewriteResult fibers = rewrite(helper + "__cucpu_global__ void k(int* o) { if (o[TX]) return; o[1] = exchange(o[TX]); }\n");
  ASSERT_EQ(fibers.split_kernels.size(), 0u);
  EXPECT_TRUE(contains(fibers.text, "o[1] = exchange("));
}

TEST(SplitBarriers, KernelWithoutBarriersBecomesOneLoop) {
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(const float* p, Totals* t, int n) {\n"
      "  int i = TX;\n"
      "  if (i >= n) return;\n"
      "  atomicAdd(&t->sum, p[i]);\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_TRUE(contains(result.text, "{ ::cucpu::detail::split_block_begin();::cucpu::detail::for_each_thread<int>("));
  EXPECT_EQ(result.text.find("for_each_thread", result.text.find("for_each_thread") + 1), std::string::npos)
      << result.text;
}

// A local that does not cross a barrier but is read by ones that do is
// recomputed with them: no per-thread storage at all (`tid`, then `lane`
// and `warp`). A second `tid` in another scope keeps its name out of that.
TEST(SplitBarriers, LocalsMadeFromANonCrossingLocalAreRecomputed) {
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(float* out) {\n"
      "  __cucpu_shared__ float s[64];\n"
      "  unsigned tid = TX;\n"
      "  unsigned lane = tid % 32, warp = tid / 32;\n"
      "  s[tid] = 1.0f;\n"
      "  __syncthreads();\n"
      "  if (lane == 0) out[warp] = s[lane + 1];\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  const std::string& out = result.text;
  EXPECT_FALSE(contains(out, "cucpu_split_")) << out;
  size_t second = out.find("for_each_thread", out.find("for_each_thread") + 1);
  ASSERT_NE(second, std::string::npos) << out;
  EXPECT_TRUE(contains(out.substr(second), "unsigned tid = ")) << out;
  EXPECT_TRUE(contains(out.substr(second), "unsigned lane = tid % 32; unsigned warp = tid / 32;")) << out;

  RewriteResult twice = rewrite(
      "__cucpu_global__ void k(float* out, int n) {\n"
      "  __cucpu_shared__ float s[64];\n"
      "  for (int r = 0; r < n; ++r) { unsigned t = TX; unsigned lane = t % 32; s[t] = 1.0f;\n"
      "    __syncthreads(); out[lane] += s[lane]; __syncthreads(); }\n"
      "  for (int r = 0; r < n; ++r) { unsigned t = TX + 1; unsigned lane = t % 32; s[t] = 1.0f;\n"
      "    __syncthreads(); out[lane] += s[lane]; __syncthreads(); }\n"
      "}\n");
  ASSERT_EQ(twice.split_kernels.size(), 1u) << twice.kept_on_fibers[0];
  EXPECT_TRUE(contains(twice.text, "cucpu_split_0_lane")) << twice.text;
}

// A block-uniform loop runs once per block around a loop over threads; its
// single statement gets braces; a recomputed local is recomputed with the
// recomputed locals it reads (`r` needs `i`).
TEST(SplitBarriers, UniformLoopHoldsTheThreadLoop) {
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(const float* a, float* out, int n) {\n"
      "  int i = TX;\n"
      "  int r = i < n ? i : n - 1;\n"
      "  float sum = 0;\n"
      "  for (int k = 0; k < n; ++k) sum += a[r * n + k];\n"
      "  if (i < n) out[i] = sum;\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_EQ(result.interchanged_loops, 1);
  const std::string& out = result.text;
  EXPECT_TRUE(contains(out, ")) {const unsigned cucpu_jam_count_0 = ")) << out;
  size_t body = out.find("for (int cucpu_jam_0 = 0;");
  size_t i_at = out.find("int i = ", body), r_at = out.find("int r = ", body), sum_at = out.find("sum += ", body);
  ASSERT_NE(sum_at, std::string::npos) << out;
  EXPECT_LT(i_at, r_at) << out;
  EXPECT_LT(r_at, sum_at) << out;
  // The jammed iterations' loop, the thread loop with its block constant,
  // the added brace, the next loop's bounds precheck (bounds_prechecks.h).
  EXPECT_TRUE(contains(out, "sum += a[r * n + k]; } cucpu_split_0_sum_at[cucpu_t] = sum; }, cucpu_jam_count_0 == "
                            "::cucpu::detail::kJammedIterations); }unsigned cucpu_misses_2 = 0; ::cucpu"))
      << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 8) << out;  // the lines kept

  // The k loop's thread passes each run up to 4 of its iterations
  // (JammedLoop), the counter stepping by as many.
  EXPECT_TRUE(contains(out, "for (int cucpu_jam_0 = 0; cucpu_jam_0 < n; cucpu_jam_0 += "
                            "::cucpu::detail::jammed_iterations(cucpu_jam_0, (n)))"))
      << out;
  EXPECT_TRUE(contains(out, "for (unsigned cucpu_jam_u = 0; cucpu_jam_u < (cucpu_jam_full_0 ? "
                            "::cucpu::detail::kJammedIterations : cucpu_jam_count_0); ++cucpu_jam_u) { "
                            "decltype(cucpu_jam_0) k = static_cast<decltype(cucpu_jam_0)>(cucpu_jam_0 + cucpu_jam_u);"))
      << out;

  RewriteOptions options;
  options.interchange_loops = false;
  RewriteResult plain = rewrite_cuda_as_cpp(
      with_builtins("__cucpu_global__ void k(const float* a, float* out, int n) { float sum = 0;\n"
                    "  for (int k = 0; k < n; ++k) sum += a[k]; out[TX] = sum; }\n"),
      options);
  EXPECT_EQ(plain.interchanged_loops, 0);
  EXPECT_TRUE(contains(plain.text, "for (int k = 0; k < n; ++k) sum += a[k];")) << plain.text;
}

// A block-stride loop runs in rounds around its thread loop: each round
// starts every thread's counter at its next iteration (or the bound, once
// its loop is over) and breaks after one; the rounds go on while a thread
// has an iteration left (StridedRounds, split_kernel.h).
TEST(SplitBarriers, StridedLoopRunsInRounds) {
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(const float* a, float* out, int n) {\n"
      "  float sum = 0;\n"
      "  for (int k = TX; k < n; k += BDX) sum += a[k];\n"
      "  out[TX] = sum;\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_EQ(result.interchanged_loops, 1);
  const std::string& out = result.text;
  EXPECT_TRUE(contains(out, "{ ::cucpu::detail::StridedRounds<int, decltype(::std::declval<int>() + (n))> "
                            "cucpu_strided_0((n), ((static_cast<const dim3&>(::cucpu::detail::tls_context.block_dim)).x)); do { "))
      << out;
  EXPECT_TRUE(contains(out, "[&]([[maybe_unused]] auto cucpu_interleaved_0, [[maybe_unused]] ::std::size_t cucpu_t)"))
      << out;
  EXPECT_TRUE(contains(out, "for (int k = cucpu_strided_0.start(cucpu_interleaved_0, ")) << out;
  EXPECT_TRUE(contains(out, "); k < n; k += ")) << out;
  EXPECT_TRUE(contains(out, ") { sum += a[k]; if (cucpu_interleaved_0) break; }")) << out;
  EXPECT_TRUE(contains(out, ", cucpu_strided_0.interleave()); } while (cucpu_strided_0.next()); }")) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 6) << out;  // the lines kept
}

// The race-checking build runs a strided loop in rounds only where the
// barriers between rounds cannot be observed: loads through a read-only
// pointer into the thread's own sum, not stores that another thread's
// loads could meet.
TEST(SplitBarriers, ExactBuildRunsOnlyUnobservableRounds) {
  const std::string kernel =
      "__cucpu_global__ void k(const float* a, float* out, int n) {\n"
      "  float sum = 0;\n"
      "  for (int k = TX; k < n; k += BDX) sum += a[k];\n"
      "  for (int k = TX; k < n; k += BDX) out[k] = sum + out[(k + 1) % n];\n"
      "}\n";
  EXPECT_EQ(occurrences(rewrite(kernel).text, "::cucpu::detail::StridedRounds<"), 2u);
  RewriteOptions options;
  options.exact_barriers = true;
  RewriteResult exact = rewrite_cuda_as_cpp(with_builtins(kernel), options);
  ASSERT_EQ(exact.split_kernels.size(), 1u) << exact.kept_on_fibers[0];
  EXPECT_EQ(occurrences(exact.text, "::cucpu::detail::StridedRounds<"), 1u) << exact.text;
  EXPECT_TRUE(contains(exact.text, "sum += a[k]; if (cucpu_interleaved_0) break; }")) << exact.text;
  EXPECT_TRUE(contains(exact.text, "; k < n; k += (static_cast<const dim3&>(::cucpu::detail::tls_context.block_dim)).x) "
                                   "out[k] = sum + out[(k + 1) % n];"))
      << exact.text;
}

// A storing strided loop runs in rounds in the race-checking build only
// where each thread touches its own elements: start threadIdx.x plus a
// uniform value, every access but read-only loads `P[k]` of one uniform P
// (the launch then checks a 1-D block and a stride of its width or more).
TEST(SplitBarriers, ExactBuildRunsOwnElementLoopsInRoundsTheLaunchChecks) {
  struct Case {
    const char* loop;
    bool in_rounds;
  };
  const Case cases[] = {
      {"for (int k = TX; k < n; k += BDX) out[k] = a[k] * 2.0f;", true},
      {"for (int k = blockIdx_x * n + TX; k < n; k += BDX) out[k] += a[k];", true},
      {"for (int k = TX + n; k < 2 * n; k += BDX) row[k] = a[k] - row[k];", true},
      {"for (size_t k = blockIdx_x * size_t{BDX} + TX; k < n; k += size_t{BDX} * 4) out[k] = a[k];", true},
      {"for (int k = TX; k < n; k += BDX) out[k] = out[k + 1];", false},        // a neighbour's element
      {"for (int k = TX; k < n; k += BDX) { out[k] = 1; out2[k] = 2; }", false},  // two pointers may overlap
      {"for (int k = 2 * TX; k < n; k += BDX) out[k] = 0;", false},           // not consecutive starts
      {"for (int k = TX; k < n; k += BDX) mine[k] = 0;", false},               // a pointer per thread
      {"for (int k = TX; k < n; k += BDX) { int k = 0; out[k] = 1; }", false},  // another k
      {"for (int k = TX << 1; k < n; k += BDX) out[k] = 0;", false},
  };
  for (const Case& test : cases) {
    const std::string kernel = std::string(
                                   "__cucpu_global__ void k(const float* a, float* out, float* out2, int n, int blockIdx_x) {\n"
                                   "  float* row = out + blockIdx_x * n;\n"
                                   "  float* mine = out + TX;\n"
                                   "  ") +
                               test.loop + "\n}\n";
    RewriteOptions options;
    options.exact_barriers = true;
    RewriteResult exact = rewrite_cuda_as_cpp(with_builtins(kernel), options);
    ASSERT_EQ(exact.split_kernels.size(), 1u) << exact.kept_on_fibers[0];
    EXPECT_EQ(occurrences(exact.text, "::cucpu::detail::OwnElementsOnly{}"), test.in_rounds ? 1u : 0u)
        << test.loop << "\n" << exact.text;
    EXPECT_EQ(occurrences(exact.text, "::cucpu::detail::StridedRounds<"), test.in_rounds ? 1u : 0u)
        << test.loop << "\n" << exact.text;
    // The natural build runs every one in rounds, without the check.
    EXPECT_EQ(occurrences(rewrite(kernel).text, "::cucpu::detail::OwnElementsOnly{}"), 0u) << test.loop;
  }
}

// A thread that returns before an interchanged loop is remembered, and the
// later thread loops skip it.
TEST(SplitBarriers, EarlyReturnIsRememberedPerThread) {
  RewriteResult result = rewrite(
      "__cucpu_global__ void k(const float* a, float* out, int n) {\n"
      "  int i = TX;\n"
      "  if (i >= n) return;\n"
      "  float sum = 0;\n"
      "  for (int k = 0; k < n; ++k) sum += a[k];\n"
      "  out[i] = sum;\n"
      "}\n");
  ASSERT_EQ(result.split_kernels.size(), 1u) << result.kept_on_fibers[0];
  EXPECT_EQ(result.interchanged_loops, 1);
  const std::string& out = result.text;
  EXPECT_TRUE(contains(out, "if (i >= n) { cucpu_exited_at[cucpu_t] = true; cucpu_any_exited = true; return; }")) << out;
  // Cleared per block; checked by the loop's region and the last one, not the first.
  EXPECT_TRUE(contains(out, "cucpu_exited_at[cucpu_i] = false;")) << out;
  EXPECT_EQ(occurrences(out, "if (cucpu_some_exited && cucpu_exited_at[cucpu_t]) return;"), 2u) << out;
}

TEST(SplitBarriers, DisabledByOption) {
  RewriteOptions options;
  options.split_barriers = false;
  RewriteResult result = rewrite_cuda_as_cpp(
      with_builtins("__cucpu_global__ void k(int* o) { o[TX] = 1; __syncthreads(); o[TX] += 1; }\n"), options);
  EXPECT_TRUE(result.split_kernels.empty());
  EXPECT_TRUE(contains(result.text, "__syncthreads"));
  EXPECT_FALSE(contains(result.text, "__cucpu_global__"));
}

}  // namespace
}  // namespace cucpu::compiler
