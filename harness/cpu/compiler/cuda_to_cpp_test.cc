// Unit tests of the whole CUDA-to-C++ rewrite (each pass through it) on
// hand-written preprocessed text.
#include "harness/cpu/compiler/cuda_to_cpp.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace cucpu::compiler {
namespace {

std::string rewrite(const std::string& text) {
  RewriteResult result = rewrite_cuda_as_cpp(text);
  EXPECT_TRUE(result.errors.empty()) << (result.errors.empty() ? "" : format_error(result.errors[0]));
  return result.text;
}

std::string marker(const char* file = "user.cu") { return std::string("# 1 \"") + file + "\"\n"; }

TEST(CudaToCpp, PlainLaunchBecomesRuntimeCall) {
  std::string out = rewrite(marker() + "void f(){ add<<<g, b>>>(x, n); }\n");
  EXPECT_NE(out.find("::cucpu::launch_identified(::cucpu::KernelSite{\"add\", \"user.cu\", 1}, "
                     "::cucpu::LaunchConfig(g, b), [&](auto cucpu_probe) -> decltype(cucpu_probe(add)) { "
                     "return cucpu_probe(add); }, [&](auto&... cucpu_args) { add(cucpu_args...); }, x, n)"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("<<<"), std::string::npos);
}

TEST(CudaToCpp, CalleeForms) {
  std::string out = rewrite(marker() +
                            "void f(){ ns::k<<<1, 2>>>(); k2<float, 4><<<1, 2, 64, s>>>(p);\n"
                            " (fp)<<<1,1>>>(a); table[i]<<<1,1>>>(a); ::top<<<1,1>>>(); return k3<<<1,1>>>(); }\n");
  EXPECT_NE(out.find("KernelSite{\"ns::k\""), std::string::npos) << out;
  EXPECT_NE(out.find("{ ns::k(cucpu_args...); })"), std::string::npos) << out;
  EXPECT_NE(out.find("KernelSite{\"k2<float, 4>\""), std::string::npos) << out;
  EXPECT_NE(out.find("LaunchConfig(1, 2, 64, s)"), std::string::npos) << out;
  EXPECT_NE(out.find("{ (fp)(cucpu_args...); }, a)"), std::string::npos) << out;
  EXPECT_NE(out.find("{ table[i](cucpu_args...); }, a)"), std::string::npos) << out;
  EXPECT_NE(out.find("{ ::top(cucpu_args...); })"), std::string::npos) << out;
  EXPECT_NE(out.find("return ::cucpu::launch_identified(::cucpu::KernelSite{\"k3\""), std::string::npos) << out;
  EXPECT_EQ(out.find("<<<"), std::string::npos) << out;
}

TEST(CudaToCpp, NestedBracketsInConfigAndArguments) {
  std::string out = rewrite(marker() + "void f(){ k<<<dim3(n >> 1, f(a, b)), v[2]>>>(g(x, y), h<int>(z)); }\n");
  EXPECT_NE(out.find("LaunchConfig(dim3(n >> 1, f(a, b)), v[2])"), std::string::npos) << out;
  EXPECT_NE(out.find("}, g(x, y), h<int>(z))"), std::string::npos) << out;
}

TEST(CudaToCpp, LeavesStringsCharsAndOperatorAlone) {
  std::string source = marker() +
                       "const char* s = \"k<<<1,1>>>()\"; const char* r = R\"x(a<<<b>>>(c))x\"; char c = '<';\n"
                       "struct S; template <class T> S& operator<<<T>(S&, T);\n";
  EXPECT_EQ(rewrite(source), source);
}

TEST(CudaToCpp, KeepsLineStructure) {
  std::string source = marker() + "void f(){\n k<<<1,\n 2>>>(a,\n b);\n}\nint after;\n";
  std::string out = rewrite(source);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(source.begin(), source.end(), '\n'));
}

TEST(CudaToCpp, SiteNamesTheUserLineAfterLineMarkers) {
  std::string out = rewrite("# 1 \"user.cu\"\n\n# 1 \"/usr/include/x.h\" 1 3\nint x;\n# 40 \"user.cu\" 2\n"
                            "void f(){ k<<<1,1>>>(); }\n");
  EXPECT_NE(out.find("KernelSite{\"k\", \"user.cu\", 40}"), std::string::npos) << out;
}

TEST(CudaToCpp, StaticSharedBecomesThreadLocal) {
  std::string out = rewrite(marker() + "void k(){ __cucpu_shared__ float tile[32][33]; }\n");
  EXPECT_NE(out.find("thread_local float tile[32][33];"), std::string::npos) << out;
}

// g++ accepts no storage class after a standard attribute.
TEST(CudaToCpp, StaticSharedWithAlignasKeepsTheAttributeFirst) {
  std::string out = rewrite(marker() + "void k(){ __cucpu_shared__ alignas(alignof(float4)) float a[2][8]; }\n");
  EXPECT_NE(out.find("alignas(alignof(float4)) thread_local float a[2][8];"), std::string::npos) << out;
}

TEST(CudaToCpp, CheckedMemoryModeMakesStaticSharedPlainStatics) {
  RewriteOptions options;
  options.shared_as_checked_globals = true;
  RewriteResult result = rewrite_cuda_as_cpp(
      marker() + "void k(){ __cucpu_shared__ float a[4]; static __cucpu_shared__ int b[2]; }\n", options);
  ASSERT_TRUE(result.errors.empty());
  EXPECT_NE(result.text.find("static float a[4];"), std::string::npos) << result.text;
  EXPECT_NE(result.text.find("static  int b[2];"), std::string::npos) << result.text;
  EXPECT_EQ(result.text.find("thread_local"), std::string::npos) << result.text;
}

TEST(CudaToCpp, ExternSharedInFunctionBecomesPointerToDynamicBuffer) {
  std::string out = rewrite(marker() + "template <class T> void k(){ extern __cucpu_shared__ T buf[]; }\n");
  EXPECT_NE(out.find(" T * const buf = static_cast<decltype(buf)>(::cucpu::detail::dynamic_shared_memory());"),
            std::string::npos)
      << out;
}

TEST(CudaToCpp, ExternSharedAtFileScopeBindsTheDynamicSymbol) {
  std::string out = rewrite(marker() + "namespace a { extern __cucpu_shared__ float buf[]; }\n");
  EXPECT_NE(out.find("extern __constinit thread_local float buf[] __asm__(\"cucpu_dynamic_shared\");"),
            std::string::npos)
      << out;
}

TEST(CudaToCpp, ExternSharedWithTheQualifierAfterTheType) {
  std::string out = rewrite(marker() + "extern float __cucpu_shared__ a[];\nvoid k(){ extern int __cucpu_shared__ b[]; }\n");
  EXPECT_NE(out.find("extern __constinit thread_local float  a[] __asm__(\"cucpu_dynamic_shared\");"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("int   * const b = static_cast<decltype(b)>(::cucpu::detail::dynamic_shared_memory());"),
            std::string::npos)
      << out;
}

TEST(CudaToCpp, BuiltinMarkersExpandExceptWhereDeclaredOrMembers) {
  std::string out = rewrite(marker() +
                            "extern const dim3 __cucpu_builtin_blockDim;\n"
                            "void f(S* s, S t){ s->__cucpu_builtin_gridDim = t.__cucpu_builtin_blockDim; "
                            "int a = c ? __cucpu_builtin_threadIdx.x : 0; return __cucpu_builtin_blockIdx.y; }\n");
  EXPECT_NE(out.find("extern const dim3 blockDim;"), std::string::npos) << out;
  EXPECT_NE(out.find("s->gridDim = t.blockDim;"), std::string::npos) << out;
  EXPECT_NE(out.find("c ? (static_cast<const uint3&>(::cucpu::detail::tls_context.thread_idx)).x : 0"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("return (static_cast<const uint3&>(::cucpu::detail::tls_context.block_idx)).y"),
            std::string::npos)
      << out;
}

SourceError only_error(const std::string& text) {
  RewriteResult result = rewrite_cuda_as_cpp(text);
  EXPECT_EQ(result.errors.size(), 1u);
  return result.errors.empty() ? SourceError{} : result.errors[0];
}

TEST(CudaToCpp, RefusesInlineAssemblyWithUserLine) {
  SourceError error = only_error("# 7 \"sol.cu\"\nvoid k(){\n asm volatile(\"bar.sync 0;\"); }\n");
  EXPECT_EQ(error.file, "sol.cu");
  EXPECT_EQ(error.line, 8);
  EXPECT_NE(error.message.find("asm"), std::string::npos);
  EXPECT_EQ(format_error(error).rfind("sol.cu:8: error: ", 0), 0u);
}

TEST(CudaToCpp, IgnoresAssemblyInSystemHeaders) {
  RewriteResult result = rewrite_cuda_as_cpp("# 1 \"/usr/include/x.h\" 1 3\nstatic void f(){ asm(\"nop\"); }\n");
  EXPECT_TRUE(result.errors.empty());
}

TEST(CudaToCpp, RefusesTensorCoresAndLibraries) {
  EXPECT_NE(only_error(marker() + "void k(){ nvcuda::wmma::fragment<int> f; }").message.find("wmma"),
            std::string::npos);
  EXPECT_NE(only_error(marker() + "void h(){ cublasCreate(&h); }").message.find("cuBLAS"), std::string::npos);
  SourceError include = only_error("# 1 \"s.cu\"\n\n\n# 1 \"/usr/local/cuda/include/cublas_v2.h\" 1 3\nint x;\n");
  EXPECT_EQ(include.file, "s.cu");
  EXPECT_EQ(include.line, 3);
  EXPECT_NE(include.message.find("cublas_v2.h"), std::string::npos);
}

// cuRAND's host library is refused; its device API (curand_kernel.h) and
// the header-defined MTGP32 host helpers are not.
TEST(CudaToCpp, RefusesOnlyTheCurandHostLibrary) {
  EXPECT_NE(only_error(marker() + "void h(){ curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT); }")
                .message.find("cuRAND host library"),
            std::string::npos);
  RewriteResult device = rewrite_cuda_as_cpp(
      marker() + "void k(float* o){ curandState s; curand_init(1, 0, 0, &s); o[0] = curand_normal(&s); "
                 "curandMakeMTGP32KernelState(0, 0, 0, 1, 2); }\n");
  EXPECT_TRUE(device.errors.empty()) << format_error(device.errors[0]);
}

// Plain C++ files get the library and runtime-API refusals (not the device
// ones: inline asm is fine host code), at the user's line.
TEST(RefusalsInHostSource, LibrariesAndRefusedRuntimeApi) {
  std::vector<SourceError> errors = refusals_in_host_source(
      "# 1 \"gold.cpp\"\nvoid f(){ asm(\"nop\"); cudaMalloc(&p, 4);\n curandGenerateNormal(g, p, 4, 0, 1);\n"
      " cudaGraphCreate(&graph, 0); }\n# 1 \"/usr/local/cuda/include/curand.h\" 1 3\nint curandCreateGenerator();\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(format_error(errors[0]).rfind("gold.cpp:2: error: 'curandGenerateNormal'", 0), 0u) << errors[0].message;
  EXPECT_EQ(errors[1].line, 3);
  EXPECT_NE(errors[1].message.find("graphs"), std::string::npos) << errors[1].message;
}

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

TEST(CudaToCpp, ReportsMalformedLaunch) {
  SourceError error = only_error(marker() + "void f(){ k<<<1, 2>>> ; }\n");
  EXPECT_NE(error.message.find("'('"), std::string::npos) << error.message;
}

TEST(CudaToCpp, DropsTheUntypedCastOfCudaLaunchKernel) {
  std::string out = rewrite(
      "void f(void** a) { cudaLaunchKernel((const void*)k<float>, 1, 2, a, 0, 0); "
      "cudaLaunchKernel((void*)k2, 1, 2, a); }\n");
  EXPECT_NE(out.find("cudaLaunchKernel(k<float>, 1, 2, a, 0, 0)"), std::string::npos) << out;
  EXPECT_NE(out.find("cudaLaunchKernel(k2, 1, 2, a)"), std::string::npos) << out;
  out = rewrite("void f(void** a) { cudaLaunchCooperativeKernel((void *)k, 1, 2, a, 0, s); }\n");
  EXPECT_NE(out.find("cudaLaunchCooperativeKernel(k, 1, 2, a, 0, s)"), std::string::npos) << out;
}

}  // namespace
}  // namespace cucpu::compiler
