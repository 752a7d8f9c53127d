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
  explicit TestSnippet(std::string text) : m_text(std::move(text)), m_parsed(tokenize(m_text)), m_cursor(m_text, m_parsed) {}
  TestSnippet(const TestSnippet&) = delete;

  const TokenCursor& cursor() const { return m_cursor; }
  const TokenizedSource& parsed() const { return m_parsed; }
  const std::string& text() const { return m_text; }

  // Index of the `nth` (0-based) token reading `word`; size() if none.
  size_t find(std::string_view word, int nth = 0) const {
    for (size_t i = 0; i < m_cursor.size(); ++i) {
      if (m_cursor.text(i) == word && nth-- == 0) return i;
    }
    return m_cursor.size();
  }

 private:
  std::string m_text;
  TokenizedSource m_parsed;
  TokenCursor m_cursor;
};

}  // namespace cucpu::compiler
