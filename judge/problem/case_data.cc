#include "judge/problem/case_data.h"

#include "judge/problem/inputs.h"

namespace judge {

ConstTensors CaseTensors::input_views() const {
  ConstTensors views;
  for (const auto& [name, buffer] : inputs) views[name] = buffer.data();
  return views;
}

MutableTensors CaseTensors::output_views() {
  MutableTensors views;
  for (auto& [name, buffer] : outputs) views[name] = buffer.data();
  return views;
}

CaseTensors generate_case_inputs(const Problem& problem, const TestCase& test_case, uint64_t seed) {
  CaseTensors tensors;
  tensors.shapes = problem.definition->tensor_shapes(test_case.args);
  for (const Parameter& parameter : problem.signature().parameters) {
    if (!parameter.pointer) continue;
    const int64_t count = element_count(tensors.shapes.at(parameter.name));
    if (parameter.is_input_tensor()) {
      std::vector<float>& buffer = tensors.inputs[parameter.name];
      buffer.resize(static_cast<std::size_t>(count));
      const InputRange& range = test_case.input_ranges.at(parameter.name);
      fill_uniform(buffer.data(), count, input_stream_key(problem.slug(), test_case.name, parameter.name, seed),
                   static_cast<float>(range.lo), static_cast<float>(range.hi));
    } else {
      tensors.outputs[parameter.name].assign(static_cast<std::size_t>(count), 0.0f);
    }
  }
  return tensors;
}

void compute_expected(const Problem& problem, const TestCase& test_case, CaseTensors& tensors) {
  problem.definition->reference(test_case.args, tensors.input_views(), tensors.output_views());
}

}  // namespace judge
