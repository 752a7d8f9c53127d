// The JSON form of a judging result (`--json FILE`): its schema, in one place.
// schema_version changes whenever a field changes meaning or goes away.
#pragma once

#include <nlohmann/json.hpp>

#include "judge/pipeline/judging.h"

namespace judge {

nlohmann::json to_json(const JudgeReport& report);

}  // namespace judge
