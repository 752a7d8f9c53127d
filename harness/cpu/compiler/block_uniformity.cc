// See block_uniformity.h.
#include "block_uniformity.h"

#include <algorithm>

#include "statement_parsing.h"
#include "thread_variance.h"

namespace cucpu::compiler {
namespace {

// Words a block-uniform expression may contain besides uniform names: casts
// and the expansion of blockIdx/blockDim/gridDim.
const std::set<std::string_view> kUniformWords = {
    "static_cast", "const", "unsigned", "signed", "int", "long", "short", "char", "float", "double",
    "bool", "size_t", "dim3", "uint3", "sizeof", "true", "false", "nullptr", "cucpu", "detail",
    "min", "max", "std", "int64_t", "uint64_t", "int32_t", "uint32_t"};
const std::set<std::string_view> kUniformContextFields = {"block_dim", "grid_dim", "block_idx"};
// The prelude's markers for the uniform built-in variables.
const std::set<std::string_view> kUniformBuiltins = {"__cucpu_builtin_blockIdx", "__cucpu_builtin_blockDim",
                                                     "__cucpu_builtin_gridDim"};

}  // namespace

bool is_launch_builtin(std::string_view word) {
  return kUniformBuiltins.count(word) != 0 || kUniformContextFields.count(word) != 0;
}

BlockUniformity::BlockUniformity(const TokenCursor& c, size_t body_begin, size_t body_end)
    : c_(c),
      m_body_begin(body_begin),
      m_body_end(body_end),
      m_declared(declared_names(c, body_begin, body_end)),
      m_thread_varying(thread_varying_locals(c, body_begin, body_end)) {}

bool BlockUniformity::is_recomputable(size_t b, size_t e, const std::vector<std::string>& uniform) const {
  for (size_t i = b; i < e; ++i) {
    if (c_.is(i, "[") || c_.is(i, "{")) return false;  // a memory read, or an aggregate
    if ((c_.is(i, "*") || c_.is(i, "&")) && unary_operator(c_, b, i)) return false;  // a dereference or an address
  }
  return check(b, e, uniform, true);
}

// With `per_thread` the expression may also read threadIdx and the
// recomputable locals, but no uniform local that is reassigned.
bool BlockUniformity::check(size_t b, size_t e, const std::vector<std::string>& uniform, bool per_thread) const {
  for (size_t i = b; i < e; ++i) {
    if (c_.punctuation(i)) {
      std::string_view w = c_.text(i);
      bool comparison = i > b && (c_.is(i - 1, "=") || c_.is(i - 1, "!") || c_.is(i - 1, "<") || c_.is(i - 1, ">")) &&
                        c_.adjacent(i - 1, i) && !(i > b + 1 && c_.is(i - 2, c_.text(i - 1)) && c_.adjacent(i - 2, i - 1));
      if (w == "=" && !c_.is(i + 1, "=") && !comparison) return false;  // =, +=, <<= ...: an assignment
      if ((w == "+" || w == "-") && c_.is(i + 1, w) && c_.adjacent(i, i + 1)) return false;
      continue;
    }
    if (!c_.identifier(i)) continue;
    std::string_view word = c_.text(i);
    std::string name(word);
    bool thread_index = per_thread && ((word == "thread_idx" && i >= 2 && c_.is(i - 2, "tls_context")) ||
                                       word == "__cucpu_builtin_threadIdx");
    if (reads_thread_identity(c_, i) && !thread_index) return false;
    if (c_.member_access(i) && c_.is(i - 1, ".")) {
      if (i >= 2 && c_.is(i - 2, "tls_context") && !kUniformContextFields.count(word) && !thread_index) return false;
      continue;
    }
    if (per_thread) {
      if (m_reassigned_uniform.count(name)) return false;
      if (m_recomputable.count(name)) continue;
    }
    if (!c_.member_access(i) && m_thread_varying.count(name)) return false;
    if (word == "tls_context") continue;  // its field is checked above
    if (kUniformBuiltins.count(word) || thread_index) continue;
    if (c_.member_access(i)) continue;  // qualified name: ns::constant
    if (std::find(uniform.begin(), uniform.end(), name) != uniform.end()) continue;
    if (kUniformWords.count(word)) continue;
    if (m_declared.count(name)) return false;  // a local (or possibly one)
    if (c_.is(i + 1, "(")) return false;      // a call: may differ per thread
    if (c_.is(i + 1, "[")) return false;      // an element, perhaps written by the kernel
    if (modified(c_, name, m_body_begin, m_body_end)) return false;
    // A global or constant the kernel never writes.
  }
  return true;
}

}  // namespace cucpu::compiler
