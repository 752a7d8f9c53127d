// See token_cursor.h.
#include "token_cursor.h"

#include <algorithm>
#include <vector>

namespace cucpu::compiler {

bool TokenCursor::is_triple(size_t i, char c) const {
  std::string_view one(&c, 1);
  return i + 2 < size() && is(i, one) && is(i + 1, one) && is(i + 2, one) && adjacent(i, i + 1) &&
         adjacent(i + 1, i + 2);
}

bool TokenCursor::member_access(size_t i) const {
  if (i == 0) return false;
  if (is(i - 1, ".")) return true;
  if (i >= 2 && is(i - 1, ">") && is(i - 2, "-") && adjacent(i - 2, i - 1)) return true;
  if (i >= 2 && is(i - 1, ":") && is(i - 2, ":")) return true;
  return false;
}

size_t TokenCursor::closing_bracket(size_t open, size_t last) const {
  last = std::min(last, size());
  int depth = 0;
  for (size_t j = open; j < size() && j <= last; ++j) {
    if (!punctuation(j)) continue;
    char c = text(j)[0];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == ']' || c == '}') && --depth == 0) return j;
  }
  return last;
}

long TokenCursor::opening_bracket(size_t close) const {
  const std::string_view closers = ")]>", openers = "([<";
  std::vector<char> stack;
  for (long j = long(close); j >= 0; --j) {
    if (!punctuation(size_t(j))) continue;
    char c = text(size_t(j))[0];
    size_t closer = closers.find(c);
    if (closer != std::string_view::npos) {
      // `->` inside template arguments is not a bracket.
      if (c == '>' && j > 0 && is(size_t(j) - 1, "-") && adjacent(size_t(j) - 1, size_t(j))) continue;
      stack.push_back(openers[closer]);
    } else if (openers.find(c) != std::string_view::npos) {
      if (stack.empty() || stack.back() != c) {
        if (c == '<') continue;  // a less-than inside a parenthesised group
        return -1;
      }
      stack.pop_back();
      if (stack.empty()) return j;
    }
  }
  return -1;
}

}  // namespace cucpu::compiler
