// The tensors of one test case in host memory: inputs generated from the
// case's streams (inputs.h) or given literally by the case, outputs
// allocated and, on request, filled by the definition's exact reference.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/problem.h"

namespace judge {

struct CaseTensors {
  std::map<std::string, Shape> shapes;  // every pointer parameter
  // Typed by the signature in force (the problem's dtype for [VAR]).
  std::map<std::string, TensorBuffer> inputs;
  std::map<std::string, TensorBuffer> outputs;  // zeros until computed

  ConstTensors input_views() const;
  MutableTensors output_views();
};

// Generates every input of `test_case` for `seed` and allocates the outputs.
// Float inputs are drawn in float32 and rounded to the tensor's type, so the
// reference sees exactly what the device gets; integer inputs are drawn from
// integer ranges; an integer input the case gives literally is copied.
CaseTensors generate_case_inputs(const Problem& problem, const TestCase& test_case, uint64_t seed);

// Runs the reference on `tensors`, filling its outputs.
void compute_expected(const Problem& problem, const TestCase& test_case, CaseTensors& tensors);

// Writes `tensor` as a .npy file of its device bytes (numpy_descr: "<f2" for
// float16, the bits as "<u2" for bfloat16, "<i4" for int, ...).
void write_tensor_npy(const std::filesystem::path& file, const TensorBuffer& tensor, const Shape& shape);

}  // namespace judge
