// `judge dump --problem <slug> --case <name> [--seed N] --out DIR`: one
// case's inputs and the reference's expected outputs as .npy files, with a
// manifest.json that says what each file is. Other tools (the PyTorch
// cross-check, a user's notebook) load these instead of re-deriving the
// judge's inputs.
//
// manifest.json (schema_version 1):
//   {"schema_version": 1, "problem": slug, "case": name, "tier": "check",
//    "seed": N, "params": {name: value, ...in signature order},
//    "dtype": the problem's dtype ("float32", "float16", ...),
//    "tolerance": {"rtol": r, "atol": a} (of that dtype),
//    "tensors": [{"name", "role": "input"|"output", "dtype": "float32"|"int32"|...,
//                 "shape": [...], "file": "<name>.npy",
//                 "range": [lo, hi] (inputs only)}, ...in signature order],
//    "inputs": [names], "outputs": [names]}
// Output files hold the reference's expected values, rounded to the
// tensor's dtype. Each .npy file has the NumPy dtype of its tensor, except
// bfloat16, which NumPy lacks: those files hold the bits as uint16 ("<u2");
// `torch.from_numpy(a.view(numpy.int16)).view(torch.bfloat16)` reads them.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "judge/cli/command.h"
#include "judge/cli/options.h"
#include "judge/common/errors.h"
#include "judge/common/npy.h"
#include "judge/common/paths.h"
#include "judge/problem/case_data.h"
#include "judge/problem/inputs.h"

namespace judge {
namespace {

nlohmann::ordered_json manifest_for(const Problem& problem, const TestCase& test_case, uint64_t seed,
                                    const CaseTensors& tensors) {
  nlohmann::ordered_json manifest;
  manifest["schema_version"] = 1;
  manifest["problem"] = problem.slug();
  manifest["case"] = test_case.name;
  manifest["tier"] = tier_name(test_case.tier);
  manifest["seed"] = seed;
  manifest["dtype"] = dtype_name(problem.dtype);
  nlohmann::ordered_json params = nlohmann::ordered_json::object();
  for (const Parameter* parameter : problem.signature().scalars()) {
    if (is_integer(parameter->type)) {
      params[parameter->name] = test_case.args.integer(parameter->name);
    } else {
      params[parameter->name] = test_case.args.real(parameter->name);
    }
  }
  manifest["params"] = params;
  manifest["tolerance"] = {{"rtol", problem.tolerance().rtol}, {"atol", problem.tolerance().atol}};
  nlohmann::ordered_json entries = nlohmann::ordered_json::array();
  std::vector<std::string> inputs, outputs;
  for (const Parameter& parameter : problem.signature().parameters) {
    if (!parameter.pointer) continue;
    nlohmann::ordered_json entry;
    entry["name"] = parameter.name;
    entry["role"] = parameter.is_input_tensor() ? "input" : "output";
    entry["dtype"] = dtype_name(parameter.type);
    entry["shape"] = tensors.shapes.at(parameter.name);
    entry["file"] = parameter.name + ".npy";
    if (parameter.is_input_tensor()) {
      const InputRange& range = test_case.input_ranges.at(parameter.name);
      if (test_case.args.has_array(parameter.name)) {
        entry["values"] = test_case.args.array(parameter.name);
      } else {
        entry["range"] = {range.lo, range.hi};
      }
      inputs.push_back(parameter.name);
    } else {
      outputs.push_back(parameter.name);
    }
    entries.push_back(entry);
  }
  manifest["tensors"] = entries;
  const std::string shaping = problem.definition->input_shaping();
  if (!shaping.empty()) manifest["input_shaping"] = shaping;  // applied after the draws from the ranges
  manifest["inputs"] = inputs;
  manifest["outputs"] = outputs;
  return manifest;
}

int run_dump(const CommandLine& line) {
  cxxopts::Options options("judge dump", "Write a case's inputs and expected outputs as .npy with manifest.json.");
  add_problem_flags(options);
  options.add_options()("case", "case name (see judge show)", cxxopts::value<std::string>())(
      "seed", "input seed", cxxopts::value<uint64_t>()->default_value(std::to_string(kDefaultInputSeed)))(
      "out", "folder to write (created if missing)", cxxopts::value<std::string>());
  std::optional<cxxopts::ParseResult> flags = parse_flags(options, line);
  if (!flags) return 0;
  Problem problem = problem_flag(line, *flags, "judge dump");
  const TestCase& test_case = problem.find_case(required_flag(*flags, "case", "judge dump"));
  const std::filesystem::path out = resolve_user_path(required_flag(*flags, "out", "judge dump"));
  const uint64_t seed = (*flags)["seed"].as<uint64_t>();

  std::error_code error;
  std::filesystem::create_directories(out, error);
  if (error) throw UsageError("judge dump: cannot create " + out.string() + ": " + error.message());

  CaseTensors tensors = generate_case_inputs(problem, test_case, seed);
  compute_expected(problem, test_case, tensors);
  for (const auto& [name, buffer] : tensors.inputs) write_tensor_npy(out / (name + ".npy"), buffer, tensors.shapes.at(name));
  for (const auto& [name, buffer] : tensors.outputs) write_tensor_npy(out / (name + ".npy"), buffer, tensors.shapes.at(name));
  std::ofstream(out / "manifest.json") << manifest_for(problem, test_case, seed, tensors).dump(2) << "\n";
  std::cerr << "wrote " << tensors.inputs.size() << " input(s), " << tensors.outputs.size()
            << " expected output(s) and manifest.json to " << out.string() << "\n";
  return 0;
}

}  // namespace

REGISTER_COMMAND("dump", "write a case's inputs and expected outputs as .npy files with a manifest", run_dump);

}  // namespace judge
