// See statement_parsing.h.
#include "statement_parsing.h"

#include <algorithm>
#include <set>

namespace cucpu::compiler {
namespace {

bool opens_group(const TokenCursor& c, size_t j) {
  return c.punctuation(j) && (c.is(j, "(") || c.is(j, "[") || c.is(j, "{"));
}

// Index of the first depth-0 `=` (an initialiser, not ==, <=, ...) or ','
// in [b, e), or e.
size_t declarator_end(const TokenCursor& c, size_t b, size_t e) {
  for (size_t j = b; j < e; ++j) {
    if (opens_group(c, j)) {
      j = c.closing_bracket(j, e);
      continue;
    }
    std::string_view t = c.text(j);
    if (t == ",") return j;
    if (t == "=" && !c.is(j + 1, "=") &&
        !(j > b && (c.is(j - 1, "!") || c.is(j - 1, "<") || c.is(j - 1, ">") || c.is(j - 1, "=")) &&
          c.adjacent(j - 1, j))) {
      return j;
    }
  }
  return e;
}

}  // namespace

bool is_expression_keyword(std::string_view word) {
  static const std::set<std::string_view> kWords = {"return", "else",     "case",      "goto",     "sizeof",
                                                    "new",    "delete",   "throw",     "do",       "typename",
                                                    "co_return", "co_yield", "co_await"};
  return kWords.count(word) != 0;
}

bool is_thread_index_x(const TokenCursor& c, size_t i) {
  return (c.is(i, "threadIdx") || c.is(i, "__cucpu_builtin_threadIdx")) && c.is(i + 1, ".") && c.is(i + 2, "x");
}

bool unary_operator(const TokenCursor& c, size_t b, size_t i) {
  if (c.is(i + 1, "=") && c.adjacent(i, i + 1)) return false;
  if (c.is(i, "&") && ((c.is(i + 1, "&") && c.adjacent(i, i + 1)) || (i > b && c.is(i - 1, "&") && c.adjacent(i - 1, i)))) {
    return false;
  }
  if (i <= b) return true;
  if (c.is(i - 1, "}")) {
    // A braced value (`size_t{n} * 2`) ends an operand; a block's brace
    // (`if (x) { ... } *p = 1;`) does not.
    size_t open = i - 1;
    for (int depth = 0; open > b; --open) {
      depth += c.is(open, "}") ? 1 : c.is(open, "{") ? -1 : 0;
      if (depth == 0) break;
    }
    return !(open > b && c.is(open, "{") && c.identifier(open - 1) && !is_expression_keyword(c.text(open - 1)) &&
             !c.is(open - 1, "try"));
  }
  const bool after_operand = (c.identifier(i - 1) && !is_expression_keyword(c.text(i - 1))) ||
                             c.token(i - 1).kind == TokenKind::number || c.is(i - 1, ")") || c.is(i - 1, "]");
  return !after_operand;
}

namespace {

// Is the `*` or `&` at i a binary operator for sure: after a number, after
// a closing bracket that no type ends with (`(b + 1) * kBlock;` multiplies;
// `decltype(x) * p;` declares), or after a name that follows an operator
// (`l = b * kBlock;`: no type follows `=`)?
bool after_operand(const TokenCursor& c, size_t i) {
  if (i == 0) return false;
  size_t before = i - 1;
  if (c.identifier(before) && before > 0) {
    std::string_view earlier = c.text(before - 1);
    // After a comparison or a logical operator too: `p < kStage * kBlock`
    // in a loop's condition declares nothing (nor does a template argument,
    // `Foo<A * B, C>`; a declaration's `*` comes before the `>`).
    return earlier == "=" || earlier == "+" || earlier == "-" || earlier == "/" || earlier == "%" ||
           earlier == "?" || earlier == "[" || earlier == "|" || earlier == "^" || earlier == "!" ||
           earlier == "~" || earlier == "return" || earlier == "<" || earlier == "<=" || earlier == ">=" ||
           earlier == "==" || earlier == "!=" || earlier == "&&" || earlier == "||" || earlier == "<<" ||
           earlier == ">>";
  }
  if (c.token(before).kind == TokenKind::number) return true;
  if (c.is(before, "]")) return true;
  if (!c.is(before, ")")) return false;
  long open = c.opening_bracket(before);
  if (open <= 0) return false;
  std::string_view callee = c.text(size_t(open) - 1);
  return callee != "decltype" && callee != "typeof" && callee != "__typeof__" && callee != "__typeof";
}

}  // namespace

namespace {

// Does identifier i sit where a declarator name would (declared_names)?
bool at_declarator(const TokenCursor& c, size_t i) {
  if (!c.identifier(i) || c.member_access(i)) return false;
  bool after_type = (c.identifier(i - 1) && !is_expression_keyword(c.text(i - 1))) ||
                    ((c.is(i - 1, "*") || c.is(i - 1, "&")) && !after_operand(c, i - 1)) || c.is(i - 1, ">");
  std::string_view next = c.text(i + 1);
  bool before_end = next == "=" || next == ";" || next == "," || next == "[" || next == "(" || next == "{" ||
                    next == ")" || next == ":";
  return after_type && before_end;
}

}  // namespace

std::set<std::string> declared_names(const TokenCursor& c, size_t b, size_t e) {
  std::set<std::string> names;
  for (size_t i = b + 1; i + 1 < e; ++i) {
    if (at_declarator(c, i)) names.insert(c.word(i));
  }
  return names;
}

size_t declaration_count(const TokenCursor& c, std::string_view name, size_t b, size_t e) {
  size_t count = 0;
  for (size_t i = b + 1; i + 1 < e; ++i) {
    if (c.text(i) == name && at_declarator(c, i)) ++count;
  }
  return count;
}

size_t statement_end(const TokenCursor& c, size_t i, size_t end) {
  if (i >= end) return end;
  // A #pragma (unroll) belongs to the statement after it.
  if (c.directive(i)) return statement_end(c, i + 1, end);
  std::string_view w = c.text(i);
  if (w == "{") return c.closing_bracket(i, end) + 1;
  if (w == "if" || w == "for" || w == "while" || w == "switch") {
    if (!c.is(i + 1, "(")) return end;
    size_t after = statement_end(c, c.closing_bracket(i + 1, end) + 1, end);
    if (w == "if" && c.is(after, "else")) after = statement_end(c, after + 1, end);
    return after;
  }
  if (w == "do") {
    size_t after = statement_end(c, i + 1, end);  // the body; then `while (...) ;`
    if (c.is(after, "while") && c.is(after + 1, "(")) return std::min(end, c.closing_bracket(after + 1, end) + 2);
    return end;
  }
  for (size_t j = i; j < end; ++j) {
    if (opens_group(c, j)) {
      j = c.closing_bracket(j, end);
      continue;
    }
    if (c.is(j, ";")) return j + 1;
  }
  return end;
}

bool parse_declaration(const TokenCursor& c, size_t b, size_t e, Declaration* out) {
  size_t last = e - 1;  // the ';'
  if (!c.is(last, ";")) return false;
  size_t equals = declarator_end(c, b, last);
  if (c.is(equals, ",")) {
    // The first declarator has no initialiser; `Foo<int, 3> x` also ends up here.
    for (size_t j = b; j < equals; ++j) {
      if (c.is(j, "<")) return false;
    }
  }
  size_t name_end = equals;
  while (name_end > b && c.is(name_end - 1, "]")) {
    // step back over one [..] group
    size_t j = name_end - 1;
    int depth = 0;
    for (;; --j) {
      if (c.is(j, "]")) ++depth;
      if (c.is(j, "[") && --depth == 0) break;
      if (j == b) return false;
    }
    name_end = j;
  }
  if (name_end <= b + 1 || !c.identifier(name_end - 1)) return false;
  size_t name = name_end - 1;
  size_t before = name - 1;
  bool after_type = (c.identifier(before) && !is_expression_keyword(c.text(before))) || c.is(before, "*") ||
                    c.is(before, "&") || c.is(before, ">");
  if (!after_type || !c.identifier(b) || is_expression_keyword(c.text(b))) return false;
  static const std::set<std::string_view> kNotPlain = {
      "auto",  "decltype", "&",      "static", "extern", "thread_local", "constexpr", "typedef",
      "using", "struct",   "class",  "union",  "enum",   "register"};
  bool plain = true;
  for (size_t j = b; j < name; ++j) {
    std::string_view t = c.text(j);
    if (t == "(" || t == "[" || t == "{" || t == "." || t == "=" || t == ",") return false;
    if (kNotPlain.count(t)) plain = false;
  }
  out->statement_begin = b;
  out->statement_end = e;
  out->type_begin = b;
  out->type_end = name;
  out->declarators.clear();
  // The first declarator, then `, name [= init]` for each further one.
  size_t at = name;
  size_t suffix_end = equals;  // past the first declarator's `[..]` groups
  for (;;) {
    Declarator declarator{};
    declarator.name = at;
    declarator.suffix_begin = at + 1;
    declarator.suffix_end = suffix_end;
    size_t stop = suffix_end;
    declarator.has_initializer = c.is(stop, "=");
    if (declarator.has_initializer) {
      declarator.init_begin = stop + 1;
      size_t next = stop + 1;
      while (next < last) {
        next = declarator_end(c, next, last);
        if (next >= last || c.is(next, ",")) break;
        ++next;  // an `=` inside the initialiser (a == b)
      }
      declarator.init_end = std::min(next, last);
      stop = declarator.init_end;
      if (c.is(declarator.init_begin, "{") || declarator.suffix_end != declarator.suffix_begin) plain = false;
    }
    out->declarators.push_back(declarator);
    if (stop >= last) break;
    if (!c.is(stop, ",") || !c.identifier(stop + 1)) {
      plain = false;  // `int a, *b;` and the like
      break;
    }
    at = stop + 1;
    suffix_end = at + 1;
    while (c.is(suffix_end, "[")) suffix_end = c.closing_bracket(suffix_end, last) + 1;
    if (suffix_end != at + 1) plain = false;  // arrays only as a lone declarator
  }
  out->plain = plain;
  return true;
}

size_t assignment_operator_length(const TokenCursor& c, size_t n) {
  if (c.is(n, "=") && !c.is(n + 1, "=")) return 1;
  static const std::string_view kCompound = "+-*/%&|^";
  if (c.punctuation(n) && kCompound.find(c.text(n)[0]) != std::string_view::npos && c.is(n + 1, "=") &&
      c.adjacent(n, n + 1)) {
    return 2;
  }
  if ((c.is(n, "<") && c.is(n + 1, "<") && c.is(n + 2, "=")) || (c.is(n, ">") && c.is(n + 1, ">") && c.is(n + 2, "="))) {
    return 3;
  }
  return 0;
}

bool modifies_at(const TokenCursor& c, size_t i, size_t limit) {
  auto increment = [&c](size_t at) { return (c.is(at, "+") && c.is(at + 1, "+")) || (c.is(at, "-") && c.is(at + 1, "-")); };
  size_t n = i + 1;
  // `s.x = v` or `s.a[i] += v` writes part of s itself (a by-value struct).
  if (c.is(n, ".")) {
    while (c.is(n, ".") && c.identifier(n + 1)) {
      n += 2;
      while (c.is(n, "[")) n = c.closing_bracket(n, limit) + 1;
    }
    return increment(n) || assignment_operator_length(c, n) != 0;
  }
  if (c.is(n, "[")) return false;  // &p[i] is an element's address
  if (c.is(n, "-") && c.is(n + 1, ">") && c.adjacent(n, n + 1)) return false;  // p->x = v, &p->x: the pointee
  if (i > 0 && c.is(i - 1, "&") && !(i > 1 && c.is(i - 2, "&") && c.adjacent(i - 2, i - 1))) return true;
  if (i > 1 && increment(i - 2)) return true;
  if (increment(n)) return true;
  // `*p = v` writes through p (`a * p = v`, the only other reading, is not
  // valid C++ for the scalars and pointers kernels take).
  if (i > 0 && c.is(i - 1, "*")) return false;
  return assignment_operator_length(c, n) != 0;
}

bool modified(const TokenCursor& c, const std::string& name, size_t b, size_t e) {
  for (size_t i = b; i < e; ++i) {
    if (c.identifier(i) && c.text(i) == name && !c.member_access(i) && modifies_at(c, i, e)) return true;
  }
  return false;
}

bool address_taken(const TokenCursor& c, const std::string& name, size_t b, size_t e) {
  for (size_t i = b; i < e; ++i) {
    if (!c.identifier(i) || c.text(i) != name || c.member_access(i)) continue;
    if (i > 0 && c.is(i - 1, "&") && !(i > 1 && c.is(i - 2, "&") && c.adjacent(i - 2, i - 1))) return true;
  }
  return false;
}

bool stray_jump(const TokenCursor& c, size_t b, size_t e) {
  for (size_t i = b; i < e; ++i) {
    std::string_view w = c.text(i);
    if (w == "break" || w == "continue") return true;
    if ((w == "for" || w == "while" || w == "switch" || w == "do") && c.identifier(i)) {
      i = statement_end(c, i, e) - 1;
    }
  }
  return false;
}

}  // namespace cucpu::compiler
