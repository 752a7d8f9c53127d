// Finds the functions the barrier splitter works on: each kernel's
// definition (after the prelude's __global__ marker), and the user
// functions that contain a barrier or block collective, directly or through
// calls, which a kernel calling them cannot be split around.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "token_cursor.h"

namespace cucpu::compiler {

struct KernelDefinition {
  std::string name;
  size_t params_open, params_close;  // the parameter list's parentheses
  size_t body_open, body_close;      // the body's braces
};

// The kernel defined after the marker token (a declaration gives nothing).
std::optional<KernelDefinition> find_kernel_definition(const TokenCursor& c, size_t marker);

// The kernels defined in the user's code, in source order; only those named
// in `only_kernels` when it is not empty.
std::vector<KernelDefinition> user_kernels(const TokenCursor& c, const std::set<std::string>& only_kernels = {});

// Identifiers that need a block's threads suspended mid-statement, or
// another thread to run while one waits: barriers, warp collectives,
// cooperative groups, waits on other threads of the block.
bool needs_fibers(std::string_view word);

// Names of the user functions whose bodies call __syncthreads or use a word
// of needs_fibers, directly or through calls of such functions.
std::set<std::string> functions_with_block_collectives(const TokenCursor& c);

}  // namespace cucpu::compiler
