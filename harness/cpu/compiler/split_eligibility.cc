// See split_eligibility.h.
#include "split_eligibility.h"

#include "statement_parsing.h"

namespace cucpu::compiler {

std::vector<std::string> parameter_names(const TokenCursor& c, const KernelDefinition& kernel) {
  std::vector<std::string> names;
  size_t start = kernel.params_open + 1;
  int depth = 0;
  for (size_t i = kernel.params_open + 1; i <= kernel.params_close; ++i) {
    std::string_view w = c.text(i);
    if (w == "(" || w == "[" || w == "{" || w == "<") ++depth;
    else if (w == "]" || w == "}" || w == ">") --depth;
    else if (w == ")" && i != kernel.params_close) --depth;
    if ((w == "," && depth == 0) || i == kernel.params_close) {
      long name = -1;
      for (size_t j = start; j < i; ++j) {
        if (c.is(j, "=")) break;
        if (c.identifier(j)) name = long(j);
      }
      if (name >= 0 && c.text(size_t(name)) != "void") names.push_back(c.word(size_t(name)));
      start = i + 1;
    }
  }
  return names;
}

std::optional<std::string> reason_to_keep_on_fibers(const TokenCursor& c, const KernelDefinition& kernel,
                                                    const std::set<std::string>& barrier_functions,
                                                    const std::set<size_t>& understood) {
  static const std::set<std::string_view> kRefusedWords = {"goto",  "asm", "__asm__",  "__asm",    "throw", "try",
                                                           "co_await", "co_yield", "co_return", "setjmp", "longjmp"};
  size_t body_begin = kernel.body_open + 1, body_end = kernel.body_close;
  for (size_t i = body_begin; i < body_end; ++i) {
    if (c.punctuation(i) && c.is(i, "<") && c.is(i + 1, "<") && c.is(i + 2, "<")) return "launches a kernel";
    if (!c.identifier(i) || understood.count(i)) continue;
    std::string word = c.word(i);
    if (word == "__syncthreads") continue;
    if (needs_fibers(word) || kRefusedWords.count(word)) return "uses '" + word + "'";
    if (barrier_functions.count(word)) return "calls '" + word + "', which contains a barrier or warp collective";
  }
  for (const std::string& parameter : parameter_names(c, kernel)) {
    if (modified(c, parameter, body_begin, body_end)) {
      return "assigns its parameter '" + parameter + "' or takes its address";
    }
  }
  return std::nullopt;
}

}  // namespace cucpu::compiler
