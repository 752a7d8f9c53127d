#include "judge/importer/upstream_facts.h"

#include <algorithm>
#include <stdexcept>

#include "judge/common/file_text.h"
#include "judge/importer/tensara_def.h"
#include "judge/importer/tensara_import.h"
#include "judge/problem/limits.h"

namespace judge::importer {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A value of the C ABI as JSON: a number, or a list of integers.
json abi_value(const PyValue& value) {
  switch (value.kind) {
    case PyValue::Kind::kBool: return value.boolean ? 1 : 0;
    case PyValue::Kind::kInt: return value.integer;
    case PyValue::Kind::kFloat: return value.real;
    default: break;
  }
  json list = json::array();
  for (const PyValue& item : value.items) list.push_back(abi_value(item));
  return list;
}

json problem_facts(const fs::path& folder, const std::string& text) {
  const TensaraDefinition def = read_tensara_def(text);
  json facts = {{"slug", folder.filename().string()}};
  json unread = json::array();
  for (const Finding& finding : def.findings) unread.push_back("def.py:" + std::to_string(finding.line) + ": " + finding.message);
  json parameters = json::array();
  if (def.parameters) {
    for (const TensaraParameter& parameter : *def.parameters) {
      parameters.push_back({{"name", parameter.name},
                            {"type", parameter.type},
                            {"pointer", parameter.pointer},
                            {"const", parameter.is_const}});
    }
  }
  facts["parameters"] = parameters;
  facts["exact"] = def.is_exact.value_or(false);
  // Tensara's engine judges with verify_result: its allclose, where it has
  // one, decides even when is_exact is set (that flag only guides
  // Tensara's tolerance tooling).
  if (def.rtol || def.atol) {
    // torch.allclose's defaults for the one not given.
    facts["tolerance"] = {{"rtol", def.rtol.value_or(1e-5)}, {"atol", def.atol.value_or(1e-8)}};
  } else if (def.is_exact.value_or(false)) {
    facts["tolerance"] = {{"rtol", 0.0}, {"atol", 0.0}};
  } else {
    facts["tolerance"] = nullptr;
  }
  json cases = json::array();
  for (const UpstreamCase& upstream : def.cases) {
    json entry = {{"name", upstream.name}};
    json params = json::object(), why = json::array();
    if (def.parameters) {
      const CaseAbiValues values = case_abi_values(upstream, *def.parameters);
      for (const auto& [name, value] : values.values) params[name] = abi_value(value);
      for (const std::string& name : values.missing) why.push_back("'" + name + "' not read");
      for (const std::string& reason : values.reasons) why.push_back(reason);
    }
    entry["params"] = params;
    entry["flops"] = upstream.flops ? json(*upstream.flops) : json(nullptr);
    if (!upstream.flops) why.push_back("get_flops: " + upstream.flops_error);
    entry["unread"] = why;
    cases.push_back(entry);
  }
  facts["full_cases"] = cases;
  facts["input_recipes"] = def.input_recipes;
  facts["unread"] = unread;
  return facts;
}

}  // namespace

json upstream_facts(const fs::path& root) {
  std::vector<fs::path> folders;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(root, error)) {
    if (entry.is_directory() && fs::is_regular_file(entry.path() / "def.py")) folders.push_back(entry.path());
  }
  if (folders.empty()) throw std::invalid_argument(root.string() + " holds no problem folder with a def.py");
  std::sort(folders.begin(), folders.end());
  json problems = json::array();
  for (const fs::path& folder : folders) {
    const fs::path def_py = folder / "def.py";
    if (fs::file_size(def_py, error) > limits::kMaxFileBytes) {
      problems.push_back({{"slug", folder.filename().string()}, {"unread", {"def.py is larger than 1 MiB"}}});
      continue;
    }
    problems.push_back(problem_facts(folder, read_file_text(def_py)));
  }
  return {{"format", "judge-upstream-facts"}, {"schema_version", kUpstreamFactsSchemaVersion}, {"problems", problems}};
}

}  // namespace judge::importer
