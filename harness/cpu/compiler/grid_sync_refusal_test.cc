// Unit tests of the grid-wide sync refusal, visiting tokens directly.
#include "harness/cpu/compiler/grid_sync_refusal.h"

#include <gtest/gtest.h>

#include "harness/cpu/compiler/test_snippet.h"

namespace cucpu::compiler {
namespace {

std::vector<SourceError> refusals(const std::string& code) {
  TestSnippet s("# 1 \"user.cu\"\n" + code);
  GridSyncRefusal pass;
  std::vector<SourceError> errors;
  for (size_t i = 0; i < s.cursor().size(); ++i) {
    if (s.cursor().identifier(i)) pass.visit(s.cursor(), i, &errors);
  }
  return errors;
}

TEST(GridSyncRefusal, SyncsOnGridGroupsAtTheirLine) {
  std::vector<SourceError> errors = refusals(
      "void k() {\n cg::grid_group g = cg::this_grid();\n g.sync();\n auto h = cg::this_grid();\n cg::sync(h);\n"
      " cg::this_grid().sync();\n}\nvoid host() { cudaLaunchCooperativeKernel(k, 1, 1, 0); }\n");
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0].line, 3);
  EXPECT_NE(errors[0].message.find("'g.sync()'"), std::string::npos) << errors[0].message;
  EXPECT_EQ(errors[1].line, 5);
  EXPECT_NE(errors[1].message.find("'sync(h)'"), std::string::npos) << errors[1].message;
  EXPECT_EQ(errors[2].line, 6);
  EXPECT_EQ(errors[3].line, 8);
  EXPECT_NE(errors[3].message.find("cudaLaunchCooperativeKernel"), std::string::npos);
}

TEST(GridSyncRefusal, IndexingAndBlockSyncsPass) {
  EXPECT_TRUE(refusals("void k(int* o) { auto g = cg::this_grid(); o[g.thread_rank()] = g.size();\n"
                       " cg::thread_block b = cg::this_thread_block(); b.sync(); cg::sync(b); }\n")
                  .empty());
}

}  // namespace
}  // namespace cucpu::compiler
