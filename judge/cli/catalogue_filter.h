// What `judge list` selects and how it groups: filters on tag, difficulty
// and text (case-insensitive), and the grouping of the selected problems by
// difficulty or by tag. Plain data in, plain data out, so the rules are
// tested without a catalogue.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace judge {

struct ProblemSummary {
  std::string slug;
  std::string title;
  std::string difficulty;  // may be empty
  std::vector<std::string> tags;
};

struct CatalogueFilter {
  std::string tag;         // a problem's tag, equal ignoring case; empty: any
  std::string difficulty;  // equal ignoring case; empty: any
  std::string search;      // a substring of slug or title, ignoring case; empty: any

  bool matches(const ProblemSummary& problem) const;
  bool empty() const { return tag.empty() && difficulty.empty() && search.empty(); }
};

enum class Grouping { kDifficulty, kTag };

// (group heading, problems in slug order), groups in order: difficulties
// EASY, MEDIUM, HARD, then others alphabetically, then "(no difficulty)";
// tags alphabetically, then "(no tag)". Under kTag a problem with several
// tags is in each of their groups.
std::vector<std::pair<std::string, std::vector<const ProblemSummary*>>> group_problems(
    const std::vector<ProblemSummary>& problems, Grouping grouping);

std::string lowercase(std::string text);

}  // namespace judge
