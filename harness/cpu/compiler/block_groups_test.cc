// Unit tests of finding a thread block's declarations and syncs.
#include "harness/cpu/compiler/block_groups.h"

#include <gtest/gtest.h>

#include "harness/cpu/compiler/test_snippet.h"

namespace cucpu::compiler {
namespace {

// The thread blocks of the braced body that makes up the whole snippet.
BlockGroups groups_in_body(const TestSnippet& s) { return find_block_groups(s.cursor(), 1, s.cursor().size() - 1); }

TEST(BlockGroups, DeclarationsAndTheSyncsOnThem) {
  TestSnippet s(
      "{ cg::thread_block block = cg::this_thread_block(); const auto b2 = cooperative_groups::this_thread_block();"
      " block.sync(); cg::sync(b2); sync(block); cg::this_thread_block().sync(); x = block.thread_rank(); }");
  BlockGroups groups = groups_in_body(s);
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
  BlockGroups groups = groups_in_body(s);
  EXPECT_EQ(groups.names, std::set<std::string>{"block"});
  EXPECT_TRUE(groups.barriers.empty());
}

}  // namespace
}  // namespace cucpu::compiler
