// The rounding report of the quantization problems (mxfp4-quantize,
// mxfp8-quantize, nvfp4-quantize): quantizes each case's inputs (the judge's
// own, generated as a check does) in every variant of quantize_variants.h
// and prints, per variant, the bytes that differ from the reference, and on
// how many cases the judge's check (the problem's checker) and upstream's
// check (decode both, allclose 1e-3) accept it.
//
//   quantize_roundings [--tier check] [--tier full] [--problem SLUG]...
//                      [--seed N] [--problems-dir DIR]
#include <cstdio>
#include <iostream>
#include <map>

#include "judge/problem/case_data.h"
#include "judge/problem/inputs.h"
#include "problems/testing/quantize_variants.h"
#include "problems/testing/tool_cli.h"

namespace {

struct Tally {
  int64_t bytes_differing = 0;
  int cases_differing = 0;
  int judge_accepts = 0;
  int upstream_accepts = 0;
};

int run(int argc, char** argv) {
  cxxopts::Options options("quantize_roundings", "Judge every allowed and disallowed rounding of the quantize problems");
  options.add_options()("tier", "tier (repeatable; default check)", cxxopts::value<std::vector<std::string>>())(
      "seed", "input generator seed",
      cxxopts::value<uint64_t>()->default_value(std::to_string(judge::kDefaultInputSeed)))("h,help",
                                                                                            "show this help");
  problems::testing::add_catalogue_options(options);
  const auto parsed = options.parse(argc, argv);
  if (parsed.count("help")) {
    std::cout << options.help() << "\n";
    return 0;
  }
  const judge::Catalogue catalogue = problems::testing::open_catalogue(parsed);
  const std::vector<std::string> slugs =
      parsed.count("problem") ? parsed["problem"].as<std::vector<std::string>>()
                              : std::vector<std::string>{"mxfp4-quantize", "mxfp8-quantize", "nvfp4-quantize"};
  const std::vector<std::string> tiers =
      parsed.count("tier") ? parsed["tier"].as<std::vector<std::string>>() : std::vector<std::string>{"check"};
  const uint64_t seed = parsed["seed"].as<uint64_t>();
  for (const std::string& slug : slugs) {
    const judge::Problem problem = catalogue.load(slug);
    const std::vector<problems::testing::QuantizeVariant> variants = problems::testing::quantize_variants(slug);
    std::vector<Tally> tallies(variants.size());
    int cases = 0;
    int64_t bytes = 0;
    for (const std::string& tier : tiers) {
      for (const judge::TestCase* test_case : problem.cases.tier(judge::parse_tier(tier))) {
        judge::CaseTensors tensors = judge::generate_case_inputs(problem, *test_case, seed);
        judge::compute_expected(problem, *test_case, tensors);
        ++cases;
        for (const auto& [name, output] : tensors.outputs) bytes += output.size();
        std::cerr << slug << " " << tier << "/" << test_case->name << "\n";
        judge::ConstTensors expected;
        for (const auto& [name, output] : tensors.outputs) expected[name] = output.view();
        const std::vector<float> reference_values = problems::testing::upstream_decode(slug, test_case->args, expected);
        for (std::size_t v = 0; v < variants.size(); ++v) {
          std::map<std::string, judge::TensorBuffer> answer;
          judge::MutableTensors answer_views;
          judge::ConstTensors answer_const;
          for (const auto& [name, output] : tensors.outputs) {
            answer[name] = judge::TensorBuffer(output.type(), output.size());
            answer_views[name] = answer[name].mutable_view();
            answer_const[name] = answer[name].view();
          }
          problems::testing::quantize_like(slug, variants[v], test_case->args, tensors.input_views(), answer_views);
          Tally& tally = tallies[v];
          int64_t differing = 0;
          for (const auto& [name, output] : tensors.outputs) {
            const auto want = output.values<uint8_t>();
            const auto got = answer[name].values<uint8_t>();
            for (std::size_t i = 0; i < want.size(); ++i) differing += want[i] != got[i];
          }
          tally.bytes_differing += differing;
          tally.cases_differing += differing > 0;
          const judge::Tolerance tolerance{problem.tolerance().rtol, problem.tolerance().atol};
          tally.judge_accepts += !problem.definition
                                      ->check(test_case->args, tensors.input_views(), expected, answer_const, tolerance)
                                      .has_value();
          tally.upstream_accepts += problems::testing::upstream_close(
              reference_values, problems::testing::upstream_decode(slug, test_case->args, answer_const));
        }
      }
    }
    std::printf("\n%s: %d case(s) (tiers:", slug.c_str(), cases);
    for (const std::string& tier : tiers) std::printf(" %s", tier.c_str());
    std::printf("), %lld output bytes\n", static_cast<long long>(bytes));
    std::printf("  %-40s %-34s %-8s %14s %9s %9s %9s\n", "variant", "who rounds so", "allowed", "bytes differing",
                "cases", "judge", "upstream");
    for (std::size_t v = 0; v < variants.size(); ++v) {
      const Tally& t = tallies[v];
      std::printf("  %-40s %-34s %-8s %14lld %4d/%-4d %4d/%-4d %4d/%-4d\n", variants[v].name.c_str(),
                  variants[v].source.c_str(), variants[v].allowed ? "yes" : "no",
                  static_cast<long long>(t.bytes_differing), t.cases_differing, cases, t.judge_accepts, cases,
                  t.upstream_accepts, cases);
    }
  }
  std::printf("\n(bytes differing: from the reference's, q and scale together; cases: those with any byte\n"
              "differing, then the cases the judge's checker and upstream's decode + allclose accept)\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return problems::testing::run_tool("quantize_roundings", run, argc, argv); }
