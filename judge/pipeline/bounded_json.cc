#include "judge/pipeline/bounded_json.h"

namespace judge {

std::size_t json_nesting_depth(std::string_view text, std::size_t stop_after) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > stop_after) return deepest;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

std::optional<nlohmann::json> parse_json_bounded(std::string_view text, std::size_t max_depth, std::string& error) {
  const std::size_t depth = json_nesting_depth(text, max_depth);
  if (depth > max_depth) {
    error = "JSON nested deeper than " + std::to_string(max_depth) + " levels";
    return std::nullopt;
  }
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& parse_error) {
    // Only the position: the parser's own message quotes the text it read.
    error = "a line that is not JSON (syntax error at byte " + std::to_string(parse_error.byte) + ")";
    return std::nullopt;
  } catch (const nlohmann::json::exception&) {
    error = "a line that is not JSON";
    return std::nullopt;
  }
}

}  // namespace judge
