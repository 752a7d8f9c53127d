// The one form every rewriting pass reports its changes in: replace a byte
// range of the preprocessed source. Passes only collect edits; apply_edits
// builds the new text once, so passes never see each other's output.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cucpu::compiler {

struct Edit {
  size_t begin;  // byte range of the source to replace; begin == end inserts
  size_t end;
  std::string replacement;
};

// The source with `edits` applied (they must not overlap). Edits at one
// place apply in the order given: insertions there read in that order,
// before a replacement that starts there.
std::string apply_edits(std::string_view source, std::vector<Edit> edits);

}  // namespace cucpu::compiler
