// Refuses grid-wide synchronisation, which the CPU backend cannot provide
// (it does not keep all blocks resident): cudaLaunchCooperativeKernel,
// this_grid().sync(), and sync() on a name declared as a grid group
// (`cg::grid_group g` or `auto g = cg::this_grid()`; `g.sync()`,
// `cg::sync(g)`). Grid groups used for indexing (thread_rank, size) pass.
// A pass of its own so that lifting the refusal is one change.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "source_error.h"
#include "token_cursor.h"

namespace cucpu::compiler {

class GridSyncRefusal {
 public:
  // Called for each identifier of user code, in source order (names declared
  // as grid groups are remembered file-wide).
  void visit(const TokenCursor& c, size_t i, std::vector<SourceError>* errors);

 private:
  std::set<std::string> grid_group_names_;
};

}  // namespace cucpu::compiler
