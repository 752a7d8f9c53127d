// The tensors of one test case in host memory: inputs generated from the
// case's streams (inputs.h), outputs allocated and, on request, filled by the
// definition's exact reference.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/problem.h"

namespace judge {

struct CaseTensors {
  std::map<std::string, Shape> shapes;  // every pointer parameter
  std::map<std::string, std::vector<float>> inputs;
  std::map<std::string, std::vector<float>> outputs;  // zeros until computed

  ConstTensors input_views() const;
  MutableTensors output_views();
};

// Generates every input of `test_case` for `seed` and allocates the outputs.
CaseTensors generate_case_inputs(const Problem& problem, const TestCase& test_case, uint64_t seed);

// Runs the reference on `tensors`, filling its outputs.
void compute_expected(const Problem& problem, const TestCase& test_case, CaseTensors& tensors);

}  // namespace judge
