// Parity with upstream: every problem of the catalogue against the table of
// Tensara's facts checked in at problems/testing/upstream/tensara_facts.json
// (written by `judge import-tensara <tensara/problems checkout>/problems
// --facts FILE`, which reads each def.py as data). For every upstream
// problem it compares
//   - that the catalogue has it;
//   - the C ABI: names, types (upstream's type against the default dtype's),
//     pointer and const, in order;
//   - the tolerance against the default dtype's (is_exact: rtol = atol = 0);
//   - the full tier: the same cases, by their values for the ABI;
//   - the FLOPs of every full case both have (within 1e-9 relative);
//   - the inputs: where upstream's create_inputs has structure (triangular,
//     +-1 labels, whole numbers, a graph, scattered sparsity), the
//     definition shapes its draws (input_shaping() says how).
// Each difference must be listed, with its reason, in
// problems/testing/upstream/parity_allow.yaml, whose entries must each
// still be a difference, and the problem's statement must cite that file.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "judge/problem/problem.h"
#include "problems/testing/problems_root.h"

namespace problems::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string file_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path upstream_dir() { return runfiles_problems_dir() / "testing" / "upstream"; }

const char* const kAspects[] = {"missing", "parameters", "tolerance", "full_cases", "flops", "inputs"};

// The recipes a uniform draw cannot give: the definition must shape them.
const std::set<std::string> kStructuredRecipes = {"lower-triangular", "upper-triangular", "labels-plus-minus-one",
                                                  "whole-numbers",    "graph",            "scattered-sparse"};

// Integers exactly, reals to 6 digits (a float parameter is rounded to its type).
std::string number_text(double value) {
  char text[40];
  if (value == std::floor(value) && std::fabs(value) < 1e18) {
    std::snprintf(text, sizeof text, "%.0f", value);
  } else {
    std::snprintf(text, sizeof text, "%.6g", value);
  }
  return text;
}

// A case as its values for the ABI, in ABI order: "dim=1 ndim=3 shape=[16,128,256]".
std::string upstream_case_key(const json& params, const judge::Signature& signature) {
  std::string key;
  for (const judge::Parameter& parameter : signature.parameters) {
    if (!params.contains(parameter.name)) continue;
    const json& value = params[parameter.name];
    key += (key.empty() ? "" : " ") + parameter.name + "=";
    if (value.is_array()) {
      std::string list;
      for (const json& item : value) list += (list.empty() ? "" : ",") + number_text(item.get<double>());
      key += "[" + list + "]";
    } else {
      key += number_text(value.get<double>());
    }
  }
  return key;
}

// The same for a case of the catalogue, over the parameters in `names`
// only: those upstream's table has a value for (one create_inputs passes
// is not read).
std::string judge_case_key(const judge::TestCase& test_case, const judge::Signature& signature,
                           const std::set<std::string>& names) {
  std::string key;
  const judge::ScalarArgs& args = test_case.args;
  for (const judge::Parameter& parameter : signature.parameters) {
    if (!names.count(parameter.name)) continue;
    std::string value;
    if (args.has_array(parameter.name)) {
      for (int64_t item : args.array(parameter.name)) value += (value.empty() ? "" : ",") + number_text(item);
      value = "[" + value + "]";
    } else if (parameter.pointer) {
      continue;
    } else if (args.integers().count(parameter.name)) {
      value = number_text(static_cast<double>(args.integer(parameter.name)));
    } else if (args.reals().count(parameter.name)) {
      value = number_text(args.real(parameter.name));
    } else {
      continue;
    }
    key += (key.empty() ? "" : " ") + parameter.name + "=" + value;
  }
  return key;
}

