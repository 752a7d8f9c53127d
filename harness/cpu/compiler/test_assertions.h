// gtest assertions the compiler's unit tests share.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

namespace cucpu::compiler {

// Whether `text` (a pass's output) contains `part`. The message shows the
// whole text either way, so a failing EXPECT_TRUE or EXPECT_FALSE says what
// the pass produced.
inline ::testing::AssertionResult contains(const std::string& text, const std::string& part) {
  const bool found = text.find(part) != std::string::npos;
  return (found ? ::testing::AssertionSuccess() : ::testing::AssertionFailure())
         << (found ? "found \"" : "no \"") << part << "\" in:\n"
         << text;
}

// Whether `text` contains every one of `parts`; a failure names each part
// missing and shows the whole text.
inline ::testing::AssertionResult contains_all(const std::string& text, std::initializer_list<std::string> parts) {
  std::string missing;
  for (const std::string& part : parts) {
    if (text.find(part) == std::string::npos) missing += " \"" + part + "\"";
  }
  if (missing.empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "missing" << missing << " in:\n" << text;
}

}  // namespace cucpu::compiler
