// Parsing JSON the judge did not write (the runner's replies, which solution
// code can forge) without trusting its shape: the nesting depth is checked
// by a linear scan before any tree is built, because copying or destroying
// a tree millions of levels deep recurses once per level and overflows the
// judge's stack.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace judge {

// The deepest nesting of arrays and objects in `text` (0 for a scalar),
// counting brackets outside strings; stops counting past `stop_after`.
std::size_t json_nesting_depth(std::string_view text, std::size_t stop_after);

// `text` parsed, or nullopt with `error` saying why: not JSON, or nested
// deeper than `max_depth`.
std::optional<nlohmann::json> parse_json_bounded(std::string_view text, std::size_t max_depth, std::string& error);

}  // namespace judge