// The differences of one problem, by aspect, each with what differs.
std::map<std::string, std::string> differences(const judge::Catalogue& catalogue, const json& upstream) {
  std::map<std::string, std::string> found;
  const std::string slug = upstream["slug"];
  std::set<std::string> slugs;
  for (const std::string& known : catalogue.slugs()) slugs.insert(known);
  if (!slugs.count(slug)) {
    found["missing"] = "no problems/" + slug;
    return found;
  }
  const judge::Problem problem = catalogue.load(slug);
  const judge::Signature& signature = problem.signature();

  std::ostringstream abi;
  const json& parameters = upstream["parameters"];
  if (parameters.size() != signature.parameters.size()) {
    abi << parameters.size() << " upstream parameters, " << signature.parameters.size() << " here; ";
  }
  for (std::size_t i = 0; i < std::min(parameters.size(), signature.parameters.size()); ++i) {
    const json& theirs = parameters[i];
    const judge::Parameter& ours = signature.parameters[i];
    const std::string type = theirs["type"];
    std::optional<judge::ScalarType> their_type = judge::parse_c_type_name(type);
    if (!their_type) their_type = judge::parse_any_dtype_name(type);
    if (theirs["name"] != ours.name || theirs["pointer"] != ours.pointer ||
        (ours.pointer && theirs["const"] != ours.is_const) || !their_type ||
        judge::abi_type(*their_type) != judge::abi_type(ours.type)) {
      abi << "parameter " << i << ": upstream " << theirs["name"].get<std::string>() << " " << type
          << (theirs["pointer"].get<bool>() ? "*" : "") << ", here " << ours.name << " " << ours.declared_type() << "; ";
    }
  }
  if (!abi.str().empty()) found["parameters"] = abi.str();

  const judge::Tolerance& tolerance = problem.tolerance();
  const json& their_tolerance = upstream["tolerance"];
  auto same = [](double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b)); };
  bool integer_outputs = true;
  for (const judge::Parameter* output : signature.output_tensors()) {
    integer_outputs = integer_outputs && judge::is_integer(output->type);
  }
  const bool their_exact = !their_tolerance.is_null() && their_tolerance["rtol"].get<double>() == 0 &&
                           their_tolerance["atol"].get<double>() == 0;
  if (integer_outputs && their_exact) {
    // Integer outputs are compared exactly here whatever cases.yaml says.
  } else if (their_tolerance.is_null()) {
    found["tolerance"] = "upstream's is not read";
  } else if (!same(their_tolerance["rtol"].get<double>(), tolerance.rtol) ||
             !same(their_tolerance["atol"].get<double>(), tolerance.atol)) {
    found["tolerance"] = "upstream rtol " + number_text(their_tolerance["rtol"].get<double>()) + ", atol " +
                         number_text(their_tolerance["atol"].get<double>()) + "; here rtol " +
                         number_text(tolerance.rtol) + ", atol " + number_text(tolerance.atol);
  }

  // Cases are compared over the parameters upstream's table has values for.
  std::set<std::string> names;
  for (const json& upstream_case : upstream["full_cases"]) {
    for (const auto& [name, value] : upstream_case["params"].items()) names.insert(name);
  }
  std::map<std::string, const judge::TestCase*> ours;
  for (const judge::TestCase* test_case : problem.cases.tier(judge::Tier::kFull)) {
    ours[judge_case_key(*test_case, signature, names)] = test_case;
  }
  std::set<std::string> theirs;
  std::ostringstream cases, flops;
  for (const json& upstream_case : upstream["full_cases"]) {
    const std::string key = upstream_case_key(upstream_case["params"], signature);
    theirs.insert(key);
    // No value read (upstream passes them from create_inputs): nothing to
    // tell the cases apart by, so nothing to compare.
    if (key.empty()) continue;
    const auto match = ours.find(key);
    if (match == ours.end()) {
      cases << "upstream '" << upstream_case["name"].get<std::string>() << "' (" << key << ") is not here; ";
      continue;
    }
    if (upstream_case["flops"].is_null()) continue;
    const double their_flops = upstream_case["flops"].get<double>();
    const double our_flops = problem.definition->flops(match->second->args);
    if (std::fabs(their_flops - our_flops) > 1e-9 * std::max(std::fabs(their_flops), 1.0)) {
      flops << "'" << match->second->name << "': upstream " << number_text(their_flops) << ", here "
            << number_text(our_flops) << "; ";
    }
  }
  for (const auto& [key, test_case] : ours) {
    if (!theirs.count(key)) cases << "'" << test_case->name << "' (" << key << ") is not upstream's; ";
  }
  if (!cases.str().empty()) found["full_cases"] = cases.str();
  if (!flops.str().empty()) found["flops"] = flops.str();

  std::string structured;
  for (const json& recipe : upstream["input_recipes"]) {
    if (kStructuredRecipes.count(recipe.get<std::string>())) structured += " " + recipe.get<std::string>();
  }
  // Integer tensors are drawn as whole numbers already.
  bool integer_inputs = true;
  for (const judge::Parameter* input : signature.input_tensors()) {
    integer_inputs = integer_inputs && judge::is_integer(input->type);
  }
  if (structured == " whole-numbers" && integer_inputs) structured.clear();
  if (!structured.empty() && problem.definition->input_shaping().empty()) {
    found["inputs"] = "upstream's inputs are" + structured + "; the definition draws them uniformly";
  }
  return found;
}

