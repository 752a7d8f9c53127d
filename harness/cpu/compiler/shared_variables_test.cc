// Unit tests of `__shared__` variables, through the whole rewrite
// (cuda_to_cpp.h) on hand-written preprocessed text.
#include "harness/cpu/compiler/shared_variables.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "harness/cpu/compiler/cuda_to_cpp.h"
#include "harness/cpu/compiler/rewrite_test_helpers.h"
#include "harness/cpu/compiler/test_assertions.h"

namespace cucpu::compiler {
namespace {

TEST(SharedVariables, StaticSharedBecomesThreadLocal) {
  std::string out = rewrite(marker() + "void k(){ __cucpu_shared__ float tile[32][33]; }\n");
  EXPECT_TRUE(contains(out, "thread_local float tile[32][33];"));
}

// g++ accepts no storage class after a standard attribute.
TEST(SharedVariables, StaticSharedWithAlignasKeepsTheAttributeFirst) {
  std::string out = rewrite(marker() + "void k(){ __cucpu_shared__ alignas(alignof(float4)) float a[2][8]; }\n");
  EXPECT_TRUE(contains(out, "alignas(alignof(float4)) thread_local float a[2][8];"));
}

TEST(SharedVariables, CheckedMemoryModeMakesStaticSharedPlainStatics) {
  RewriteOptions options;
  options.shared_as_checked_globals = true;
  RewriteResult result = rewrite_cuda_as_cpp(
      marker() + "void k(){ __cucpu_shared__ float a[4]; static __cucpu_shared__ int b[2]; }\n", options);
  ASSERT_TRUE(result.errors.empty());
  EXPECT_TRUE(contains(result.text, "static float a[4];"));
  EXPECT_TRUE(contains(result.text, "static  int b[2];"));
  EXPECT_FALSE(contains(result.text, "thread_local"));
}

TEST(SharedVariables, ExternSharedInFunctionBecomesPointerToDynamicBuffer) {
  std::string out = rewrite(marker() + "template <class T> void k(){ extern __cucpu_shared__ T buf[]; }\n");
  EXPECT_TRUE(contains(out, " T * const buf = static_cast<decltype(buf)>(::cucpu::detail::dynamic_shared_memory());"));
}

TEST(SharedVariables, ExternSharedAtFileScopeBindsTheDynamicSymbol) {
  std::string out = rewrite(marker() + "namespace a { extern __cucpu_shared__ float buf[]; }\n");
  EXPECT_TRUE(contains(out, "extern __constinit thread_local float buf[] __asm__(\"cucpu_dynamic_shared\");"));
}

TEST(SharedVariables, ExternSharedWithTheQualifierAfterTheType) {
  std::string out = rewrite(marker() + "extern float __cucpu_shared__ a[];\nvoid k(){ extern int __cucpu_shared__ b[]; }\n");
  EXPECT_TRUE(contains(out, "extern __constinit thread_local float  a[] __asm__(\"cucpu_dynamic_shared\");"));
  EXPECT_TRUE(contains(out, "int   * const b = static_cast<decltype(b)>(::cucpu::detail::dynamic_shared_memory());"));
}

}  // namespace
}  // namespace cucpu::compiler
