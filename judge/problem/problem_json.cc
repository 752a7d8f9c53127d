#include "judge/problem/problem_json.h"

namespace judge {

using json = nlohmann::json;

double minimal_traffic_bytes(const Problem& problem, const TestCase& test_case) {
  return case_bytes(problem, test_case).total();
}

json case_json(const Problem& problem, const TestCase& test_case) {
  const std::map<std::string, Shape> shapes = problem.definition->tensor_shapes(test_case.args);
  json params = json::object();
  for (const Parameter* parameter : problem.signature().scalars()) {
    if (is_integer(parameter->type)) {
      params[parameter->name] = test_case.args.integer(parameter->name);
    } else {
      params[parameter->name] = test_case.args.real(parameter->name);
    }
  }
  json tensors = json::array();
  for (const Parameter& parameter : problem.signature().parameters) {
    if (!parameter.pointer) continue;
    json tensor = {{"name", parameter.name},
                   {"role", parameter.is_input_tensor() ? "input" : "output"},
                   {"dtype", c_name(parameter.type)},
                   {"shape", shapes.at(parameter.name)}};
    if (parameter.is_input_tensor() && test_case.args.has_array(parameter.name)) {
      tensor["values"] = test_case.args.array(parameter.name);
    } else if (parameter.is_input_tensor()) {
      const InputRange& range = test_case.input_ranges.at(parameter.name);
      tensor["range"] = {range.lo, range.hi};
    }
    tensors.push_back(tensor);
  }
  json result = {{"name", test_case.name},
                 {"tier", tier_name(test_case.tier)},
                 {"params", params},
                 {"tensors", tensors},
                 {"flops", problem.definition->flops(test_case.args)},
                 {"min_bytes", minimal_traffic_bytes(problem, test_case)}};
  const std::string shaping = problem.definition->input_shaping();
  if (!shaping.empty()) result["input_shaping"] = shaping;  // applied after the draws from the ranges
  return result;
}

json problem_summary_json(const Problem& problem) {
  json counts = json::object();
  for (Tier tier : kAllTiers) counts[tier_name(tier)] = problem.cases.tier(tier).size();
  json dtypes = json::array();
  for (ScalarType dtype : problem.statement.dtypes) dtypes.push_back(dtype_name(dtype));
  return {{"slug", problem.slug()},
          {"title", problem.statement.title},
          {"difficulty", problem.statement.difficulty},
          {"tags", problem.statement.tags},
          {"dtype", dtype_name(problem.dtype)},
          {"dtypes", dtypes},
          {"case_counts", counts}};
}

json problem_json(const Problem& problem) {
  json j = problem_summary_json(problem);
  j["schema_version"] = kProblemJsonSchemaVersion;
  j["author"] = problem.statement.author;
  j["statement"] = problem.statement.body;
  j["prototype"] = problem.signature().c_prototype();
  json parameters = json::array();
  for (const Parameter& parameter : problem.signature().parameters) {
    parameters.push_back({{"name", parameter.name},
                          {"c_type", parameter.c_type()},
                          {"pointer", parameter.pointer},
                          {"role", parameter.pointer ? (parameter.is_const ? "input" : "output") : "scalar"}});
  }
  j["parameters"] = parameters;
  j["tolerance"] = {{"rtol", problem.tolerance().rtol}, {"atol", problem.tolerance().atol}};
  j["custom_checker"] = problem.definition->has_checker();
  j["flop_formula"] = problem.definition->flop_formula();
  json cases = json::object();
  for (Tier tier : kAllTiers) {
    json list = json::array();
    for (const TestCase* test_case : problem.cases.tier(tier)) list.push_back(case_json(problem, *test_case));
    cases[tier_name(tier)] = list;
  }
  j["cases"] = cases;
  return j;
}

}  // namespace judge