struct Allowed {
  std::string reason;
  bool used = false;
};

TEST(UpstreamParityTest, EveryDifferenceFromUpstreamIsAllowedWithAReason) {
  const json facts = json::parse(file_text(upstream_dir() / "tensara_facts.json"));
  ASSERT_EQ(facts["format"], "judge-upstream-facts");
  ASSERT_GE(facts["problems"].size(), 80u) << "the table lost problems";

  std::map<std::pair<std::string, std::string>, Allowed> allowed;
  const YAML::Node list = YAML::LoadFile((upstream_dir() / "parity_allow.yaml").string());
  for (const YAML::Node& entry : list) {
    const std::string problem = entry["problem"].as<std::string>(), aspect = entry["aspect"].as<std::string>();
    const std::string reason = entry["reason"].as<std::string>("");
    EXPECT_NE(std::find(std::begin(kAspects), std::end(kAspects), aspect), std::end(kAspects))
        << problem << ": unknown aspect '" << aspect << "'";
    EXPECT_GE(reason.size(), 20u) << problem << " " << aspect << ": the allow list needs a reason";
    EXPECT_TRUE(allowed.emplace(std::make_pair(problem, aspect), Allowed{reason}).second)
        << problem << " " << aspect << " is listed twice";
  }

  const judge::Catalogue catalogue(runfiles_problems_dir());
  int compared = 0;
  for (const json& upstream : facts["problems"]) {
    const std::string slug = upstream["slug"];
    ++compared;
    for (const auto& [aspect, what] : differences(catalogue, upstream)) {
      auto entry = allowed.find({slug, aspect});
      if (entry == allowed.end()) {
        ADD_FAILURE() << slug << ": " << aspect << " differs from upstream and parity_allow.yaml does not allow it: "
                      << what;
        continue;
      }
      entry->second.used = true;
      std::cout << slug << " " << aspect << " (allowed): " << what << "\n";
    }
  }
  for (const auto& [key, entry] : allowed) {
    EXPECT_TRUE(entry.used) << key.first << " " << key.second
                            << " is allowed in parity_allow.yaml but no longer differs from upstream: remove it";
    if (key.second == "missing") continue;
    const std::string statement = file_text(runfiles_problems_dir() / key.first / "statement.md");
    EXPECT_NE(statement.find("parity_allow.yaml"), std::string::npos)
        << key.first << "'s statement does not cite problems/testing/upstream/parity_allow.yaml, which allows its "
        << key.second << " to differ from upstream";
  }
  std::cout << "compared " << compared << " upstream problems; " << allowed.size() << " allowed difference(s)\n";
}

// The comparison must be able to fail: a changed tolerance, a missing case
// and a different ABI of a real problem are each found.
TEST(UpstreamParityTest, DifferencesAreFound) {
  const json facts = json::parse(file_text(upstream_dir() / "tensara_facts.json"));
  const judge::Catalogue catalogue(runfiles_problems_dir());
  json relu;
  for (const json& upstream : facts["problems"]) {
    if (upstream["slug"] == "relu") relu = upstream;
  }
  ASSERT_FALSE(relu.is_null());
  EXPECT_EQ(differences(catalogue, relu).count("tolerance"), 0u);
  json changed = relu;
  changed["tolerance"]["rtol"] = changed["tolerance"]["rtol"].get<double>() * 2;
  changed["full_cases"].push_back({{"name", "extra"}, {"params", {{"n", 3}, {"m", 5}}}, {"flops", 15}});
  changed["parameters"][0]["name"] = "renamed";
  const std::map<std::string, std::string> found = differences(catalogue, changed);
  EXPECT_EQ(found.count("tolerance"), 1u);
  EXPECT_EQ(found.count("full_cases"), 1u);
  EXPECT_EQ(found.count("parameters"), 1u);
  json gone = relu;
  gone["slug"] = "no-such-problem";
  EXPECT_EQ(differences(catalogue, gone).count("missing"), 1u);
}

}  // namespace
}  // namespace problems::testing
