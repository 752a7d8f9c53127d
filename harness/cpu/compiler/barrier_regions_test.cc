// Unit tests of cutting a kernel body into regions between barriers.
#include "harness/cpu/compiler/barrier_regions.h"

#include <gtest/gtest.h>

#include "harness/cpu/compiler/test_snippet.h"

namespace cucpu::compiler {
namespace {

struct Planned {
  bool split;
  std::string reason;
  RegionPlan plan;
};

Planned plan(const std::string& body, const std::vector<std::string>& parameters = {"n"}) {
  TestSnippet s("{" + body + "}");
  const TokenCursor& c = s.cursor();
  BlockUniformity uniformity(c, 1, c.size() - 1);
  Planned out;
  BlockGroups groups = find_block_groups(c, 1, c.size() - 1);
  out.split = plan_barrier_regions(c, 1, c.size() - 1, parameters, groups, uniformity,
                                   /*interchange_loops=*/true, /*strided_loops=*/true, &out.plan, &out.reason);
  return out;
}

TEST(BarrierRegions, RegionsBetweenBarriersAndInsideUniformLoops) {
  Planned p = plan(
      "__cucpu_shared__ float s[64];"
      "int t = __cucpu_builtin_threadIdx.x; s[t] = t;"
      "__syncthreads();"
      "for (int step = 1; step < n; step *= 2) { float v = s[t ^ step]; __syncthreads(); s[t] = v; __syncthreads(); }"
      "if (t == 0) return;");
  ASSERT_TRUE(p.split) << p.reason;
  // Before the loop, the two halves of its body, after it.
  EXPECT_EQ(p.plan.regions.size(), 4u);
  EXPECT_EQ(p.plan.barriers.size(), 3u);
  // Regions are numbered as planned: the loop body's first (planned while
  // classifying the top level's statements), then the top level's.
  EXPECT_FALSE(p.plan.regions[0].top_level);
  EXPECT_FALSE(p.plan.regions[1].top_level);
  EXPECT_TRUE(p.plan.regions[2].top_level);
  EXPECT_TRUE(p.plan.regions[3].final);
  EXPECT_FALSE(p.plan.regions[2].final);
  // Locals declared in regions, in source order: t (top level), v (loop body).
  ASSERT_EQ(p.plan.locals.size(), 2u);
  EXPECT_EQ(p.plan.locals[0].region, 2);
  EXPECT_EQ(p.plan.locals[1].region, 0);
}

TEST(BarrierRegions, UniformLoopsWithoutBarriersHoldTheThreadLoop) {
  // The loop over k runs once per block; its body is a region of its own.
  Planned p = plan("int t = __cucpu_builtin_threadIdx.x; float sum = 0;"
                   "for (int k = 0; k < n; ++k) sum += k * t;"
                   "out[t] = sum;");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_EQ(p.plan.interchanged_loops, 1);
  EXPECT_EQ(p.plan.regions.size(), 3u);
  EXPECT_TRUE(p.plan.barriers.empty());
  EXPECT_EQ(p.plan.added_braces.size(), 1u);  // its single statement gets braces
  // Nested loops: both move out, the inner one's body is the region.
  p = plan("float sum = 0; for (int u = 0; u < n; ++u) { for (int v = 0; v < __cucpu_builtin_blockDim.x; ++v) "
           "sum += u * v; } out[0] = sum;");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_EQ(p.plan.interchanged_loops, 2);
  EXPECT_EQ(p.plan.regions.size(), 3u);
}

TEST(BarrierRegions, LoopsThatStayInsideTheThreads) {
  auto interchanged = [](const std::string& body) {
    Planned p = plan("int t = __cucpu_builtin_threadIdx.x; float sum = 0;" + body);
    EXPECT_TRUE(p.split) << p.reason;
    return p.plan.interchanged_loops;
  };
  EXPECT_EQ(interchanged("for (int k = 0; k < n; ++k) sum += k;"), 1);
  EXPECT_EQ(interchanged("for (int k = 0; k < t; ++k) sum += k;"), 0);           // differs between threads
  EXPECT_EQ(interchanged("for (int k = 0; k < 16; ++k) sum += k;"), 0);          // constants alone
  EXPECT_EQ(interchanged("for (int k = 0; k < n; ++k) { if (k == t) break; }"), 0);
  EXPECT_EQ(interchanged("for (int k = 0; k < n; ++k) { if (k == t) continue; sum += k; }"), 0);
  EXPECT_EQ(interchanged("for (int k = 0; k < n; ++k) { if (k == t) return; }"), 0);
  EXPECT_EQ(interchanged("for (int k = 0; k < n; ++k) { k += t; }"), 0);         // the body moves the counter
    // A `continue` of a loop inside the body is the inner loop's own.
  EXPECT_EQ(interchanged("for (int k = 0; k < n; ++k) { for (int j = 0; j < t; ++j) { if (j == k) continue; "
                         "sum += j; } }"),
            1);
}

// A loop whose counter starts per thread and steps by a uniform stride up
// to a uniform bound (block- and grid-stride loops) is a region of its own,
// run in rounds.
TEST(BarrierRegions, StridedLoopsAreRegionsOfTheirOwn) {
  Planned p = plan("int t = __cucpu_builtin_threadIdx.x; float sum = 0;"
                   "for (int k = t; k < n; k += __cucpu_builtin_blockDim.x) sum += k;"
                   "out[t] = sum;");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_EQ(p.plan.interchanged_loops, 1);
  ASSERT_EQ(p.plan.strided_loops.size(), 1u);
  // Before the loop, the loop, after it.
  ASSERT_EQ(p.plan.regions.size(), 3u);
  EXPECT_EQ(p.plan.regions[0].strided, -1);
  EXPECT_EQ(p.plan.regions[1].strided, 0);
  EXPECT_EQ(p.plan.regions[2].strided, -1);
  EXPECT_TRUE(p.plan.regions[2].final);
  EXPECT_TRUE(p.plan.added_braces.empty());
  auto strided = [](const std::string& loop) {
    Planned p = plan("int t = __cucpu_builtin_threadIdx.x; float sum = 0;" + loop);
    EXPECT_TRUE(p.split) << p.reason;
    return p.plan.strided_loops.size();
  };
  EXPECT_EQ(strided("for (int k = t; k < n; ++k) sum += k;"), 1u);
  EXPECT_EQ(strided("for (unsigned k = t; k < n; k++) { sum += k; }"), 1u);
  EXPECT_EQ(strided("for (std::size_t k = __cucpu_builtin_blockIdx.x * __cucpu_builtin_blockDim.x + t; k < n; "
                    "k += __cucpu_builtin_blockDim.x * __cucpu_builtin_gridDim.x) sum += k;"),
            1u);
  EXPECT_EQ(strided("for (int k = t; k < n * 2 + 1; k += 32) sum += k;"), 1u);
  // Not strided: another condition, a bound that is not one operand of `<`,
  // a stride or start that may differ or change, a counter the body moves,
  // an early exit, constants alone, a counter that is not an integer.
  EXPECT_EQ(strided("for (int k = t; k <= n; k += 32) sum += k;"), 0u);
  EXPECT_EQ(strided("for (int k = t; n > k; k += 32) sum += k;"), 0u);
  EXPECT_EQ(strided("for (int k = t; k < n && n > 4; k += 32) sum += k;"), 0u);
  EXPECT_EQ(strided("for (int k = t; k < n; k += t + 1) sum += k;"), 0u);
  EXPECT_EQ(strided("for (int k = t; k < n; k *= 2) sum += k;"), 0u);
  EXPECT_EQ(strided("for (int k = out[t]; k < n; k += 32) sum += k;"), 0u);   // an element: may change
  EXPECT_EQ(strided("for (int k = f(t); k < n; k += 32) sum += k;"), 0u);     // a call
  EXPECT_EQ(strided("for (int k = t; k < n; k += 32) { sum += k; t += 1; }"), 0u);
  EXPECT_EQ(strided("int* p = &t; for (int k = t; k < n; k += 32) { sum += k; *p += 1; }"), 0u);
  EXPECT_EQ(strided("for (int k = t; k < n; k += 32) { sum += k; k += 1; }"), 0u);
  EXPECT_EQ(strided("for (int k = t; k < n; k += 32) { if (sum > 4) break; sum += k; }"), 0u);
  EXPECT_EQ(strided("for (int k = t; k < 64; k += 32) sum += k;"), 0u);
  EXPECT_EQ(strided("for (float k = t; k < n; k += 32) sum += k;"), 0u);
  EXPECT_EQ(strided("for (auto k = t; k < n; k += 32) sum += k;"), 0u);
  // Inside an `if`, the `if` becomes a guard around it.
  p = plan("int t = __cucpu_builtin_threadIdx.x; float sum = 0;"
           "if (t < 40) { for (int k = t; k < n; k += 64) sum += k; } out[t] = sum;");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_EQ(p.plan.strided_loops.size(), 1u);
  EXPECT_EQ(p.plan.guards.size(), 1u);
  // A return before a strided loop is remembered per thread.
  p = plan("int t = __cucpu_builtin_threadIdx.x; if (t >= n) return;"
           "for (int k = t; k < n; k += 64) out[k] = 0;");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_TRUE(p.plan.exit_flags);
}

// A `return` before interchanged loops: the plan records each one, and the
// later regions skip threads that returned. Not with barriers (fibers'
// rules for exited threads) or a lambda in the kernel (its `return`).
TEST(BarrierRegions, EarlyReturnsBeforeInterchangedLoops) {
  Planned p = plan("int t = __cucpu_builtin_threadIdx.x; if (t >= n) return; float sum = 0;"
                   "for (int k = 0; k < n; ++k) sum += k; if (sum > 4) return; out[t] = sum;");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_EQ(p.plan.interchanged_loops, 1);
  EXPECT_TRUE(p.plan.exit_flags);
  EXPECT_EQ(p.plan.returns.size(), 2u);
  p = plan("int t = __cucpu_builtin_threadIdx.x; for (int k = 0; k < n; ++k) out[t] += k; if (t > n) return;");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_FALSE(p.plan.exit_flags);  // a return in the last region ends the thread anyway
  EXPECT_EQ(plan("int t = __cucpu_builtin_threadIdx.x; if (t >= n) return; __syncthreads(); out[t] = 1;").reason,
            "returns before its last barrier");
  EXPECT_EQ(plan("int t = __cucpu_builtin_threadIdx.x; if (t >= n) return; auto f = [&](int v) { return v; };"
                 "for (int k = 0; k < n; ++k) out[t] += f(k);")
                .reason,
            "returns before its last barrier");
}

// An `if` without else around interchangeable loops is a guard: its header
// is a region of its own and the regions inside carry it.
TEST(BarrierRegions, GuardsAroundInterchangedLoops) {
  Planned p = plan("int t = __cucpu_builtin_threadIdx.x; if (t < n) { float sum = 0;"
                   "for (int k = 0; k < n; ++k) sum += k; out[t] = sum; } out[0] = 1;");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_EQ(p.plan.interchanged_loops, 1);
  ASSERT_EQ(p.plan.guards.size(), 1u);
  // Inside: before the loop, its body, after it; outside: before the guard,
  // the guard's header, after the guard.
  ASSERT_EQ(p.plan.regions.size(), 6u);
  int inside = 0;
  for (const ThreadRegion& region : p.plan.regions) inside += region.guards == std::vector<int>{0};
  EXPECT_EQ(inside, 3);
  // Not guards: an `if` with an else, or around no interchangeable loop.
  for (const char* body : {"if (t < n) { for (int k = 0; k < n; ++k) out[t] += k; } else { out[t] = 0; }",
                           "if (t < n) { for (int k = 0; k < t; ++k) out[t] += k; }"}) {
    p = plan(std::string("int t = __cucpu_builtin_threadIdx.x;") + body);
    ASSERT_TRUE(p.split) << p.reason;
    EXPECT_TRUE(p.plan.guards.empty()) << body;
    EXPECT_EQ(p.plan.interchanged_loops, 0) << body;
  }
}

// `if (c) statement` that few threads enter, the same threads in every
// block, is a listed guard of its own; so the code around it is regions
// without it.
TEST(BarrierRegions, SparseGuardsAroundStatementsFewThreadsEnter) {
  const std::string locals =
      "__cucpu_shared__ float sums[8];"
      "unsigned tid = __cucpu_builtin_threadIdx.x;"
      "unsigned lane = tid % 32, warp = tid / 32;"
      "float v = in[tid];";
  Planned p = plan(locals +
                       "if (lane == 0) sums[warp] = v;"
                       "__syncthreads();"
                       "if (warp == 0) { v = sums[lane % 8]; __cucpu_warp_barrier(); if (!lane) out[0] = v; }",
                   {"in", "out"});
  ASSERT_TRUE(p.split) << p.reason;
  // `lane == 0`, `warp == 0` (around a collective), `!lane` inside it.
  ASSERT_EQ(p.plan.guards.size(), 3u);
  for (const Guard& guard : p.plan.guards) {
    EXPECT_TRUE(guard.listed);
    EXPECT_TRUE(guard.launch_invariant);
  }
  EXPECT_FALSE(p.plan.guards[0].braced);
  EXPECT_TRUE(p.plan.guards[1].braced);
  EXPECT_FALSE(p.plan.guards[2].braced);
  // The `!lane` statement's region runs under both lists.
  int under_both = 0;
  for (const ThreadRegion& region : p.plan.regions) under_both += region.guards == std::vector<int>{1, 2};
  EXPECT_EQ(under_both, 1);

  // Not sparse guards: many threads pass, the condition differs between
  // blocks or reads memory, a local written twice, an else, a statement
  // that leaves, or (around a collective) a guard whose list varies.
  for (const char* statement : {"if (lane < 16) sums[warp] = v;",
                                "if (lane == 0 || warp == 1) sums[warp] = v;",
                                "if (tid == __cucpu_builtin_blockIdx.x) sums[0] = v;",
                                "if (lane == n) sums[0] = v;",
                                "if (in[tid] == 0.0f) sums[warp] = v;",
                                "if (lane == 0) sums[warp] = v; else sums[warp] = 0;",
                                "for (int k = 0; k < 4; ++k) { if (lane == k) break; }",
                                "if (v == 0.0f) sums[warp] = v;",
                                "if (n == 0) sums[0] = v;"}) {
    p = plan(locals + statement, {"in", "out"});
    ASSERT_TRUE(p.split) << p.reason;
    EXPECT_TRUE(p.plan.guards.empty()) << statement;
  }
  p = plan(locals + "lane = 3; if (lane == 0) sums[0] = v;", {"in", "out"});
  EXPECT_TRUE(p.plan.guards.empty());
  // After a thread's return (not the block's): none.
  p = plan(locals + "__syncthreads(); if (tid >= 100) return; out[tid] = v; if (lane == 0) out[0] = v;",
           {"in", "out"});
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_TRUE(p.plan.guards.empty());
  p = plan(locals + "if (n == 0) return; __syncthreads(); if (lane == 0) sums[0] = v;", {"in", "out", "n"});
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_EQ(p.plan.guards.size(), 1u);
  // An unwritten parameter is the same in every block: `lane == n` is
  // sparse where the kernel never writes n (above it does not know n).
  p = plan(locals + "if (lane == n) sums[0] = v;", {"in", "out", "n"});
  ASSERT_EQ(p.plan.guards.size(), 1u);
  p = plan(locals + "if (lane == n) sums[0] = v; n = 2;", {"in", "out", "n"});
  EXPECT_TRUE(p.plan.guards.empty());
  // A collective's guard on blockIdx is listed, not kept for the launch,
  // and a sparse guard inside it would be made per block: none.
  p = plan(locals + "if (__cucpu_builtin_blockIdx.x == warp) { __cucpu_warp_barrier(); if (lane == 0) out[0] = v; }",
           {"in", "out"});
  ASSERT_TRUE(p.split) << p.reason;
  ASSERT_EQ(p.plan.guards.size(), 1u);
  EXPECT_TRUE(p.plan.guards[0].listed);
  EXPECT_FALSE(p.plan.guards[0].launch_invariant);
}

// An interchanged `for (T k = init; k < bound; ++k)` whose body is one
// region runs several iterations per thread pass (JammedLoop).
TEST(BarrierRegions, InterchangedLoopsWithOneRegionAreJammed) {
  Planned p = plan("int t = __cucpu_builtin_threadIdx.x; float sum = 0;"
                   "for (int k = 0; k < n; ++k) sum += k * t;"
                   "for (unsigned j = 1; j < n + 1u; j += 1) { sum -= j; sum *= 2; }"
                   "out[t] = sum;");
  ASSERT_TRUE(p.split) << p.reason;
  ASSERT_EQ(p.plan.jammed_loops.size(), 2u);
  int jammed_regions = 0;
  for (const ThreadRegion& region : p.plan.regions) jammed_regions += region.jammed >= 0;
  EXPECT_EQ(jammed_regions, 2);
  // Not jammed: other steps or conditions, a bound reading the counter, a
  // body of more than one region (a nested interchanged loop: only the
  // inner one is), a counter that is not an integer.
  for (const char* loop : {"for (int k = 0; k < n; k += 2) sum += k;", "for (int k = 0; k <= n; ++k) sum += k;",
                           "for (int k = n; k > 0; --k) sum += k;", "for (int k = 0; k < n - k; ++k) sum += k;",
                           "for (float k = 0; k < n; ++k) sum += k;", "for (int k = 0, m = 1; k < n; ++k) sum += m;"}) {
    p = plan(std::string("int t = __cucpu_builtin_threadIdx.x; float sum = 0;") + loop + "out[t] = sum;");
    ASSERT_TRUE(p.split) << p.reason;
    EXPECT_TRUE(p.plan.jammed_loops.empty()) << loop;
  }
  p = plan("int t = __cucpu_builtin_threadIdx.x; float sum = 0;"
           "for (int i = 0; i < n; ++i) { sum += i; for (int k = 0; k < n; ++k) sum += k * t; }"
           "out[t] = sum;");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_EQ(p.plan.interchanged_loops, 2);
  ASSERT_EQ(p.plan.jammed_loops.size(), 1u);
}

TEST(BarrierRegions, InterchangeCanBeTurnedOff) {
  TestSnippet s("{float sum = 0; for (int k = 0; k < n; ++k) sum += k; out[0] = sum;}");
  const TokenCursor& c = s.cursor();
  BlockUniformity uniformity(c, 1, c.size() - 1);
  BlockGroups groups = find_block_groups(c, 1, c.size() - 1);
  RegionPlan plan;
  std::string reason;
  ASSERT_TRUE(plan_barrier_regions(c, 1, c.size() - 1, {"n"}, groups, uniformity, /*interchange_loops=*/false, /*strided_loops=*/false,
                                   &plan, &reason));
  EXPECT_EQ(plan.interchanged_loops, 0);
  EXPECT_EQ(plan.regions.size(), 1u);
}

TEST(BarrierRegions, UniformLocalsStayOutOfRegions) {
  Planned p = plan("int lane_id = 5; int flip = 0; __syncthreads(); flip = 1 - flip;"
                   "for (int i = lane_id; i < n; ++i) { __syncthreads(); }");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_TRUE(p.plan.regions.empty());  // every statement runs once per block
  EXPECT_EQ(p.plan.barriers.size(), 2u);
}

// The whole block returns, once, between thread loops.
TEST(BarrierRegions, BlockUniformReturnBeforeABarrier) {
  Planned p = plan("if (n) return; __syncthreads(); out[__cucpu_builtin_threadIdx.x] = 1;");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_EQ(p.plan.block_returns.size(), 1u);
  EXPECT_TRUE(p.plan.returns.empty());
  EXPECT_EQ(p.plan.regions.size(), 1u);
}

TEST(BarrierRegions, WhatStaysOnFibers) {
  EXPECT_EQ(plan("if (n) { __syncthreads(); }").reason,
            "has a __syncthreads() inside a statement other than a 'for' loop");
  EXPECT_EQ(plan("int q = __cucpu_builtin_threadIdx.x; int r = q * 2;"
                 "for (int i = r; i < n; ++i) { __syncthreads(); }")
                .reason,
            "has a barrier in a 'for' loop whose counter 'i' may differ between threads");
  EXPECT_EQ(plan("for (int i = 0; i < n; ++i) { if (i) break; __syncthreads(); }").reason,
            "has 'break' or 'continue' in a loop with a barrier");
  EXPECT_EQ(plan("if (__cucpu_builtin_threadIdx.x >= n) return; __syncthreads();").reason,
            "returns before its last barrier");
  EXPECT_EQ(plan("if (n) { n = 0; return; } __syncthreads();").reason, "returns before its last barrier");
  EXPECT_EQ(plan("for (int i = 0; i < n; ++i) __syncthreads();").reason,
            "has a barrier in a 'for' loop without a braced body");
  EXPECT_EQ(plan("auto block = cg::this_thread_block(); if (n) { block.sync(); }").reason,
            "has a __syncthreads() inside a statement other than a 'for' loop");
}

TEST(BarrierRegions, AThreadBlocksSyncIsABarrier) {
  Planned p = plan(
      "cg::thread_block block = cg::this_thread_block(); int t = block.thread_rank();"
      "for (int i = 0; i < n; ++i) { block.sync(); t += i; cg::sync(block); }");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_EQ(p.plan.barriers.size(), 2u);
  // The declaration of `block` runs once per block, outside the regions.
  EXPECT_EQ(p.plan.regions.size(), 2u);
  EXPECT_EQ(p.plan.locals.size(), 1u);
}

}  // namespace
}  // namespace cucpu::compiler
