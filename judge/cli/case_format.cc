#include "judge/cli/case_format.h"

#include <iomanip>
#include <sstream>

namespace judge {

std::string format_params(const Problem& problem, const TestCase& test_case) {
  std::ostringstream text;
  bool first = true;
  for (const Parameter* parameter : problem.signature().scalars()) {
    text << (first ? "" : ", ") << parameter->name << "=";
    if (is_integer(parameter->type)) {
      text << test_case.args.integer(parameter->name);
    } else {
      text << test_case.args.real(parameter->name);
    }
    first = false;
  }
  return text.str();
}

std::string format_shape(const Shape& shape) {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + ")";
}

std::string describe_case(const Problem& problem, const TestCase& test_case, const std::string& indent) {
  std::ostringstream text;
  const std::map<std::string, Shape> shapes = problem.definition->tensor_shapes(test_case.args);
  text << indent << test_case.name << ": " << format_params(problem, test_case) << "\n";
  for (const Parameter& parameter : problem.signature().parameters) {
    if (!parameter.pointer) continue;
    const Shape& shape = shapes.at(parameter.name);
    text << indent << "  " << (parameter.is_input_tensor() ? "in  " : "out ") << parameter.name << " "
         << format_shape(shape) << ", " << element_count(shape) << " elements";
    text << ", " << dtype_name(parameter.type);
    if (parameter.is_input_tensor()) {
      if (test_case.args.has_array(parameter.name)) {
        text << ", given: [";
        const std::vector<int64_t>& values = test_case.args.array(parameter.name);
        for (std::size_t i = 0; i < values.size(); ++i) text << (i ? ", " : "") << values[i];
        text << "]";
      } else {
        const InputRange& range = test_case.input_ranges.at(parameter.name);
        text << (is_integer(parameter.type) ? ", integers uniform in [" : ", uniform in [") << range.lo << ", "
             << range.hi << ")";
      }
    }
    text << "\n";
  }
  const std::string shaping = problem.definition->input_shaping();
  if (!shaping.empty()) text << indent << "  inputs then shaped: " << shaping << "\n";
  const double flops = problem.definition->flops(test_case.args);
  text << indent << "  FLOPs: " << std::fixed << std::setprecision(0) << flops << " (" << std::setprecision(3)
       << flops * 1e-9 << " GFLOP)\n";
  text << std::defaultfloat;
  return text.str();
}

}  // namespace judge
