// Upper bounds on what a statement.md or cases.yaml may contain.
//
// Problem files are input from outside the judge (a contributor's pull
// request, a user's own folder), so every length and count the parsers read
// is bounded before it is used: a 30,000-character parameter name, a
// million cases or a 100 MB file is a ProblemError naming the limit, never a
// stack overflow or an hour of work. The bounds are far above anything a
// real problem needs (Tensara's longest parameter list has 18 entries).
#pragma once

#include <cstddef>
#include <string>

namespace judge::limits {

inline constexpr std::size_t kMaxFileBytes = 1 << 20;      // statement.md, cases.yaml
inline constexpr std::size_t kMaxSlugLength = 100;
inline constexpr std::size_t kMaxIdentifierLength = 64;    // parameter names
inline constexpr std::size_t kMaxTextLength = 1000;        // title, author, one tag, a type name
inline constexpr std::size_t kMaxTags = 32;
inline constexpr std::size_t kMaxParameters = 64;
inline constexpr std::size_t kMaxDtypes = 8;
inline constexpr std::size_t kMaxCases = 1000;             // over all tiers
inline constexpr std::size_t kMaxCaseNameLength = 100;
inline constexpr std::size_t kMaxNumberLength = 64;        // characters of one number
inline constexpr std::size_t kMaxArrayLength = 64;         // a literal integer tensor in a case

// `text` for an error message: whole when short, else its start and length,
// so a hostile value cannot make a message megabytes long.
inline std::string shortened(const std::string& text) {
  constexpr std::size_t kShown = 60;
  if (text.size() <= kShown) return text;
  return text.substr(0, kShown) + "... (" + std::to_string(text.size()) + " characters)";
}

}  // namespace judge::limits
