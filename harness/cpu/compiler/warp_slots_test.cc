// Unit tests of lowering warp collectives to slots around added barriers.
#include "harness/cpu/compiler/warp_slots.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace cucpu::compiler {
namespace {

std::string kernel_of(const std::string& text) { return text.substr(text.find("__cucpu_global__")); }

TEST(WarpSlots, AShuffleBecomesAStoreABarrierAndARead) {
  const std::string source =
      "# 1 \"user.cu\"\n"
      "__cucpu_global__ void k(float* out) {\n"
      "  float v = out[__cucpu_builtin_threadIdx.x];\n"
      "  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);\n"
      "  out[__cucpu_builtin_threadIdx.x] = v;\n"
      "}\n";
  LoweredSource out = lower_warp_collectives(source);
  EXPECT_EQ(out.kernels, std::set<std::string>{"k"});
  std::string kernel = kernel_of(out.text);
  EXPECT_NE(kernel.find("for (int o = 16; o > 0; o /= 2) { ::cucpu::detail::split_warp<0>::store(cucpu_t, (v)); "
                        "__cucpu_warp_barrier(); v += ::cucpu::detail::split_warp<0>::shfl<"
                        "::std::decay_t<decltype((v))>>(cucpu_t, cucpu_whole_warps, ::cucpu::detail::WarpOp::shfl_down, (0xffffffffu), "
                        "int(o), 32); }"),
            std::string::npos)
      << kernel;
  EXPECT_EQ(std::count(kernel.begin(), kernel.end(), '\n'), 5) << kernel;
}

TEST(WarpSlots, EachCollectiveHasItsOwnSlotsAndCallsOverLinesKeepThem) {
  const std::string source =
      "# 1 \"user.cu\"\n"
      "__cucpu_global__ void k(unsigned* out) {\n"
      "  unsigned a = __ballot_sync(0xffffffffu, out[0] > 1);\n"
      "  unsigned b = __reduce_max_sync(0xffffffffu,\n"
      "                                 a);\n"
      "  __syncwarp();\n"
      "  out[0] = a + b;\n"
      "}\n";
  LoweredSource out = lower_warp_collectives(source);
  std::string kernel = kernel_of(out.text);
  EXPECT_NE(kernel.find("split_warp<0>::store(cucpu_t, static_cast<unsigned>((out[0] > 1) != 0));"), std::string::npos)
      << kernel;
  EXPECT_NE(kernel.find("split_warp<0>::ballot(cucpu_t, (0xffffffffu))"), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("split_warp<1>::reduce<decltype("), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("  __cucpu_warp_barrier();\n  out[0]"), std::string::npos) << kernel;
  EXPECT_EQ(std::count(kernel.begin(), kernel.end(), '\n'), 7) << kernel;
}

TEST(WarpSlots, WhatIsLeftToFibers) {
  for (const char* body : {
           // two collectives in one statement
           "float v = __shfl_sync(~0u, 1.0f, 0) + __shfl_sync(~0u, 2.0f, 1);",
           // in a loop's condition
           "while (__any_sync(~0u, out[0] > 0)) out[0] -= 1;",
           "for (int i = 0; __all_sync(~0u, i < 4); ++i) out[i] = 0;",
           // in an if's condition
           "if (__any_sync(~0u, out[0] > 0)) out[0] = 0;",
           // not lowered at all
           "unsigned m = __activemask(); out[0] = m;",
       }) {
    const std::string source = std::string("# 1 \"user.cu\"\n__cucpu_global__ void k(float* out) {\n") + body + "\n}\n";
    LoweredSource out = lower_warp_collectives(source);
    EXPECT_TRUE(out.kernels.empty()) << body;
    EXPECT_EQ(out.text, source) << body;
  }
}

TEST(WarpSlots, OnlyTheKernelsAsked) {
  const std::string source =
      "# 1 \"user.cu\"\n"
      "__cucpu_global__ void k(float* out) { __syncwarp(); }\n"
      "__cucpu_global__ void other(float* out) { __syncwarp(); }\n";
  LoweredSource out = lower_warp_collectives(source, {"other"});
  EXPECT_EQ(out.kernels, std::set<std::string>{"other"});
  EXPECT_NE(out.text.find("void k(float* out) { __syncwarp(); }"), std::string::npos) << out.text;
}

}  // namespace
}  // namespace cucpu::compiler
