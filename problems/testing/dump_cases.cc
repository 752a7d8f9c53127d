// Writes test cases to disk for tools outside C++ (the PyTorch cross-check):
// for every selected case and every dtype the problem offers,
// <out>/<slug>/<dtype>/<case>/ gets each input and each reference output as
// .npy (in the tensor's dtype, see judge dump) and a manifest.json in the schema of
// `judge dump` (schema_version 1, see judge/cli/dump_command.cc), so the
// cross-check reads either. This tool dumps whole tiers in one run.
//
//   dump_cases --out DIR [--tier check] [--problem SLUG]... [--case NAME]
//              [--dtype NAME] [--seed N] [--problems-dir DIR] [--inputs-only]
//
// --inputs-only skips the reference and writes no outputs (the manifest then
// lists none): for full-tier cases whose reference would take too long.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "judge/common/npy.h"
#include "judge/problem/case_data.h"
#include "judge/problem/inputs.h"
#include "judge/problem/problem.h"
#include "problems/testing/tool_cli.h"

namespace {

namespace fs = std::filesystem;

void dump_case(const judge::Problem& problem, const judge::TestCase& test_case, uint64_t seed,
               const fs::path& dir, bool inputs_only) {
  fs::create_directories(dir);
  judge::CaseTensors tensors = judge::generate_case_inputs(problem, test_case, seed);
  if (!inputs_only) judge::compute_expected(problem, test_case, tensors);
  nlohmann::ordered_json manifest = {{"schema_version", 1},
                                     {"problem", problem.slug()},
                                     {"case", test_case.name},
                                     {"tier", judge::tier_name(test_case.tier)},
                                     {"seed", seed}};
  manifest["dtype"] = judge::dtype_name(problem.dtype);
  nlohmann::ordered_json params = nlohmann::ordered_json::object();
  for (const auto& [name, value] : test_case.args.integers()) params[name] = value;
  for (const auto& [name, value] : test_case.args.reals()) params[name] = value;
  manifest["params"] = params;
  manifest["tolerance"] = {{"rtol", problem.tolerance().rtol}, {"atol", problem.tolerance().atol}};
  nlohmann::ordered_json entries = nlohmann::ordered_json::array();
  std::vector<std::string> inputs, outputs;
  for (const judge::Parameter& parameter : problem.signature().parameters) {
    if (!parameter.pointer) continue;
    const bool is_input = parameter.is_input_tensor();
    if (!is_input && inputs_only) continue;
    const judge::TensorBuffer& data =
        is_input ? tensors.inputs.at(parameter.name) : tensors.outputs.at(parameter.name);
    const std::string file = parameter.name + ".npy";
    judge::write_tensor_npy(dir / file, data, tensors.shapes.at(parameter.name));
    nlohmann::ordered_json entry = {{"name", parameter.name},
                                    {"role", is_input ? "input" : "output"},
                                    {"dtype", judge::dtype_name(parameter.type)},
                                    {"shape", tensors.shapes.at(parameter.name)},
                                    {"file", file}};
    if (is_input && test_case.args.has_array(parameter.name)) {
      entry["values"] = test_case.args.array(parameter.name);
    } else if (is_input) {
      const judge::InputRange& range = test_case.input_ranges.at(parameter.name);
      entry["range"] = {range.lo, range.hi};
    }
    entries.push_back(entry);
    (is_input ? inputs : outputs).push_back(parameter.name);
  }
  manifest["tensors"] = entries;
  const std::string shaping = problem.definition->input_shaping();
  if (!shaping.empty()) manifest["input_shaping"] = shaping;  // applied after the draws from the ranges
  manifest["inputs"] = inputs;
  manifest["outputs"] = outputs;
  std::ofstream(dir / "manifest.json") << manifest.dump(2) << "\n";
}

int run(int argc, char** argv) {
  cxxopts::Options options("dump_cases", "Write problem cases (inputs and reference outputs) as .npy files");
  options.add_options()("out", "output directory", cxxopts::value<std::string>())(
      "tier", "tier to dump: sample, check or full", cxxopts::value<std::string>()->default_value("check"))(
      "case", "only the case with this name", cxxopts::value<std::string>())(
      "dtype", "only this dtype (default: every dtype each problem offers)", cxxopts::value<std::string>())(
      "seed", "input generator seed",
      cxxopts::value<uint64_t>()->default_value(std::to_string(judge::kDefaultInputSeed)))(
      "inputs-only", "write the inputs only, without running the reference (for cases too large for it)")(
      "h,help", "show this help");
  problems::testing::add_catalogue_options(options);
  const auto parsed = options.parse(argc, argv);
  if (parsed.count("help")) {
    std::cout << options.help() << "\n";
    return 0;
  }
  if (!parsed.count("out")) throw std::runtime_error("--out is required\n" + options.help());
  const judge::Catalogue catalogue = problems::testing::open_catalogue(parsed);
  const std::vector<std::string> slugs = problems::testing::selected_slugs(parsed, catalogue);
  const judge::Tier tier = judge::parse_tier(parsed["tier"].as<std::string>());
  const fs::path out = parsed["out"].as<std::string>();
  const uint64_t seed = parsed["seed"].as<uint64_t>();
  int dumped = 0;
  for (const std::string& slug : slugs) {
    for (judge::ScalarType dtype : catalogue.load(slug).statement.dtypes) {
      const std::string dtype_name = judge::dtype_name(dtype);
      if (parsed.count("dtype") && dtype_name != parsed["dtype"].as<std::string>()) continue;
      const judge::Problem problem = catalogue.load(slug, dtype_name);
      for (const judge::TestCase* test_case : problem.cases.tier(tier)) {
        if (parsed.count("case") && test_case->name != parsed["case"].as<std::string>()) continue;
        dump_case(problem, *test_case, seed, out / slug / dtype_name / test_case->name, parsed.count("inputs-only") > 0);
        ++dumped;
      }
    }
  }
  if (dumped == 0) throw std::runtime_error("no case matched the selection");
  std::cerr << "dump_cases: wrote " << dumped << " case(s) under " << out << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return problems::testing::run_tool("dump_cases", run, argc, argv); }
