// See signed_thread_indexes.h.
#include "signed_thread_indexes.h"

#include <vector>

#include "source_edits.h"
#include "source_tokens.h"
#include "token_cursor.h"

namespace cucpu::compiler {
namespace {

// The largest P for which P + T, T below 1024, fits in an int.
constexpr const char* kLargestSmallPart = "2147482624u";

// Token indexes of [b, e) without line markers: a built-in variable's
// expansion comes from a system header, so markers sit between its tokens.
std::vector<size_t> real_tokens(const TokenCursor& c, size_t b, size_t e) {
  std::vector<size_t> out;
  for (size_t i = b; i < e; ++i) {
    if (!c.directive(i)) out.push_back(i);
  }
  return out;
}

bool is_integer_literal(std::string_view t) {
  if (t.empty()) return false;
  size_t digits = 0;
  while (digits < t.size() && t[digits] >= '0' && t[digits] <= '9') ++digits;
  return digits > 0 && (digits == t.size() || (digits + 1 == t.size() && (t.back() == 'u' || t.back() == 'U')));
}

class Rewriter {
 public:
  explicit Rewriter(std::string_view src) : m_src(src), m_parsed(tokenize(src)), m_c(src, m_parsed) {}

  std::string run() {
    for (size_t i = 0; i < m_c.size(); ++i) {
      if (!m_c.user_code(i) || !(m_c.is(i, "int") || m_c.is(i, "int32_t"))) continue;
      long before = previous_real(i);
      if (before >= 0 && !is_any(size_t(before), {";", "{", "}", "(", "const", ":"})) continue;
      declaration_after_type(i + 1);
    }
    return apply_edits(m_src, std::move(m_edits));
  }

 private:
  long previous_real(size_t i) const {
    for (size_t k = i; k-- > 0;) {
      if (!m_c.directive(k)) return long(k);
    }
    return -1;
  }
  size_t next_real(size_t i) const {
    while (m_c.directive(i)) ++i;
    return i;
  }
  bool is_any(size_t i, std::initializer_list<std::string_view> words) const {
    for (std::string_view w : words) {
      if (m_c.is(i, w)) return true;
    }
    return false;
  }

  // Declarators from token i on: `[const] name = init, name2, ...;`.
  void declaration_after_type(size_t i) {
    i = next_real(i);
    if (m_c.is(i, "const")) i = next_real(i + 1);
    for (;;) {
      if (!m_c.identifier(i)) return;
      size_t after_name = next_real(i + 1);
      if (m_c.is(after_name, ",")) {
        i = next_real(after_name + 1);
        continue;
      }
      if (!m_c.is(after_name, "=") || m_c.is(after_name + 1, "=")) return;
      size_t init_begin = after_name + 1, end = init_begin;
      int depth = 0;
      for (; end < m_c.size(); ++end) {
        if (m_c.directive(end)) continue;
        if (is_any(end, {"(", "[", "{"})) ++depth;
        if (is_any(end, {")", "]", "}"}) && --depth < 0) return;
        if (depth == 0 && is_any(end, {",", ";"})) break;
      }
      if (end >= m_c.size()) return;
      rewrite_index(real_tokens(m_c, init_begin, end));
      if (m_c.is(end, ";")) return;
      i = next_real(end + 1);
    }
  }

  // `threadIdx.c`: c, or "".
  std::string_view thread_part(const std::vector<size_t>& t) const {
    if (t.size() != 3 || !m_c.is(t[0], "__cucpu_builtin_threadIdx") || !m_c.is(t[1], ".")) return "";
    return component(t[2]);
  }
  std::string_view component(size_t i) const {
    return is_any(i, {"x", "y", "z"}) ? m_c.text(i) : std::string_view();
  }
  // `blockIdx.c * blockDim.c`, `blockIdx.c * N` or either reversed: c, or "".
  std::string_view block_part(const std::vector<size_t>& t) const {
    auto block_idx = [&](size_t at) -> std::string_view {
      return m_c.is(t[at], "__cucpu_builtin_blockIdx") && m_c.is(t[at + 1], ".") ? component(t[at + 2]) : "";
    };
    auto factor = [&](size_t at, size_t count, std::string_view c) {
      if (count == 1) return is_integer_literal(m_c.text(t[at]));
      return count == 3 && m_c.is(t[at], "__cucpu_builtin_blockDim") && m_c.is(t[at + 1], ".") && m_c.is(t[at + 2], c);
    };
    if (t.size() != 5 && t.size() != 7) return "";
    const size_t factor_size = t.size() - 4;
    if (m_c.is(t[3], "*")) {
      std::string_view c = block_idx(0);
      if (!c.empty() && factor(4, factor_size, c)) return c;
    }
    if (m_c.is(t[factor_size], "*")) {
      std::string_view c = block_idx(factor_size + 1);
      if (!c.empty() && factor(0, factor_size, c)) return c;
    }
    return "";
  }

  void rewrite_index(const std::vector<size_t>& init) {
    size_t plus = init.size();
    for (size_t k = 0; k < init.size(); ++k) {
      if (!m_c.is(init[k], "+")) continue;
      if (plus != init.size()) return;  // a second `+`, or `++`
      plus = k;
    }
    if (plus == init.size() || plus == 0) return;
    std::vector<size_t> first(init.begin(), init.begin() + long(plus)), second(init.begin() + long(plus) + 1, init.end());
    if (second.empty()) return;
    std::string_view c = thread_part(second);
    bool thread_second = !c.empty() && block_part(first) == c;
    if (!thread_second) {
      c = thread_part(first);
      if (c.empty() || block_part(second) != c) return;
    }
    const std::vector<size_t>& block = thread_second ? first : second;
    const std::vector<size_t>& thread = thread_second ? second : first;
    auto spell = [&](const std::vector<size_t>& t) {
      return m_c.spell(t.front(), t.back() + 1, [&](size_t i) { return m_c.word(i); });
    };
    const std::string p = spell(block), t = spell(thread);
    // Insertions only: the line markers between the tokens stay, and with
    // them every line number.
    m_edits.push_back({m_c.token(first.front()).begin, m_c.token(first.front()).begin,
                       "(" + p + " > " + kLargestSmallPart + " ? (int)(" + p + " + " + t + ") : (int)("});
    m_edits.push_back({m_c.token(first.back()).end, m_c.token(first.back()).end, ")"});
    m_edits.push_back({m_c.token(second.front()).begin, m_c.token(second.front()).begin, "(int)("});
    m_edits.push_back({m_c.token(second.back()).end, m_c.token(second.back()).end, "))"});
  }

  std::string_view m_src;
  TokenizedSource m_parsed;
  TokenCursor m_c;
  std::vector<Edit> m_edits;
};

}  // namespace

std::string sign_thread_indexes(std::string_view preprocessed) { return Rewriter(preprocessed).run(); }

}  // namespace cucpu::compiler
