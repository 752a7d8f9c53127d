// For the passes' unit tests: a piece of source tokenized, with a cursor
// over it and a way to name tokens by their text.
#pragma once

#include <string>
#include <string_view>

#include "source_tokens.h"
#include "token_cursor.h"

namespace cucpu::compiler {

class TestSnippet {
 public:
  explicit TestSnippet(std::string text) : text_(std::move(text)), parsed_(tokenize(text_)), cursor_(text_, parsed_) {}
  TestSnippet(const TestSnippet&) = delete;

  const TokenCursor& cursor() const { return cursor_; }
  const TokenizedSource& parsed() const { return parsed_; }
  const std::string& text() const { return text_; }

  // Index of the `nth` (0-based) token reading `word`; size() if none.
  size_t find(std::string_view word, int nth = 0) const {
    for (size_t i = 0; i < cursor_.size(); ++i) {
      if (cursor_.text(i) == word && nth-- == 0) return i;
    }
    return cursor_.size();
  }

 private:
  std::string text_;
  TokenizedSource parsed_;
  TokenCursor cursor_;
};

}  // namespace cucpu::compiler
