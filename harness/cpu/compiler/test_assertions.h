// gtest assertions the compiler's unit tests share.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
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

// How many times `part` occurs in `text` (overlaps counted).
inline size_t occurrences(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

}  // namespace cucpu::compiler
