// The leaderboard's view of the problems: titles, tags, difficulty, dtypes
// and the statement's Markdown, and per case the FLOPs and minimal memory
// traffic, read from the problem JSON that
// `judge show --json` prints (judge/problem/problem_json.h).
#pragma once

#include <nlohmann/json.hpp>

#include "judge/leaderboard/ranking.h"
#include "judge/problem/problem.h"

namespace judge {

// From one `show --json` object; throws std::runtime_error naming a missing field.
ProblemFacts facts_from_problem_json(const nlohmann::json& problem);

// Every problem of the catalogue; throws ProblemError for a broken one.
ProblemFactsBySlug facts_from_catalogue(const Catalogue& catalogue);

}  // namespace judge
