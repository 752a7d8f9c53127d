// The checks on what a call gave back: nothing written past any buffer,
// const inputs byte-identical, every output element within the problem's
// tolerance, and unwritten elements counted.
#pragma once

#include <optional>
#include <string>

#include "judge/pipeline/call_data.h"
#include "judge/problem/problem.h"

namespace judge {

// Everything wrong with one call's results, as a message naming the case and
// the tensor, or nullopt when the call was right: const inputs unchanged,
// nothing written past any buffer, every output element within tolerance.
std::optional<std::string> check_call(const Problem& problem, const CallData& call, const Downloads& downloads);

}  // namespace judge
