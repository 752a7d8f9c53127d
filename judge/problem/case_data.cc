#include "judge/problem/case_data.h"

#include "judge/common/npy.h"
#include "judge/problem/inputs.h"
#include "judge/problem/philox.h"

namespace judge {

ConstTensors CaseTensors::input_views() const {
  ConstTensors views;
  for (const auto& [name, buffer] : inputs) views[name] = buffer.view();
  return views;
}

MutableTensors CaseTensors::output_views() {
  MutableTensors views;
  for (auto& [name, buffer] : outputs) views[name] = buffer.mutable_view();
  return views;
}

namespace {

void fill_input(const Problem& problem, const TestCase& test_case, const Parameter& parameter, uint64_t seed,
                TensorBuffer& buffer) {
  if (test_case.args.has_array(parameter.name)) {
    const std::vector<int64_t>& values = test_case.args.array(parameter.name);
    for (std::size_t i = 0; i < values.size(); ++i) buffer.set(static_cast<int64_t>(i), static_cast<double>(values[i]));
    return;
  }
  const InputRange& range = test_case.input_ranges.at(parameter.name);
  const uint64_t key = input_stream_key(problem.slug(), test_case.name, parameter.name, seed);
  if (is_integer(parameter.type)) {
    const auto lo = static_cast<int64_t>(range.lo), hi = static_cast<int64_t>(range.hi);
    for (int64_t i = 0; i < buffer.size(); ++i) {
      buffer.set(i, static_cast<double>(uniform_integer_element(key, static_cast<uint64_t>(i), lo, hi)));
    }
    return;
  }
  if (parameter.type == ScalarType::kFloat64) {
    // float64 tensors get the same float32 draws, widened.
    std::vector<float> draws(static_cast<std::size_t>(buffer.size()));
    fill_uniform(draws.data(), buffer.size(), key, static_cast<float>(range.lo), static_cast<float>(range.hi));
    std::span<double> values = buffer.mutable_values<double>();
    for (std::size_t i = 0; i < draws.size(); ++i) values[i] = draws[i];
    return;
  }
  std::span<float> values = buffer.mutable_values<float>();
  fill_uniform(values.data(), buffer.size(), key, static_cast<float>(range.lo), static_cast<float>(range.hi));
  if (parameter.type != ScalarType::kFloat32) {
    for (int64_t i = 0; i < buffer.size(); ++i) buffer.set(i, values[static_cast<std::size_t>(i)]);  // round
  }
}

// The definition's shaping of the drawn inputs; half-precision values are
// rounded to their type again, as the device will hold them.
void apply_input_shaping(const Problem& problem, const TestCase& test_case, CaseTensors& tensors) {
  MutableTensors views;
  for (auto& [name, buffer] : tensors.inputs) views[name] = buffer.mutable_view();
  problem.definition->shape_inputs(test_case.args, views);
  for (auto& [name, buffer] : tensors.inputs) {
    if (buffer.type() != ScalarType::kFloat16 && buffer.type() != ScalarType::kBFloat16) continue;
    const std::span<float> values = buffer.mutable_values<float>();
    for (int64_t i = 0; i < buffer.size(); ++i) buffer.set(i, values[static_cast<std::size_t>(i)]);
  }
}

}  // namespace

CaseTensors generate_case_inputs(const Problem& problem, const TestCase& test_case, uint64_t seed) {
  CaseTensors tensors;
  tensors.shapes = problem.definition->tensor_shapes(test_case.args);
  for (const Parameter& parameter : problem.signature().parameters) {
    if (!parameter.pointer) continue;
    const int64_t count = element_count(tensors.shapes.at(parameter.name));
    if (parameter.is_input_tensor()) {
      TensorBuffer& buffer = tensors.inputs[parameter.name] = TensorBuffer(parameter.type, count);
      fill_input(problem, test_case, parameter, seed, buffer);
    } else {
      tensors.outputs[parameter.name] = TensorBuffer(parameter.type, count);
    }
  }
  apply_input_shaping(problem, test_case, tensors);
  return tensors;
}

void write_tensor_npy(const std::filesystem::path& file, const TensorBuffer& tensor, const Shape& shape) {
  const std::vector<char> bytes = tensor.device_bytes();
  write_npy(file, bytes.data(), numpy_descr(tensor.type()), element_size(tensor.type()), shape);
}

void compute_expected(const Problem& problem, const TestCase& test_case, CaseTensors& tensors) {
  problem.definition->reference(test_case.args, tensors.input_views(), tensors.output_views());
}

}  // namespace judge
