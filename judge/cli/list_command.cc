// `judge list`: the problems of the catalogue grouped by difficulty (or by
// tag), each with its title, tags, cases per tier and dtypes (or, without
// [VAR], its tensors' element types); --tag,
// --difficulty and --search select (catalogue_filter.h). A problem that
// fails to load is listed with its error whatever the filters, and the
// command then exits 3.
#include <algorithm>
#include <iostream>
#include <map>

#include "judge/cli/catalogue_filter.h"
#include "judge/cli/command.h"
#include "judge/cli/options.h"
#include "judge/problem/problem_json.h"
#include "judge/cli/terminal_text.h"
#include "judge/common/errors.h"

namespace judge {
namespace {

std::string joined(const nlohmann::json& list) {
  std::string text;
  for (const auto& item : list) text += (text.empty() ? "" : ", ") + item.get<std::string>();
  return text;
}

std::string filter_description(const CatalogueFilter& filter) {
  std::string text;
  if (!filter.tag.empty()) text += " --tag '" + filter.tag + "'";
  if (!filter.difficulty.empty()) text += " --difficulty '" + filter.difficulty + "'";
  if (!filter.search.empty()) text += " --search '" + filter.search + "'";
  return terminal_safe(text);
}

// "dtypes: float32, float16" for a problem whose [VAR] takes a dtype, else
// the tensors' own element types ("tensors: uint64"): a problem without
// [VAR] has no dtype to choose.
std::string types_text(const Problem& problem) {
  if (problem.statement.signature.uses_var()) return "dtypes: " + joined(problem_summary_json(problem)["dtypes"]);
  std::vector<std::string> names;
  for (const Parameter& parameter : problem.signature().parameters) {
    const std::string name = dtype_name(parameter.type);
    if (parameter.pointer && std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return "tensors: " + text;
}

void print_groups(const std::vector<ProblemSummary>& selected, const std::map<std::string, nlohmann::json>& summaries,
                  const std::map<std::string, std::string>& types, Grouping grouping) {
  std::size_t slug_width = 0;
  for (const ProblemSummary& problem : selected) slug_width = std::max(slug_width, problem.slug.size());
  slug_width = std::min<std::size_t>(slug_width, 40);
  bool first = true;
  for (const auto& [heading, members] : group_problems(selected, grouping)) {
    std::cout << (first ? "" : "\n") << terminal_safe(heading) << " (" << members.size() << ")\n";
    first = false;
    for (const ProblemSummary* problem : members) {
      const nlohmann::json& summary = summaries.at(problem->slug);
      std::string slug = problem->slug;
      slug.resize(std::max(slug.size(), slug_width), ' ');
      std::cout << "  " << slug << "  " << terminal_safe(problem->title) << "\n    ";
      if (grouping == Grouping::kTag) std::cout << "[" << terminal_safe(problem->difficulty) << "]  ";
      std::cout << "tags: " << terminal_safe(joined(summary["tags"])) << "  cases:";
      for (Tier tier : kAllTiers) std::cout << " " << tier_name(tier) << " " << summary["case_counts"][tier_name(tier)];
      std::cout << "  " << types.at(problem->slug) << "\n";
    }
  }
}

int run_list(const CommandLine& line) {
  cxxopts::Options options("judge list",
                           "List the problems grouped by difficulty (or tag), with tags, cases per tier and dtypes.");
  add_catalogue_flags(options);
  options.add_options()("tag", "only problems with this tag (ignoring case)", cxxopts::value<std::string>())(
      "difficulty", "only problems of this difficulty: EASY, MEDIUM, HARD (ignoring case)", cxxopts::value<std::string>())(
      "search", "only problems whose slug or title contains this text (ignoring case)", cxxopts::value<std::string>())(
      "group-by", "difficulty or tag", cxxopts::value<std::string>()->default_value("difficulty"))(
      "json", "print {schema_version, problems: [...], broken: [{slug, error}]} as JSON (filters apply)");
  std::optional<cxxopts::ParseResult> flags = parse_flags(options, line);
  if (!flags) return 0;
  auto text_flag = [&](const char* name) { return flags->count(name) ? (*flags)[name].as<std::string>() : ""; };
  const CatalogueFilter filter{text_flag("tag"), text_flag("difficulty"), text_flag("search")};
  const std::string group_by = (*flags)["group-by"].as<std::string>();
  if (group_by != "difficulty" && group_by != "tag") {
    throw UsageError("judge list: --group-by must be 'difficulty' or 'tag', not '" + terminal_safe(group_by) + "'");
  }
  Catalogue catalogue = open_catalogue(line, *flags);
  const bool as_json = flags->count("json") > 0;

  std::vector<ProblemSummary> selected;
  std::map<std::string, nlohmann::json> summaries;
  std::map<std::string, std::string> types;
  nlohmann::json problems = nlohmann::json::array(), broken_json = nlohmann::json::array();
  std::vector<std::pair<std::string, std::string>> broken;
  for (const std::string& slug : catalogue.slugs()) {
    try {
      Problem problem = catalogue.load(slug);
      ProblemSummary summary{slug, problem.statement.title, problem.statement.difficulty, problem.statement.tags};
      if (!filter.matches(summary)) continue;
      selected.push_back(summary);
      summaries[slug] = problem_summary_json(problem);
      types[slug] = types_text(problem);
      problems.push_back(summaries[slug]);
    } catch (const ProblemError& error) {
      broken.emplace_back(slug, error.what());
      broken_json.push_back({{"slug", slug}, {"error", error.what()}});
    }
  }
  if (as_json) {
    std::cout << nlohmann::json{{"schema_version", kProblemJsonSchemaVersion}, {"problems", problems},
                                {"broken", broken_json}}.dump(2) << "\n";
  } else {
    if (selected.empty() && !filter.empty()) {
      std::cout << "no problem matches" << filter_description(filter) << "\n";
    }
    print_groups(selected, summaries, types, group_by == "tag" ? Grouping::kTag : Grouping::kDifficulty);
    for (const auto& [slug, error] : broken) std::cout << "\n" << slug << "\n  BROKEN: " << terminal_safe(error) << "\n";
  }
  if (!broken.empty()) {
    throw ProblemError(std::to_string(broken.size()) + " problem(s) in " + catalogue.display_root().string() +
                       " failed to load");
  }
  return 0;
}

}  // namespace

REGISTER_COMMAND("list", "list the problems by difficulty or tag, filtered by tag, difficulty or text", run_list);

}  // namespace judge
