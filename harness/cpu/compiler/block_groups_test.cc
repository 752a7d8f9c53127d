// Unit tests of finding a thread block's declarations and syncs.
#include "harness/cpu/compiler/block_groups.h"

#include <gtest/gtest.h>

#include "harness/cpu/compiler/test_snippet.h"

namespace cucpu::compiler {
namespace {

TEST(BlockGroups, DeclarationsAndTheSyncsOnThem) {
  TestSnippet s(
      "{ cg::thread_block block = cg::this_thread_block(); const auto b2 = cooperative_groups::this_thread_block();"
      " block.sync(); cg::sync(b2); sync(block); cg::this_thread_block().sync(); x = block.thread_rank(); }");
  const TokenCursor& c = s.cursor();
  BlockGroups groups = find_block_groups(c, 1, c.size() - 1);
  EXPECT_EQ(groups.names, (std::set<std::string>{"block", "b2"}));
  EXPECT_EQ(groups.declarations.size(), 2u);
  ASSERT_EQ(groups.barriers.size(), 4u);
  EXPECT_EQ(groups.barriers.begin()->first, s.find("block", 1));
  EXPECT_EQ(groups.barriers.begin()->second, s.find(";", 2) + 1);
  EXPECT_TRUE(groups.understood.count(s.find("this_thread_block")));
  EXPECT_FALSE(groups.understood.count(s.find("thread_rank")));
}

TEST(BlockGroups, OnlyWholeStatementsOnThreadBlocks) {
  TestSnippet s(
      "{ auto tile = cg::tiled_partition<32>(cg::this_thread_block()); tile.sync();"
      " cg::thread_block block = cg::this_thread_block(); if (x) block.sync(); f(block.sync()); }");
  const TokenCursor& c = s.cursor();
  BlockGroups groups = find_block_groups(c, 1, c.size() - 1);
  EXPECT_EQ(groups.names, std::set<std::string>{"block"});
  EXPECT_TRUE(groups.barriers.empty());
}

}  // namespace
}  // namespace cucpu::compiler
