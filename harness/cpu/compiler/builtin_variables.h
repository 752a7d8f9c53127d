// The built-in variables threadIdx, blockIdx, blockDim and gridDim: the
// prelude turns each into a marker token (__cucpu_builtin_threadIdx ...);
// this pass expands a marker into the read of the running thread's context,
// or back into the plain name where it is a member name or a name being
// declared (`dim3 blockDim;`, `p.threadIdx`).
#pragma once

#include <string>
#include <string_view>

#include "token_cursor.h"

namespace cucpu::compiler {

bool is_builtin_marker(std::string_view word);

// What the marker at token i becomes.
std::string builtin_replacement(const TokenCursor& c, size_t i);

}  // namespace cucpu::compiler
