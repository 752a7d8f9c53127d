// Unit tests of the built-in variables, through the whole rewrite
// (cuda_to_cpp.h) on hand-written preprocessed text.
#include "harness/cpu/compiler/builtin_variables.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "harness/cpu/compiler/cuda_to_cpp.h"
#include "harness/cpu/compiler/rewrite_test_helpers.h"
#include "harness/cpu/compiler/test_assertions.h"

namespace cucpu::compiler {
namespace {

TEST(BuiltinVariables, BuiltinMarkersExpandExceptWhereDeclaredOrMembers) {
  std::string out = rewrite(marker() +
                            "extern const dim3 __cucpu_builtin_blockDim;\n"
                            "void f(S* s, S t){ s->__cucpu_builtin_gridDim = t.__cucpu_builtin_blockDim; "
                            "int a = c ? __cucpu_builtin_threadIdx.x : 0; return __cucpu_builtin_blockIdx.y; }\n");
  EXPECT_TRUE(contains_all(out, {"extern const dim3 blockDim;", "s->gridDim = t.blockDim;",
                                 "c ? (static_cast<const uint3&>(::cucpu::detail::tls_context.thread_idx)).x : 0",
                                 "return (static_cast<const uint3&>(::cucpu::detail::tls_context.block_idx)).y"}));
}

}  // namespace
}  // namespace cucpu::compiler
