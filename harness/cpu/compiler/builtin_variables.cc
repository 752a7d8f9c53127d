// See builtin_variables.h.
#include "builtin_variables.h"

#include <set>
#include <utility>

namespace cucpu::compiler {
namespace {

constexpr std::string_view kBuiltinMarker = "__cucpu_builtin_";

// Keywords after which a built-in variable is an expression, not a declared name.
const std::set<std::string_view> kExpressionKeywords = {"return", "case", "sizeof", "throw", "co_return", "co_yield",
                                                        "co_await", "else", "do", "delete", "alignof", "decltype"};

// What each built-in variable reads: the running CUDA thread's context.
const std::pair<std::string_view, std::string_view> kBuiltinExpansions[] = {
    {"threadIdx", "(static_cast<const uint3&>(::cucpu::detail::tls_context.thread_idx))"},
    {"blockIdx", "(static_cast<const uint3&>(::cucpu::detail::tls_context.block_idx))"},
    {"blockDim", "(static_cast<const dim3&>(::cucpu::detail::tls_context.block_dim))"},
    {"gridDim", "(static_cast<const dim3&>(::cucpu::detail::tls_context.grid_dim))"},
};

}  // namespace

bool is_builtin_marker(std::string_view word) { return word.substr(0, kBuiltinMarker.size()) == kBuiltinMarker; }

std::string builtin_replacement(const TokenCursor& c, size_t i) {
  std::string_view name = c.text(i).substr(kBuiltinMarker.size());
  bool member_or_declared = false;
  if (i > 0) {
    std::string_view previous = c.text(i - 1);
    member_or_declared = previous == "." || (previous == ":" && i > 1 && c.is(i - 2, ":")) ||
                         (previous == ">" && i > 1 && c.is(i - 2, "-")) ||
                         (c.identifier(i - 1) && !kExpressionKeywords.count(previous));
  }
  std::string replacement(name);
  if (!member_or_declared) {
    for (const auto& [builtin, expansion] : kBuiltinExpansions) {
      if (builtin == name) replacement = std::string(expansion);
    }
  }
  return replacement;
}

}  // namespace cucpu::compiler
