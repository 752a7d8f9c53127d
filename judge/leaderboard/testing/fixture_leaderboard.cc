// Test tool: builds the leaderboard from a records folder exactly as
// `judge leaderboard` does, but with the problems taken from a JSON list of
// `judge show --json` objects instead of the judge's catalogue, so tests can
// use made-up problems.
//
//   fixture_leaderboard PROBLEMS_JSON RESULTS_DIR OUT_DIR [ALLOW_FILE [SOURCE_BASE]]
//
// Exit status as the command's: 0, or 5 when some record was skipped.
#include <iostream>

#include "judge/common/file_text.h"
#include "judge/common/exit_codes.h"
#include "judge/leaderboard/problem_facts.h"
#include "judge/leaderboard/publish.h"

int main(int argc, char** argv) {
  if (argc < 4 || argc > 6) {
    std::cerr << "usage: fixture_leaderboard PROBLEMS_JSON RESULTS_DIR OUT_DIR [ALLOW_FILE [SOURCE_BASE]]\n";
    return 2;
  }
  judge::ProblemFactsBySlug problems;
  for (const nlohmann::json& problem : nlohmann::json::parse(judge::read_file_text(argv[1]))) {
    problems[problem.at("slug").get<std::string>()] = judge::facts_from_problem_json(problem);
  }
  const judge::AllowList allow = argc >= 5 ? judge::parse_allow_list(judge::read_file_text(argv[4]), argv[4]) : judge::AllowList{};
  judge::RenderOptions options;
  if (argc == 6) options.source_base = argv[5];
  const judge::Leaderboard leaderboard =
      judge::publish_leaderboard(argv[2], argv[3], problems, allow, options, judge::utc_now());
  for (const judge::SkippedRecord& skipped : leaderboard.skipped) {
    std::cerr << "skipped " << skipped.file << ": " << skipped.reason << "\n";
  }
  return leaderboard.skipped.empty() ? 0 : judge::kExitSomeInputSkipped;
}
