// Is an expression in a kernel body block-uniform, the same for every thread
// of the block, so that the barrier splitter may evaluate it once per block
// (a loop header around a barrier, a local shared by all threads)? Uniform:
// parameters the kernel never writes, blockIdx/blockDim/gridDim, constants,
// globals the kernel never writes, and the uniform locals the caller passes
// in (those it has shown to be written only by whole-block statements).
// Never uniform: calls, element reads, assignments, the thread-varying
// locals of thread_variance.h, and any other local.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "token_cursor.h"

namespace cucpu::compiler {

// Is `word` one of blockIdx/blockDim/gridDim, as the prelude's marker or
// as the runtime context's field it expands to?
bool is_launch_builtin(std::string_view word);

// Is `name` declared `const` or `constexpr` outside [body_begin, body_end),
// and nowhere declared without?
bool is_constant_global(const TokenCursor& c, const std::string& name, size_t body_begin, size_t body_end);

class BlockUniformity {
 public:
  // The kernel body is [body_begin, body_end).
  BlockUniformity(const TokenCursor& c, size_t body_begin, size_t body_end);

  // Does [b, e) read only block-uniform values, without assigning anything?
  // `uniform`: the uniform names in scope there.
  bool is_uniform(size_t b, size_t e, const std::vector<std::string>& uniform) const {
    return check(b, e, uniform, false);
  }

  // Can each thread evaluate [b, e) again, at any later point, with the same
  // result? Arithmetic on the thread index, uniform values and locals
  // marked recomputable; no memory read, no uniform local that is reassigned.
  bool is_recomputable(size_t b, size_t e, const std::vector<std::string>& uniform) const;

  // Does [b, e) come out the same in every block of the launch for a given
  // thread index? What is_recomputable allows, but no blockIdx, and of the
  // kernel's names only `invariant` ones (parameters it never writes,
  // locals made from such values): `lane == 0` with `lane = threadIdx.x % 32`.
  bool is_launch_invariant(size_t b, size_t e, const std::vector<std::string>& invariant) const;

  // A uniform local that whole-block statements reassign (`flip = 1 - flip;`):
  // uniform, but not recomputable later.
  void add_reassigned_uniform(const std::string& name) { m_reassigned_uniform.insert(name); }
  void add_recomputable(const std::string& name) { m_recomputable.insert(name); }
  void remove_recomputable(const std::string& name) { m_recomputable.erase(name); }

  const std::set<std::string>& thread_varying() const { return m_thread_varying; }

  // is_constant_global for this kernel, remembered: it reads the whole file.
  bool is_constant(const std::string& name) const;

 private:
  // An element read, dereference, address or aggregate in [b, e)?
  bool reads_memory(size_t b, size_t e) const;
  bool check(size_t b, size_t e, const std::vector<std::string>& uniform, bool per_thread,
             const std::vector<std::string>* recomputable_too = nullptr) const;

  const TokenCursor& c_;
  size_t m_body_begin;
  size_t m_body_end;
  std::set<std::string> m_declared;        // every name that may be a local
  std::set<std::string> m_thread_varying;  // thread_variance.h
  std::set<std::string> m_reassigned_uniform;
  std::set<std::string> m_recomputable;
  mutable std::map<std::string, bool> m_constant_globals;
};

}  // namespace cucpu::compiler
