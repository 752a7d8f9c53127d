// Unit tests of the whole CUDA-to-C++ rewrite (cuda_to_cpp.h) where no one
// pass owns the behaviour; each pass has its own _test.cc.
#include "harness/cpu/compiler/cuda_to_cpp.h"

#include <gtest/gtest.h>

#include <string>

#include "harness/cpu/compiler/rewrite_test_helpers.h"

namespace cucpu::compiler {
namespace {


// Grid groups and their sync compile: cooperative launches run them
// (runtime/cooperative_launch.cc).
TEST(CudaToCpp, GridGroupsAndGridSyncAreAccepted) {
  for (const char* sync : {"void k(int* o){ cg::grid_group grid = cg::this_grid(); o[grid.thread_rank()] = "
                           "grid.size(); grid.sync(); }",
                           "void k(){ cg::this_grid().sync(); }",
                           "void k(){ auto grid = cg::this_grid(); cg::sync(grid); }",
                           "void f(void** a){ cudaLaunchCooperativeKernel(k, 1, 2, a, 0, 0); }"}) {
    RewriteResult result = rewrite_cuda_as_cpp(marker() + sync + "\n");
    EXPECT_TRUE(result.errors.empty()) << sync << ": " << format_error(result.errors[0]);
  }
}

}  // namespace
}  // namespace cucpu::compiler
