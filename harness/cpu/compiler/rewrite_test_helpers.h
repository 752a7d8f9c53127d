// Helpers for the rewriting passes' tests: run the whole rewrite on
// hand-written preprocessed text.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "harness/cpu/compiler/cuda_to_cpp.h"

namespace cucpu::compiler {

// The rewritten text; the rewrite must report no error.
inline std::string rewrite(const std::string& text) {
  RewriteResult result = rewrite_cuda_as_cpp(text);
  EXPECT_TRUE(result.errors.empty()) << (result.errors.empty() ? "" : format_error(result.errors[0]));
  return result.text;
}

// A line marker naming the user's file.
inline std::string marker(const char* file = "user.cu") { return std::string("# 1 \"") + file + "\"\n"; }

// The one error the rewrite reports.
inline SourceError only_error(const std::string& text) {
  RewriteResult result = rewrite_cuda_as_cpp(text);
  EXPECT_EQ(result.errors.size(), 1u);
  return result.errors.empty() ? SourceError{} : result.errors[0];
}

}  // namespace cucpu::compiler
