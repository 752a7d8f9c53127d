// See grid_sync_refusal.h.
#include "grid_sync_refusal.h"

namespace cucpu::compiler {
namespace {

SourceError refusal(const TokenCursor& c, size_t i, const std::string& what) {
  return error_at(c, i,
                  "grid-wide synchronisation ('" + what +
                      "') is not supported: the CPU backend cannot keep all blocks resident");
}

}  // namespace

void GridSyncRefusal::visit(const TokenCursor& c, size_t i, std::vector<SourceError>* errors) {
  std::string_view word = c.text(i);
  if (word == "cudaLaunchCooperativeKernel") {
    errors->push_back(refusal(c, i, "cudaLaunchCooperativeKernel"));
  } else if (word == "grid_group") {
    size_t j = i + 1;
    while (c.is(j, "&") || c.is(j, "*") || c.is(j, "const")) ++j;
    if (c.identifier(j)) grid_group_names_.insert(c.word(j));
  } else if (word == "this_grid") {
    if (c.is(i + 1, "(") && c.is(i + 2, ")") && c.is(i + 3, ".") && c.is(i + 4, "sync")) {
      errors->push_back(refusal(c, i + 4, "this_grid().sync()"));
    }
    for (size_t j = i; j > 1 && !c.is(j - 1, ";") && !c.is(j - 1, "{") && !c.is(j - 1, "}"); --j) {
      if (c.is(j - 1, "=") && c.identifier(j - 2)) grid_group_names_.insert(c.word(j - 2));
    }
  } else if (word == "sync") {
    if (i >= 2 && c.is(i - 1, ".") && grid_group_names_.count(c.word(i - 2))) {
      errors->push_back(refusal(c, i, c.word(i - 2) + ".sync()"));
    } else if (c.is(i + 1, "(") && c.is(i + 3, ")") && c.identifier(i + 2) && grid_group_names_.count(c.word(i + 2))) {
      errors->push_back(refusal(c, i, "sync(" + c.word(i + 2) + ")"));
    }
  }
}

}  // namespace cucpu::compiler
