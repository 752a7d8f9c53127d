// See source_edits.h.
#include "source_edits.h"

#include <algorithm>

namespace cucpu::compiler {

std::string apply_edits(std::string_view source, std::vector<Edit> edits) {
  // An insertion where a replacement starts goes before it.
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    return a.begin < b.begin || (a.begin == b.begin && a.begin == a.end && b.begin != b.end);
  });
  std::string out;
  out.reserve(source.size());
  size_t copied = 0;
  for (const Edit& edit : edits) {
    out.append(source.substr(copied, edit.begin - copied));
    out.append(edit.replacement);
    copied = edit.end;
  }
  out.append(source.substr(copied));
  return out;
}

}  // namespace cucpu::compiler
