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
  out.split = plan_barrier_regions(c, 1, c.size() - 1, parameters, groups, uniformity, &out.plan, &out.reason);
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

TEST(BarrierRegions, UniformLocalsStayOutOfRegions) {
  Planned p = plan("int lane_id = 5; int flip = 0; __syncthreads(); flip = 1 - flip;"
                   "for (int i = lane_id; i < n; ++i) { __syncthreads(); }");
  ASSERT_TRUE(p.split) << p.reason;
  EXPECT_TRUE(p.plan.regions.empty());  // every statement runs once per block
  EXPECT_EQ(p.plan.barriers.size(), 2u);
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
  EXPECT_EQ(plan("if (n) return; __syncthreads();").reason, "returns before its last barrier");
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
