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

bool is_constant_global(const TokenCursor& c, const std::string& name, size_t body_begin, size_t body_end) {
  bool found = false;
  for (size_t i = 1; i + 1 < c.size(); ++i) {
    if (i >= body_begin && i < body_end) continue;
    if (!c.identifier(i) || c.text(i) != name || c.member_access(i)) continue;
    bool after_type =
        c.identifier(i - 1) || c.is(i - 1, ">") || c.is(i - 1, "*") || c.is(i - 1, "&") || c.is(i - 1, ",");
    bool initialised = (c.is(i + 1, "=") && !(c.is(i + 2, "=") && c.adjacent(i + 1, i + 2))) || c.is(i + 1, "{");
    if (!after_type || !initialised) continue;
    bool constant = false;
    for (size_t j = i; j-- > 0;) {
      if (c.is(j, ";") || c.is(j, "{") || c.is(j, "}") || c.directive(j)) break;
      if (c.is(j, "*") || c.is(j, "&")) break;  // const applies to what a pointer points to
      if (c.is(j, "constexpr") || c.is(j, "const")) {
        constant = true;
        break;
      }
    }
    if (!constant) return false;
    found = true;
  }
  return found;
}

BlockUniformity::BlockUniformity(const TokenCursor& c, size_t body_begin, size_t body_end)
    : c_(c),
      m_body_begin(body_begin),
      m_body_end(body_end),
      m_declared(declared_names(c, body_begin, body_end)),
      m_thread_varying(thread_varying_locals(c, body_begin, body_end)) {}

bool BlockUniformity::is_recomputable(size_t b, size_t e, const std::vector<std::string>& uniform) const {
  return !reads_memory(b, e) && check(b, e, uniform, true);
}

bool BlockUniformity::reads_memory(size_t b, size_t e) const {
  for (size_t i = b; i < e; ++i) {
    if (c_.is(i, "[") || c_.is(i, "{")) return true;  // a memory read, or an aggregate
    if ((c_.is(i, "*") || c_.is(i, "&")) && unary_operator(c_, b, i)) return true;  // a dereference or an address
  }
  return false;
}

bool BlockUniformity::is_launch_invariant(size_t b, size_t e, const std::vector<std::string>& invariant) const {
  if (reads_memory(b, e)) return false;
  for (size_t i = b; i < e; ++i) {
    if (!c_.identifier(i)) continue;  // assignments: check() below
    std::string_view word = c_.text(i);
    if (word == "__cucpu_builtin_blockIdx" || word == "block_idx") return false;
    if (c_.member_access(i) || word == "__cucpu_builtin_threadIdx" || word == "__cucpu_builtin_blockDim" ||
        word == "__cucpu_builtin_gridDim" || word == "tls_context") {
      continue;
    }
    if (kUniformWords.count(word)) continue;
    const std::string name(word);
    if (std::find(invariant.begin(), invariant.end(), name) != invariant.end()) continue;
    if (m_declared.count(name)) return false;  // any other local
    // A global: a constant (one the kernel does not write may still change
    // between blocks, through a call).
    if (!c_.is(i + 1, "(") && !is_constant(name)) return false;
  }
  // Then what is left is arithmetic on the thread index, the invariant
  // names and unwritten globals.
  return check(b, e, invariant, true, &invariant);
}

bool BlockUniformity::is_constant(const std::string& name) const {
  auto known = m_constant_globals.find(name);
  if (known != m_constant_globals.end()) return known->second;
  return m_constant_globals[name] = is_constant_global(c_, name, m_body_begin, m_body_end);
}

// With `per_thread` the expression may also read threadIdx and the
// recomputable locals (and `recomputable_too`), but no uniform local that
// is reassigned.
bool BlockUniformity::check(size_t b, size_t e, const std::vector<std::string>& uniform, bool per_thread,
                            const std::vector<std::string>* recomputable_too) const {
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
      if (recomputable_too && std::find(recomputable_too->begin(), recomputable_too->end(), name) != recomputable_too->end()) {
        continue;
      }
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
