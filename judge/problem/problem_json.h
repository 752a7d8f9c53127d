// A problem as JSON, for `show --json`, `list --json` and the leaderboard
// (which reads titles, FLOPs and minimal memory traffic from it). Schema:
// judge/leaderboard/README.md; fields are only ever added.
#pragma once

#include <nlohmann/json.hpp>

#include "judge/problem/problem.h"

namespace judge {

inline constexpr int kProblemJsonSchemaVersion = 1;

// Bytes a solution must move at least: every input tensor read once and
// every output written once. The lower bound of the impossible-speed check.
double minimal_traffic_bytes(const Problem& problem, const TestCase& test_case);

// {name, tier, params, tensors: [{name, role, dtype, shape, range?}], flops, min_bytes}
nlohmann::json case_json(const Problem& problem, const TestCase& test_case);

// Everything `show` prints: metadata, statement, signature, tolerance, FLOP
// formula, cases per tier.
nlohmann::json problem_json(const Problem& problem);

// The one-line summary `list` prints: slug, title, difficulty, tags, case counts.
nlohmann::json problem_summary_json(const Problem& problem);

}  // namespace judge
