// `__shared__` variables (the prelude spells the qualifier __cucpu_shared__):
// a static one becomes `thread_local` storage, one array per worker thread,
// which is per block since a block never leaves its worker (or a plain
// static under --check-memory, so AddressSanitizer guards it); `extern
// __shared__ T name[]` becomes a pointer to the worker's dynamic shared
// buffer in a function, or binds the buffer's symbol at file scope.
#pragma once

#include <vector>

#include "source_edits.h"
#include "source_error.h"
#include "token_cursor.h"

namespace cucpu::compiler {

struct SharedVariableOptions {
  bool as_checked_globals = false;  // static arrays as plain statics (RewriteOptions)
  bool at_file_scope = false;       // the qualifier is outside any function or class
};

// Rewrites the declaration whose `__shared__` is token i.
void rewrite_shared_variable(const TokenCursor& c, size_t i, const SharedVariableOptions& options,
                             std::vector<Edit>* edits, std::vector<SourceError>* errors);

}  // namespace cucpu::compiler
