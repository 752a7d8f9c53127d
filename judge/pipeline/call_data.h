// The data of one call of one case with one input seed: the inputs the
// runner uploads, and the reference's expected outputs, which never leave the
// judge. Also what the runner gave back for a call.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/case_data.h"
#include "judge/problem/problem.h"

namespace judge {

// What the outputs hold when the solution is called. Zeros are the
// contract (Tensara's runner zero-fills outputs too, and solutions that
// accumulate into the output rely on it); the poison (every byte 0xFF, NaN
// for floats) is an opt-in strictness that shows elements never written.
enum class OutputFill { Zero, Poison };
// "zeros" or "poison": how reports, --json and result records name the fill.
const char* output_fill_name(OutputFill fill);

struct CallData {
  const TestCase* test_case = nullptr;
  uint64_t seed = 0;
  CaseTensors tensors;  // inputs, and the reference's outputs
  OutputFill output_fill = OutputFill::Zero;

  const Shape& shape(const std::string& name) const { return tensors.shapes.at(name); }
};

// Generates the inputs only; the expected outputs stay empty until
// compute_expected (judge/problem/case_data.h) fills them.
CallData generate_call(const Problem& problem, const TestCase& test_case, uint64_t seed,
                       OutputFill output_fill = OutputFill::Zero);

// Generates the inputs and runs the reference.
CallData prepare_call(const Problem& problem, const TestCase& test_case, uint64_t seed,
                      OutputFill output_fill = OutputFill::Zero);

// What the runner gave back for one call: every output and every changed
// input, guard bytes included (an input the runner found as uploaded has
// no entry: harness/runner/protocol.h, kUnchangedInputs).
using Downloads = std::map<std::string, std::vector<char>>;

}  // namespace judge
