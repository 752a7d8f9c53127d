// `judge list`: every problem of the catalogue with its difficulty, tags and
// number of cases per tier. A problem that fails to load is listed with its
// error, and the command then exits 3.
#include <iostream>

#include "judge/cli/command.h"
#include "judge/cli/options.h"
#include "judge/cli/problem_json.h"
#include "judge/common/errors.h"

namespace judge {
namespace {

std::string joined_tags(const std::vector<std::string>& tags) {
  std::string text;
  for (const std::string& tag : tags) text += (text.empty() ? "" : ", ") + tag;
  return text;
}

int run_list(const CommandLine& line) {
  cxxopts::Options options("judge list", "List the problems with difficulty, tags and cases per tier.");
  add_catalogue_flags(options);
  options.add_options()("json", "print {schema_version, problems: [...], broken: [{slug, error}]} as JSON");
  std::optional<cxxopts::ParseResult> flags = parse_flags(options, line);
  if (!flags) return 0;
  Catalogue catalogue = open_catalogue(line, *flags);
  const bool as_json = flags->count("json") > 0;
  nlohmann::json problems = nlohmann::json::array(), broken_json = nlohmann::json::array();

  int broken = 0;
  for (const std::string& slug : catalogue.slugs()) {
    try {
      Problem problem = catalogue.load(slug);
      if (as_json) {
        problems.push_back(problem_summary_json(problem));
        continue;
      }
      std::cout << slug << "\n"
                << "  " << problem.statement.title << " [" << problem.statement.difficulty << "]"
                << "  tags: " << joined_tags(problem.statement.tags) << "\n"
                << "  cases:";
      for (Tier tier : kAllTiers) std::cout << " " << tier_name(tier) << " " << problem.cases.tier(tier).size();
      std::cout << "  dtypes:";
      for (ScalarType dtype : problem.statement.dtypes) std::cout << " " << dtype_name(dtype);
      std::cout << "\n";
    } catch (const ProblemError& error) {
      ++broken;
      if (as_json) {
        broken_json.push_back({{"slug", slug}, {"error", error.what()}});
      } else {
        std::cout << slug << "\n  BROKEN: " << error.what() << "\n";
      }
    }
  }
  if (as_json) {
    std::cout << nlohmann::json{{"schema_version", kProblemJsonSchemaVersion}, {"problems", problems},
                                {"broken", broken_json}}.dump(2) << "\n";
  }
  if (broken > 0) {
    throw ProblemError(std::to_string(broken) + " problem(s) in " + catalogue.display_root().string() + " failed to load");
  }
  return 0;
}

}  // namespace

REGISTER_COMMAND("list", "list the problems with difficulty, tags and cases per tier", run_list);

}  // namespace judge
