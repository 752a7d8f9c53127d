// See launch_calls.h.
#include "launch_calls.h"

#include <set>
#include <string>

namespace cucpu::compiler {
namespace {

// Keywords that can sit right before a callee (`return k<<<...>>>()`) and so
// end the backward walk over the callee expression.
const std::set<std::string_view> kStopKeywords = {"return", "else", "do", "case", "throw", "co_return",
                                                  "co_yield", "co_await", "default", "goto", "new", "delete",
                                                  "sizeof", "typedef", "using", "operator", "if", "while", "for",
                                                  "switch", "const", "volatile", "auto", "void"};

bool callee_word(const TokenCursor& c, long j) {
  return j >= 0 && c.identifier(size_t(j)) && !kStopKeywords.count(c.text(size_t(j)));
}

// Steps back over `::`, `.` or `->` at `j`; false if there is none. A
// leading `::` (global qualification) is taken into the callee.
bool joins_member(const TokenCursor& c, long j, long* next, long* start) {
  if (j >= 1 && c.is(size_t(j), ":") && c.is(size_t(j) - 1, ":") && c.adjacent(size_t(j) - 1, size_t(j))) {
    *next = j - 2;
    if (*next < 0 || !(c.identifier(size_t(*next)) || c.is(size_t(*next), ">"))) {
      *start = j - 1;  // `::k`: the walk ends after taking the `::`
      *next = -1;
    }
    return true;
  }
  if (j >= 0 && c.is(size_t(j), ".")) {
    *next = j - 1;
    return true;
  }
  if (j >= 1 && c.is(size_t(j), ">") && c.is(size_t(j) - 1, "-") && c.adjacent(size_t(j) - 1, size_t(j))) {
    *next = j - 2;
    return true;
  }
  return false;
}

// First token of the callee expression that ends at `last`, or -1.
long callee_start(const TokenCursor& c, long last) {
  long j = last;
  long start = -1;
  for (;;) {
    if (j < 0) return start;
    std::string_view word = c.text(size_t(j));
    if (c.punctuation(size_t(j)) && (word == ")" || word == "]" || word == ">")) {
      long open = c.opening_bracket(size_t(j));
      if (open < 0) return -1;
      start = open;
      j = open - 1;
      if (word == ">" && (j < 0 || !c.identifier(size_t(j)))) return -1;
      if (callee_word(c, j)) continue;
      if (j >= 0 && word == "]" && (c.is(size_t(j), ")") || c.is(size_t(j), "]"))) continue;
      if (!joins_member(c, j, &j, &start)) return start;
      continue;
    }
    if (callee_word(c, j)) {
      start = j;
      --j;
      if (!joins_member(c, j, &j, &start)) return start;
      continue;
    }
    return start;
  }
}

std::string collapse(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
    if (ch == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += ch;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string escape(std::string_view s) {
  std::string out;
  for (char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out;
}

}  // namespace

size_t rewrite_launch(const TokenCursor& c, size_t i, std::vector<Edit>* edits, std::vector<SourceError>* errors) {
  if (i > 0 && c.is(i - 1, "operator")) return i + 2;
  long first = callee_start(c, long(i) - 1);
  if (first < 0) {
    errors->push_back(error_at(c, i, "kernel launch '<<<' without a callee the CPU backend can recognise"));
    return i + 2;
  }
  // Find the `>>>` that closes the configuration at bracket depth 0.
  size_t j = i + 3;
  int depth = 0;
  for (; j < c.size(); ++j) {
    if (!c.punctuation(j)) continue;
    std::string_view w = c.text(j);
    if (w == "(" || w == "[" || w == "{") ++depth;
    else if (w == ")" || w == "]" || w == "}") --depth;
    else if (depth == 0 && c.is_triple(j, '>')) break;
    if (depth < 0) break;
  }
  if (j >= c.size() || depth < 0) {
    errors->push_back(error_at(c, i, "kernel launch '<<<' without a matching '>>>'"));
    return i + 2;
  }
  size_t config_end = j;  // first '>' of '>>>'
  size_t open = j + 3;
  if (!c.is(open, "(")) {
    errors->push_back(error_at(c, j, "kernel launch '>>>' not followed by an argument list '('"));
    return j + 2;
  }
  size_t close = c.closing_bracket(open);
  if (close >= c.size()) {
    errors->push_back(error_at(c, open, "kernel launch argument list without a closing ')'"));
    return open;
  }
  std::string_view src = c.source();
  const Token& callee_first = c.token(size_t(first));
  std::string callee = collapse(src.substr(callee_first.begin, c.token(i - 1).end - callee_first.begin));
  std::string config(src.substr(c.token(i + 2).end, c.token(config_end).begin - c.token(i + 2).end));
  std::string args(src.substr(c.token(open).end, c.token(close).begin - c.token(open).end));
  bool has_args = close > open + 1;
  const Token& at = c.token(i);
  // The probe lets launch.h find the kernel's address (per instantiation).
  std::string replacement = "::cucpu::launch_identified(::cucpu::KernelSite{\"" + escape(callee) + "\", \"" +
                            c.parsed().files[at.file].name + "\", " + std::to_string(at.line) +
                            "}, ::cucpu::LaunchConfig(" + config +
                            "), [&](auto cucpu_probe) -> decltype(cucpu_probe(" + callee +
                            ")) { return cucpu_probe(" + callee + "); }, [&](auto&... cucpu_args) { " + callee +
                            "(cucpu_args...); }" + (has_args ? ", " + args : std::string()) + ")";
  edits->push_back({callee_first.begin, c.token(close).end, std::move(replacement)});
  return close;
}

void drop_untyped_kernel_cast(const TokenCursor& c, size_t i, std::vector<Edit>* edits) {
  size_t j = i + 2;
  if (!c.is(i + 1, "(") || !c.is(j, "(")) return;
  size_t k = j + 1;
  if (c.is(k, "const")) ++k;
  if (!c.is(k, "void") || !c.is(k + 1, "*") || !c.is(k + 2, ")")) return;
  edits->push_back({c.token(j).begin, c.token(k + 2).end, ""});
}

}  // namespace cucpu::compiler
