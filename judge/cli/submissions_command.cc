// `judge submissions [--json]`: the files the leaderboard ranks, with their
// authors and titles. Fixtures that expected.yaml lists with a verdict other
// than ACCEPTED are left out. A file that should be a submission but lacks
// its header is named on stderr and the command exits 5.
#include <iostream>
#include <nlohmann/json.hpp>

#include "judge/cli/command.h"
#include "judge/cli/options.h"
#include "judge/common/errors.h"
#include "judge/common/printable.h"
#include "judge/common/paths.h"
#include "judge/common/exit_codes.h"
#include "judge/leaderboard/display_name.h"
#include "judge/leaderboard/submission.h"

namespace judge {
namespace {

std::filesystem::path solutions_root(const CommandLine& line, const cxxopts::ParseResult& flags) {
  if (flags.count("solutions-dir")) return resolve_user_path(flags["solutions-dir"].as<std::string>());
  for (const std::filesystem::path& root : runfiles_roots(line.program)) {
    if (std::filesystem::is_directory(root / "solutions")) return root / "solutions";
  }
  throw UsageError("judge submissions: no solutions/ folder in the judge's runfiles; pass --solutions-dir");
}

int run_submissions(const CommandLine& line) {
  cxxopts::Options options("judge submissions",
                           "List the leaderboard's submissions (slug, path, author, title).\n"
                           "Exit codes: 0, or 5 when some file lacks its author/title header.");
  options.add_options()("json", "print JSON instead of a table")(
      "solutions-dir", "folder of solution folders (default: the judge's own solutions/)",
      cxxopts::value<std::string>());
  std::optional<cxxopts::ParseResult> flags = parse_flags(options, line);
  if (!flags) return 0;
  const SubmissionScan scan = scan_submissions(solutions_root(line, *flags));

  if (flags->count("json")) {
    nlohmann::json list = nlohmann::json::array();
    for (const Submission& submission : scan.submissions) {
      list.push_back({{"slug", submission.slug},
                      {"path", submission.path},
                      {"author", submission.header.author},
                      // How the leaderboard shows it: NFKC, beside the account.
                      {"display_name", normalized_name(submission.header.author)},
                      {"title", submission.header.title},
                      {"baseline", submission.baseline}});
    }
    nlohmann::json rejected = nlohmann::json::array();
    for (const SubmissionProblem& problem : scan.problems) {
      rejected.push_back({{"path", problem.path}, {"message", problem.message}});
    }
    // (A file name may hold any bytes: printable, or dump() would throw.)
    std::cout << printable_json({{"schema_version", 1}, {"submissions", list}, {"rejected", rejected}}).dump(2)
              << "\n";
  } else {
    for (const Submission& submission : scan.submissions) {
      std::cout << printable_line(submission.path) << (submission.baseline ? "  [baseline]" : "") << "\n  "
                << submission.header.author << ": " << submission.header.title << "\n";
    }
    std::cout << scan.submissions.size() << " submission(s)\n";
  }
  for (const SubmissionProblem& problem : scan.problems) {
    std::cerr << "judge submissions: " << printable_line(problem.path) << ": " << printable(problem.message) << "\n";
  }
  return scan.problems.empty() ? 0 : kExitSomeInputSkipped;
}

}  // namespace

REGISTER_COMMAND("submissions", "list the leaderboard's submissions: slug, path, author, title", run_submissions);

}  // namespace judge
