// Kernel launches: `callee<<<grid, block, smem, stream>>>(args)` becomes
// `::cucpu::launch_identified(site, LaunchConfig(...), probe, call, args)`
// (include/cucpu/launch.h), which evaluates the arguments once and runs the
// kernel for every thread; and `cudaLaunchKernel((const void*)k, ...)` loses
// the cast that would hide the kernel's parameter types.
#pragma once

#include <vector>

#include "source_edits.h"
#include "source_error.h"
#include "token_cursor.h"

namespace cucpu::compiler {

// Rewrites the launch whose `<<<` starts at token i (or reports why it
// cannot); returns the index to continue scanning from.
size_t rewrite_launch(const TokenCursor& c, size_t i, std::vector<Edit>* edits, std::vector<SourceError>* errors);

// `cudaLaunchKernel` at token i: drops a `(const void*)` or `(void*)` cast
// of its first argument.
void drop_untyped_kernel_cast(const TokenCursor& c, size_t i, std::vector<Edit>* edits);

}  // namespace cucpu::compiler
