// Read access to a tokenized source (source_tokens.h) for the rewriting
// passes: a token's text, its kind, bracket matching and the few questions
// every pass asks about a token's neighbours. Punctuation tokens are single
// characters, so `::`, `->` and `<<<` are asked for through adjacency.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "source_tokens.h"

namespace cucpu::compiler {

class TokenCursor {
 public:
  TokenCursor(std::string_view source, const TokenizedSource& parsed) : m_src(source), m_parsed(parsed) {}

  std::string_view source() const { return m_src; }
  const TokenizedSource& parsed() const { return m_parsed; }
  size_t size() const { return m_parsed.tokens.size(); }
  const Token& token(size_t i) const { return m_parsed.tokens[i]; }

  std::string_view text(size_t i) const {
    const Token& t = m_parsed.tokens[i];
    return m_src.substr(t.begin, t.end - t.begin);
  }
  std::string word(size_t i) const { return std::string(text(i)); }
  // Out-of-range indices read as no token, so lookahead needs no bounds check.
  bool is(size_t i, std::string_view s) const { return i < size() && text(i) == s; }
  bool identifier(size_t i) const { return i < size() && token(i).kind == TokenKind::identifier; }
  bool punctuation(size_t i) const { return i < size() && token(i).kind == TokenKind::punctuation; }
  bool directive(size_t i) const { return i < size() && token(i).kind == TokenKind::directive; }
  // No space between tokens a and b: `-` `>` is `->`.
  bool adjacent(size_t a, size_t b) const { return token(a).end == token(b).begin; }
  // Written by the user, not in a system header.
  bool user_code(size_t i) const { return !m_parsed.files[token(i).file].system; }
  // Three adjacent `c` tokens at i (`<<<` or `>>>`).
  bool is_triple(size_t i, char c) const;
  // The name at i follows `.`, `->` or `::`.
  bool member_access(size_t i) const;

  // The bracket closing the one opened at `open` ( ( [ { ), looking no
  // further than `last`; `last` (at most size()) when it is not closed.
  size_t closing_bracket(size_t open, size_t last = static_cast<size_t>(-1)) const;
  // The bracket opening the group closed at `close` ( ) ] > ), walking back;
  // -1 when there is none. `<` that closes nothing is a less-than.
  long opening_bracket(size_t close) const;

  // Tokens [b, e) as one line of text, with `text_of(i)` for each token
  // (line markers left out; a space where the source had one).
  template <class TextOf>
  std::string spell(size_t b, size_t e, TextOf&& text_of) const {
    std::string out;
    for (size_t i = b; i < e; ++i) {
      if (directive(i)) continue;
      if (!out.empty() && !adjacent(i - 1, i)) out += ' ';
      out += text_of(i);
    }
    return out;
  }

 private:
  std::string_view m_src;
  const TokenizedSource& m_parsed;
};

}  // namespace cucpu::compiler
