// The judge's content hash: SHA-256 as 64 lowercase hex digits. It keys the
// compile cache, checks cached libraries, fingerprints solutions in reports,
// names result records and marks the importer's generated files.
#pragma once

#include <string>

namespace judge {

// 64 hex digits: the SHA-256 of `text`.
std::string content_hash(const std::string& text);

}  // namespace judge
