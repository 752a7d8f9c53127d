// Unit tests of kernel launches (`<<<>>>`, the cast in
// cudaLaunchKernel), through the whole rewrite
// (cuda_to_cpp.h) on hand-written preprocessed text.
#include "harness/cpu/compiler/launch_calls.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "harness/cpu/compiler/cuda_to_cpp.h"
#include "harness/cpu/compiler/rewrite_test_helpers.h"
#include "harness/cpu/compiler/test_assertions.h"

namespace cucpu::compiler {
namespace {

TEST(LaunchCalls, PlainLaunchBecomesRuntimeCall) {
  std::string out = rewrite(marker() + "void f(){ add<<<g, b>>>(x, n); }\n");
  EXPECT_TRUE(contains(out,
                       "::cucpu::launch_identified(::cucpu::KernelSite{\"add\", \"user.cu\", 1}, "
                       "::cucpu::LaunchConfig(g, b), [&](auto cucpu_probe) -> decltype(cucpu_probe(add)) { "
                       "return cucpu_probe(add); }, [&](auto&... cucpu_args) { add(cucpu_args...); }, x, n)"));
  EXPECT_FALSE(contains(out, "<<<"));
}

TEST(LaunchCalls, CalleeForms) {
  std::string out = rewrite(marker() +
                            "void f(){ ns::k<<<1, 2>>>(); k2<float, 4><<<1, 2, 64, s>>>(p);\n"
                            " (fp)<<<1,1>>>(a); table[i]<<<1,1>>>(a); ::top<<<1,1>>>(); return k3<<<1,1>>>(); }\n");
  EXPECT_TRUE(contains_all(
      out, {"KernelSite{\"ns::k\"", "{ ns::k(cucpu_args...); })", "KernelSite{\"k2<float, 4>\"",
            "LaunchConfig(1, 2, 64, s)", "{ (fp)(cucpu_args...); }, a)", "{ table[i](cucpu_args...); }, a)",
            "{ ::top(cucpu_args...); })", "return ::cucpu::launch_identified(::cucpu::KernelSite{\"k3\""}));
  EXPECT_FALSE(contains(out, "<<<"));
}

TEST(LaunchCalls, NestedBracketsInConfigAndArguments) {
  std::string out = rewrite(marker() + "void f(){ k<<<dim3(n >> 1, f(a, b)), v[2]>>>(g(x, y), h<int>(z)); }\n");
  EXPECT_TRUE(contains(out, "LaunchConfig(dim3(n >> 1, f(a, b)), v[2])"));
  EXPECT_TRUE(contains(out, "}, g(x, y), h<int>(z))"));
}

TEST(LaunchCalls, LeavesStringsCharsAndOperatorAlone) {
  std::string source = marker() +
                       "const char* s = \"k<<<1,1>>>()\"; const char* r = R\"x(a<<<b>>>(c))x\"; char c = '<';\n"
                       "struct S; template <class T> S& operator<<<T>(S&, T);\n";
  EXPECT_EQ(rewrite(source), source);
}

TEST(LaunchCalls, KeepsLineStructure) {
  std::string source = marker() + "void f(){\n k<<<1,\n 2>>>(a,\n b);\n}\nint after;\n";
  std::string out = rewrite(source);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(source.begin(), source.end(), '\n'));
}

TEST(LaunchCalls, SiteNamesTheUserLineAfterLineMarkers) {
  std::string out = rewrite("# 1 \"user.cu\"\n\n# 1 \"/usr/include/x.h\" 1 3\nint x;\n# 40 \"user.cu\" 2\n"
                            "void f(){ k<<<1,1>>>(); }\n");
  EXPECT_TRUE(contains(out, "KernelSite{\"k\", \"user.cu\", 40}"));
}

TEST(LaunchCalls, ReportsMalformedLaunch) {
  SourceError error = only_error(marker() + "void f(){ k<<<1, 2>>> ; }\n");
  EXPECT_TRUE(contains(error.message, "'('"));
}

TEST(LaunchCalls, DropsTheUntypedCastOfCudaLaunchKernel) {
  std::string out = rewrite(
      "void f(void** a) { cudaLaunchKernel((const void*)k<float>, 1, 2, a, 0, 0); "
      "cudaLaunchKernel((void*)k2, 1, 2, a); }\n");
  EXPECT_TRUE(contains(out, "cudaLaunchKernel(k<float>, 1, 2, a, 0, 0)"));
  EXPECT_TRUE(contains(out, "cudaLaunchKernel(k2, 1, 2, a)"));
  out = rewrite("void f(void** a) { cudaLaunchCooperativeKernel((void *)k, 1, 2, a, 0, s); }\n");
  EXPECT_TRUE(contains(out, "cudaLaunchCooperativeKernel(k, 1, 2, a, 0, s)"));
}

}  // namespace
}  // namespace cucpu::compiler
