#include "judge/cli/catalogue_filter.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

const std::vector<ProblemSummary> kProblems = {
    {"relu", "ReLU", "EASY", {"activation-function"}},
    {"conv-2d", "2D Convolution", "MEDIUM", {"convolution", "image"}},
    {"leaky-relu", "Leaky ReLU", "easy", {"activation-function", "Elementwise"}},
    {"sort", "Array Sort", "", {}},
    {"apsp", "All Pairs Shortest Path", "HARD", {"graph"}},
    {"odd", "Odd One", "EXPERT", {"graph"}},
};

std::vector<std::string> selected(const CatalogueFilter& filter) {
  std::vector<std::string> slugs;
  for (const ProblemSummary& problem : kProblems) {
    if (filter.matches(problem)) slugs.push_back(problem.slug);
  }
  return slugs;
}

TEST(CatalogueFilter, TagDifficultyAndSearchIgnoreCase) {
  EXPECT_EQ(selected({}).size(), kProblems.size());
  EXPECT_EQ(selected({"ACTIVATION-function", "", ""}), (std::vector<std::string>{"relu", "leaky-relu"}));
  EXPECT_EQ(selected({"elementwise", "", ""}), (std::vector<std::string>{"leaky-relu"}));
  EXPECT_EQ(selected({"activation", "", ""}), (std::vector<std::string>{}));  // a tag matches whole
  EXPECT_EQ(selected({"", "Easy", ""}), (std::vector<std::string>{"relu", "leaky-relu"}));
  EXPECT_EQ(selected({"", "", "RELU"}), (std::vector<std::string>{"relu", "leaky-relu"}));
  EXPECT_EQ(selected({"", "", "shortest"}), (std::vector<std::string>{"apsp"}));  // in the title only
  EXPECT_EQ(selected({"", "", "2d"}), (std::vector<std::string>{"conv-2d"}));
  EXPECT_EQ(selected({"activation-function", "easy", "leaky"}), (std::vector<std::string>{"leaky-relu"}));
  EXPECT_EQ(selected({"graph", "medium", ""}), (std::vector<std::string>{}));
}

std::vector<std::string> headings(Grouping grouping) {
  std::vector<std::string> result;
  for (const auto& [heading, members] : group_problems(kProblems, grouping)) {
    std::string line = heading + ":";
    for (const ProblemSummary* problem : members) line += " " + problem->slug;
    result.push_back(line);
  }
  return result;
}

TEST(CatalogueFilter, GroupsByDifficultyInTheirOrderThenOthers) {
  EXPECT_EQ(headings(Grouping::kDifficulty),
            (std::vector<std::string>{"EASY: leaky-relu relu", "MEDIUM: conv-2d", "HARD: apsp", "EXPERT: odd",
                                      "(no difficulty): sort"}));
}

TEST(CatalogueFilter, GroupsByTagWithAProblemUnderEachOfItsTags) {
  EXPECT_EQ(headings(Grouping::kTag),
            (std::vector<std::string>{"activation-function: leaky-relu relu", "convolution: conv-2d",
                                      "elementwise: leaky-relu", "graph: apsp odd", "image: conv-2d",
                                      "(no tag): sort"}));
}

}  // namespace
}  // namespace judge
