// Cooperative groups' thread block in a kernel, for barrier splitting: a
// `thread_block` is the whole block, so its sync is __syncthreads(). Finds
//   [const] (cg::thread_block | auto) NAME = cg::this_thread_block();
// (or `= OTHER;`, a copy of such a name, as inlined parameters read)
// declarations (the value is the same for every thread: a uniform
// statement) and the barrier statements on them:
//   NAME.sync();   [cg::]sync(NAME);   cg::this_thread_block().sync();
// (any namespace qualification, `cooperative_groups::` or an alias). Only
// whole statements count; a sync inside an expression or behind an `if`
// without braces is left alone, which keeps the kernel on fibers.
#pragma once

#include <map>
#include <set>
#include <string>

#include "token_cursor.h"

namespace cucpu::compiler {

struct BlockGroups {
  std::set<std::string> names;
  std::map<size_t, size_t> declarations;  // statement's first token -> one past its ';'
  std::map<size_t, std::string> declared_name;  // the same first token -> NAME
  std::map<size_t, size_t> barriers;      // the same for the sync statements
  // Tokens of both kinds of statement: their cooperative-groups words do
  // not keep the kernel on fibers.
  std::set<size_t> understood;
};

BlockGroups find_block_groups(const TokenCursor& c, size_t body_begin, size_t body_end);

}  // namespace cucpu::compiler
