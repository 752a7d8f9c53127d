// Times each problem's exact reference on one case (default: the full-tier
// case "upstream", or where a problem keeps upstream's own case names, its
// first full-tier case), or on every case of a tier (--tier), and prints one
// JSON object per line for torch_benchmark.py and full_tier_benchmark.py:
// problem, case, params, input shapes and ranges, seconds (wall and CPU),
// threads, flops. Inputs are generated as the judge generates them (seed 0);
// generation is not timed.
//
//   time_references [--problem SLUG]... [--case upstream | --tier full] [--problems-dir DIR]
#include <sys/resource.h>

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "judge/problem/case_data.h"
#include "judge/problem/problem.h"
#include "problems/common/parallel.h"
#include "problems/testing/tool_cli.h"

namespace {

// CPU seconds of this process (all threads): with other work on the
// machine, wall time alone overstates the cost.
double process_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + 1e-6 * (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

nlohmann::json time_case(const judge::Problem& problem, const judge::TestCase& test_case) {
  judge::CaseTensors tensors = judge::generate_case_inputs(problem, test_case, 0);
  const double cpu_start = process_cpu_seconds();
  const auto start = std::chrono::steady_clock::now();
  judge::compute_expected(problem, test_case, tensors);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu_seconds = process_cpu_seconds() - cpu_start;

  nlohmann::json params = nlohmann::json::object();
  for (const auto& [name, value] : test_case.args.integers()) params[name] = value;
  for (const auto& [name, value] : test_case.args.reals()) params[name] = value;
  nlohmann::json inputs = nlohmann::json::object();
  for (const auto& [name, buffer] : tensors.inputs) {
    const judge::InputRange& range = test_case.input_ranges.at(name);
    inputs[name] = {{"shape", tensors.shapes.at(name)}, {"range", {range.lo, range.hi}}};
    // A literal integer tensor (a shape array) is given as its values.
    if (test_case.args.has_array(name)) inputs[name]["values"] = test_case.args.array(name);
  }
  return {{"problem", problem.slug()},
          {"case", test_case.name},
          {"params", params},
          {"inputs", inputs},
          {"seconds", seconds},
          {"cpu_seconds", cpu_seconds},
          {"threads", problems::reference_thread_count()},
          {"flops", problem.definition->flops(test_case.args)}};
}

int run(int argc, char** argv) {
  cxxopts::Options options("time_references", "Time the problems' exact references");
  options.add_options()("case", "case to time", cxxopts::value<std::string>()->default_value("upstream"))(
      "tier", "time every case of this tier instead (sample, check or full)", cxxopts::value<std::string>());
  problems::testing::add_catalogue_options(options);
  const auto parsed = options.parse(argc, argv);
  const judge::Catalogue catalogue = problems::testing::open_catalogue(parsed);
  const std::vector<std::string> slugs = problems::testing::selected_slugs(parsed, catalogue);
  for (const std::string& slug : slugs) {
    const judge::Problem problem = catalogue.load(slug);
    std::cerr << "time_references: " << slug << " ..." << std::endl;
    if (parsed.count("tier")) {
      for (const judge::TestCase* test_case : problem.cases.tier(judge::parse_tier(parsed["tier"].as<std::string>()))) {
        std::cout << time_case(problem, *test_case).dump() << std::endl;
      }
      continue;
    }
    const std::string name = parsed["case"].as<std::string>();
    const bool named_upstream = problem.cases.find(name) != nullptr;
    const judge::TestCase& test_case = named_upstream || parsed.count("case") > 0
                                           ? problem.find_case(name)
                                           : *problem.cases.tier(judge::Tier::kFull).front();
    std::cout << time_case(problem, test_case).dump() << std::endl;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return problems::testing::run_tool("time_references", run, argc, argv); }
