#include "judge/leaderboard/problem_facts.h"

#include "judge/problem/problem_json.h"

namespace judge {

ProblemFacts facts_from_problem_json(const nlohmann::json& problem) {
  try {
    ProblemFacts facts;
    facts.title = problem.at("title").get<std::string>();
    // The page's search and statement view; absent from older problem JSON.
    facts.difficulty = problem.value("difficulty", std::string());
    facts.tags = problem.value("tags", std::vector<std::string>());
    facts.dtypes = problem.value("dtypes", std::vector<std::string>());
    facts.statement = problem.value("statement", std::string());
    facts.default_dtype = problem.value("dtype", std::string());
    for (const auto& [tier, cases] : problem.at("cases").items()) {
      std::vector<std::string>& names = facts.tier_cases[tier];
      for (const nlohmann::json& test_case : cases) {
        const std::string name = test_case.at("name").get<std::string>();
        names.push_back(name);
        facts.cases[name] = {test_case.at("flops").get<double>(), test_case.at("min_bytes").get<double>()};
      }
    }
    return facts;
  } catch (const nlohmann::json::exception& error) {
    throw std::runtime_error("problem JSON without the fields the leaderboard needs: " + std::string(error.what()));
  }
}

ProblemFactsBySlug facts_from_catalogue(const Catalogue& catalogue) {
  ProblemFactsBySlug facts;
  for (const std::string& slug : catalogue.slugs()) facts[slug] = facts_from_problem_json(problem_json(catalogue.load(slug)));
  return facts;
}

}  // namespace judge
