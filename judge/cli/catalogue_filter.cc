#include "judge/cli/catalogue_filter.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace judge {
namespace {

// EASY, MEDIUM, HARD first, in that order; then others; the unnamed last.
std::pair<int, std::string> difficulty_rank(const std::string& difficulty) {
  const std::string upper = [&] {
    std::string text = difficulty;
    for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
  }();
  if (upper == "EASY") return {0, upper};
  if (upper == "MEDIUM") return {1, upper};
  if (upper == "HARD") return {2, upper};
  if (upper.empty()) return {4, "(no difficulty)"};
  return {3, upper};
}

}  // namespace

std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool CatalogueFilter::matches(const ProblemSummary& problem) const {
  if (!difficulty.empty() && lowercase(problem.difficulty) != lowercase(difficulty)) return false;
  if (!tag.empty() && std::none_of(problem.tags.begin(), problem.tags.end(),
                                   [&](const std::string& t) { return lowercase(t) == lowercase(tag); })) {
    return false;
  }
  if (!search.empty()) {
    const std::string needle = lowercase(search);
    if (lowercase(problem.slug).find(needle) == std::string::npos &&
        lowercase(problem.title).find(needle) == std::string::npos) {
      return false;
    }
  }
  return true;
}

std::vector<std::pair<std::string, std::vector<const ProblemSummary*>>> group_problems(
    const std::vector<ProblemSummary>& problems, Grouping grouping) {
  std::map<std::pair<int, std::string>, std::vector<const ProblemSummary*>> groups;
  for (const ProblemSummary& problem : problems) {
    if (grouping == Grouping::kDifficulty) {
      groups[difficulty_rank(problem.difficulty)].push_back(&problem);
    } else if (problem.tags.empty()) {
      groups[{1, "(no tag)"}].push_back(&problem);
    } else {
      for (const std::string& tag : problem.tags) {
        std::vector<const ProblemSummary*>& group = groups[{0, lowercase(tag)}];
        if (std::find(group.begin(), group.end(), &problem) == group.end()) group.push_back(&problem);
      }
    }
  }
  std::vector<std::pair<std::string, std::vector<const ProblemSummary*>>> ordered;
  for (auto& [key, members] : groups) {
    std::sort(members.begin(), members.end(),
              [](const ProblemSummary* a, const ProblemSummary* b) { return a->slug < b->slug; });
    ordered.emplace_back(key.second, std::move(members));
  }
  return ordered;
}

}  // namespace judge
