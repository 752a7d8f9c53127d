// The JSON form of a judging result (`--json FILE`): its schema, in one place.
// schema_version changes whenever a field changes meaning or goes away.
#pragma once

#include <nlohmann/json.hpp>

#include "judge/pipeline/judging.h"

namespace judge {

// Version 2: each benchmark case's figures are flat, `median_ms` (the ranked
// figure), `mean_ms`, `min_ms`, `max_ms`, `stddev_ms`, `samples_ms`, and the
// whole judging's `geomean_ms`, as in the events, the result record and
// leaderboard.json; version 1 nested them as `runtime_ms: {median, ...}`.
inline constexpr int kReportJsonSchemaVersion = 2;

nlohmann::json to_json(const JudgeReport& report);

}  // namespace judge
