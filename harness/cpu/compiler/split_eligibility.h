// The first check of barrier splitting: does anything in a kernel rule it
// out before its statements are looked at? Kernels that launch kernels, use
// a word of needs_fibers (kernel_functions.h), jump with goto, use inline
// asm or exceptions, call a function containing a barrier, or write a
// parameter (threads share parameters once split) stay on fibers. Tokens in
// `understood` (a thread block's declaration and syncs, block_groups.h) pass.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "kernel_functions.h"
#include "token_cursor.h"

namespace cucpu::compiler {

// Why the kernel must stay on fibers, or nothing.
std::optional<std::string> reason_to_keep_on_fibers(const TokenCursor& c, const KernelDefinition& kernel,
                                                    const std::set<std::string>& barrier_functions,
                                                    const std::set<size_t>& understood);

// The names of the kernel's parameters, in order.
std::vector<std::string> parameter_names(const TokenCursor& c, const KernelDefinition& kernel);

}  // namespace cucpu::compiler
