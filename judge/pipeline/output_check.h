// The checks on what a call gave back: nothing written past any buffer,
// const inputs byte-identical, every output element within the problem's
// tolerance (or the problem's own checker satisfied), and, under the poison
// fill (call_data.h), unwritten elements counted.
#pragma once

#include <optional>
#include <string>

#include "judge/pipeline/call_data.h"
#include "judge/problem/problem.h"

namespace judge {

// Everything wrong with one call's results, as a message naming the tensor
// (the caller names the case), or nullopt when the call was right: const
// inputs unchanged, nothing written past any buffer, and every output
// element within tolerance or, for a definition with a checker
// (ProblemDefinition::has_checker), the checker satisfied with the outputs.
std::optional<std::string> check_call(const Problem& problem, const CallData& call, const Downloads& downloads);

}  // namespace judge
