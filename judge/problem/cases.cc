#include "judge/problem/cases.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "judge/common/errors.h"
#include "judge/common/file_text.h"
#include "judge/problem/limits.h"
#include "judge/problem/philox.h"

namespace judge {
namespace {

using limits::shortened;

// A case name: a letter or digit, then letters, digits, '_', '-', '.'. A
// loop, not std::regex, whose matcher recurses per character.
bool is_valid_case_name(const std::string& name) {
  if (name.empty() || name.size() > limits::kMaxCaseNameLength) return false;
  auto alphanumeric = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
  if (!alphanumeric(name[0])) return false;
  for (char c : name) {
    if (!alphanumeric(c) && c != '_' && c != '-' && c != '.') return false;
  }
  return true;
}

// An optional sign, then decimal digits only.
bool is_integer_text(const std::string& text) {
  std::size_t i = (!text.empty() && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
  if (i == text.size()) return false;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  return true;
}

class CasesReader {
 public:
  CasesReader(const std::filesystem::path& file, const Signature& signature, const ProblemDefinition& definition,
              const std::vector<ScalarType>& dtypes, ScalarType dtype)
      : m_file(file), m_signature(signature), m_definition(definition), m_dtypes(dtypes), m_dtype(dtype) {}

  CaseSet read(const std::string& text) const {
    if (text.size() > limits::kMaxFileBytes) {
      throw ProblemError(located(m_file, 0, "the file is " + std::to_string(text.size()) +
                                                " bytes; a case file may be at most " +
                                                std::to_string(limits::kMaxFileBytes) + " bytes"));
    }
    const YAML::Node root = [&] {
      try {
        return YAML::Load(text);
      } catch (const YAML::ParserException& error) {
        throw ProblemError(located(m_file, error.mark.line + 1, "invalid YAML: " + error.msg));
      }
    }();
    if (!root.IsMap()) throw ProblemError(located(m_file, 1, "cases.yaml must be a map with 'tiers' (and optionally 'tolerance')"));
    check_keys(root, {"tolerance", "tiers"}, "cases.yaml");

    CaseSet set;
    set.file = m_file;
    set.tolerances = read_tolerances(root);
    set.tolerance = set.tolerances.at(m_dtype);
    const YAML::Node tiers = root["tiers"];
    if (!tiers) fail(root, "cases.yaml has no 'tiers' (sample, check, full)");
    if (!tiers.IsMap()) fail(tiers, "'tiers' must be a map with sample, check and full");
    check_keys(tiers, {"sample", "check", "full"}, "tiers");

    std::map<std::string, int> case_lines;
    for (Tier tier : kAllTiers) {
      const YAML::Node list = tiers[tier_name(tier)];
      if (!list) fail(tiers, std::string("tier '") + tier_name(tier) + "' is missing (need sample, check and full)");
      if (!list.IsSequence()) fail(list, std::string("tier '") + tier_name(tier) + "' must be a list of cases");
      if (tier == Tier::kSample && list.size() != 1) {
        fail(list, "tier 'sample' must hold exactly one case, it has " + std::to_string(list.size()));
      }
      if (tier == Tier::kCheck && list.size() < kMinCheckCases) {
        fail(list, "tier 'check' must hold at least " + std::to_string(kMinCheckCases) + " cases, it has " +
                       std::to_string(list.size()));
      }
      if (tier == Tier::kFull && list.size() == 0) fail(list, "tier 'full' must hold at least one case");
      if (case_lines.size() + list.size() > limits::kMaxCases) {
        fail(list, "more than " + std::to_string(limits::kMaxCases) + " cases in all tiers");
      }
      for (const YAML::Node& entry : list) {
        TestCase test_case = read_case(entry, tier);
        auto [it, inserted] = case_lines.emplace(test_case.name, test_case.line);
        if (!inserted) {
          fail(entry["name"], "duplicate case name '" + test_case.name + "' (first on line " +
                                  std::to_string(it->second) + ")");
        }
        set.cases.push_back(std::move(test_case));
      }
    }
    return set;
  }

 private:
  int line_of(const YAML::Node& node) const { return node.Mark().is_null() ? 0 : node.Mark().line + 1; }

  [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const {
    throw ProblemError(located(m_file, line_of(node), message));
  }

  void check_keys(const YAML::Node& map, const std::set<std::string>& known, const std::string& owner) const {
    for (const auto& field : map) {
      if (!known.count(field.first.Scalar())) {
        std::string list;
        for (const std::string& key : known) list += (list.empty() ? "" : ", ") + key;
        fail(field.first, owner + " has an unknown field '" + shortened(field.first.Scalar()) + "' (known: " + list + ")");
      }
    }
  }

  double read_real(const YAML::Node& node, const std::string& what) const {
    if (!node.IsScalar()) fail(node, what + " must be a number");
    if (node.Scalar().size() > limits::kMaxNumberLength) fail(node, what + " must be a number, not '" + shortened(node.Scalar()) + "'");
    try {
      std::size_t used = 0;
      double value = std::stod(node.Scalar(), &used);
      if (used == node.Scalar().size() && std::isfinite(value)) return value;
    } catch (const std::exception&) {
    }
    fail(node, what + " must be a finite number, not '" + shortened(node.Scalar()) + "'");
  }

  // `tolerance: {rtol, atol}` is the default dtype's; a problem offering
  // other dtypes states each one's under its name, derived the way the
  // default's was (statement.md says how).
  std::map<ScalarType, Tolerance> read_tolerances(const YAML::Node& root) const {
    std::map<ScalarType, Tolerance> tolerances;
    const YAML::Node node = root["tolerance"];
    std::set<std::string> known = {"rtol", "atol"};
    for (std::size_t i = 1; i < m_dtypes.size(); ++i) known.insert(dtype_name(m_dtypes[i]));
    if (node) {
      if (!node.IsMap()) fail(node, "'tolerance' must be a map {rtol: ..., atol: ...}");
      check_keys(node, known, "tolerance");
      tolerances[m_dtypes.front()] = read_tolerance(node, std::string("tolerance"));
    } else {
      tolerances[m_dtypes.front()] = Tolerance{};
    }
    for (std::size_t i = 1; i < m_dtypes.size(); ++i) {
      const std::string name = dtype_name(m_dtypes[i]);
      if (!node || !node[name]) {
        fail(node ? node : root, "the statement offers dtype " + name + ", but 'tolerance' has no '" + name +
                                     ": {rtol: ..., atol: ...}' for it");
      }
      if (!node[name].IsMap()) fail(node[name], "tolerance " + name + " must be a map {rtol: ..., atol: ...}");
      check_keys(node[name], {"rtol", "atol"}, "tolerance " + name);
      tolerances[m_dtypes[i]] = read_tolerance(node[name], "tolerance " + name);
    }
    return tolerances;
  }

  Tolerance read_tolerance(const YAML::Node& node, const std::string& owner) const {
    Tolerance tolerance;
    if (node["rtol"]) tolerance.rtol = read_real(node["rtol"], owner + " rtol");
    if (node["atol"]) tolerance.atol = read_real(node["atol"], owner + " atol");
    if (tolerance.rtol < 0 || tolerance.atol < 0) fail(node, owner + " rtol and atol must not be negative");
    return tolerance;
  }

  TestCase read_case(const YAML::Node& entry, Tier tier) const {
    if (!entry.IsMap()) fail(entry, std::string("a case in tier '") + tier_name(tier) + "' must be a map {name, params, inputs}");
    TestCase test_case;
    test_case.tier = tier;
    test_case.line = line_of(entry);
    if (!entry["name"] || !entry["name"].IsScalar() || entry["name"].Scalar().empty()) {
      fail(entry, std::string("a case in tier '") + tier_name(tier) + "' has no 'name'");
    }
    test_case.name = entry["name"].Scalar();
    const std::string owner = "case '" + shortened(test_case.name) + "'";
    if (!is_valid_case_name(test_case.name)) {
      fail(entry["name"], owner + ": a case name is letters, digits, '_', '-', '.', starts with a letter or digit and "
                                  "has at most " + std::to_string(limits::kMaxCaseNameLength) +
                                  " characters (it names files and random streams)");
    }
    check_keys(entry, {"name", "params", "inputs"}, owner);
    read_params(entry, owner, test_case.args);
    test_case.input_ranges = read_input_ranges(entry["inputs"], owner);
    for (const auto& [name, values] : test_case.args.arrays()) {
      if (entry["inputs"] && entry["inputs"][name]) {
        fail(entry["inputs"][name], owner + ": inputs: '" + name + "' is given literally in 'params'; a range makes no sense");
      }
    }
    try {
      m_definition.validate(test_case.args);
    } catch (const InvalidCase& error) {
      fail(entry, owner + ": invalid parameters: " + error.what());
    }
    return test_case;
  }

  void read_params(const YAML::Node& entry, const std::string& owner, ScalarArgs& args) const {
    const YAML::Node params = entry["params"];
    if (!params) fail(entry, owner + " has no 'params'");
    if (!params.IsMap()) fail(params, owner + ": 'params' must be a map of scalar parameter values");
    for (const auto& field : params) {
      const std::string name = field.first.Scalar();
      const Parameter* parameter = m_signature.find(name);
      if (parameter == nullptr) fail(field.first, owner + ": unknown parameter '" + shortened(name) + "' (not in the statement)");
      const std::string what = owner + ": parameter '" + name + "' (" + parameter->c_type() + ")";
      if (parameter->pointer) {
        if (!parameter->is_input_tensor() || !is_integer(parameter->type) || !field.second.IsSequence()) {
          fail(field.first, owner + ": parameter '" + name + "' is a tensor; set its value range under 'inputs' (only "
                                    "an integer input tensor may be given literally here, as a list)");
        }
        args.set_array(name, read_array(field.second, *parameter, what));
      } else if (is_integer(parameter->type)) {
        args.set_integer(name, read_integer(field.second, *parameter, what));
      } else {
        // What the solution receives: the value rounded to its type.
        args.set_real(name, round_to(parameter->type, read_real(field.second, what)));
      }
    }
    for (const Parameter* parameter : m_signature.scalars()) {
      if (!args.has(parameter->name)) fail(params, owner + ": missing parameter '" + parameter->name + "'");
    }
  }

  int64_t read_integer(const YAML::Node& node, const Parameter& parameter, const std::string& what) const {
    if (!node.IsScalar()) fail(node, what + " must be an integer");
    const std::string& text = node.Scalar();
    if (text.size() > limits::kMaxNumberLength || !is_integer_text(text)) {
      fail(node, what + " must be an integer, not '" + shortened(text) + "'");
    }
    int64_t value = 0;
    try {
      value = std::stoll(text);
    } catch (const std::out_of_range&) {
      fail(node, what + ": " + text + " is out of range");
    }
    const int64_t low = integer_min(parameter.type), high = integer_max(parameter.type);
    if (value < low || value > high) {
      fail(node, what + ": " + text + " is out of range [" + std::to_string(low) + ", " + std::to_string(high) + "]");
    }
    return value;
  }

  std::vector<int64_t> read_array(const YAML::Node& list, const Parameter& parameter, const std::string& what) const {
    if (list.size() == 0 || list.size() > limits::kMaxArrayLength) {
      fail(list, what + ": a literal tensor holds 1 to " + std::to_string(limits::kMaxArrayLength) + " values");
    }
    std::vector<int64_t> values;
    for (const YAML::Node& item : list) values.push_back(read_integer(item, parameter, what + " element"));
    return values;
  }

  std::map<std::string, InputRange> read_input_ranges(const YAML::Node& inputs, const std::string& owner) const {
    std::map<std::string, InputRange> given;
    InputRange fallback;
    if (inputs) {
      if (!inputs.IsMap()) fail(inputs, owner + ": 'inputs' must be a map of name: [lo, hi]");
      for (const auto& field : inputs) {
        const std::string name = field.first.Scalar();
        const Parameter* parameter = m_signature.find(name);
        if (name != "default" && (parameter == nullptr || !parameter->is_input_tensor())) {
          fail(field.first, owner + ": inputs: '" + shortened(name) + "' is not an input tensor (a const pointer parameter) or 'default'");
        }
        const YAML::Node& range = field.second;
        if (!range.IsSequence() || range.size() != 2) fail(range, owner + ": inputs: '" + name + "' must be [lo, hi]");
        InputRange parsed{read_real(range[0], owner + ": inputs: '" + name + "' lo"),
                          read_real(range[1], owner + ": inputs: '" + name + "' hi")};
        if (!(parsed.lo < parsed.hi)) fail(range, owner + ": inputs: '" + name + "' needs lo < hi");
        if (parameter != nullptr && is_integer(parameter->type)) {
          check_integer_range(range, parsed, *parameter, owner + ": inputs: '" + name + "'");
          given[name] = parsed;
          continue;
        }
        // The generator rounds the bounds to float32 and needs an exact
        // width so every platform draws the same values (philox.h).
        if (!uniform_range_is_exact(static_cast<float>(parsed.lo), static_cast<float>(parsed.hi))) {
          fail(range, owner + ": inputs: '" + name + "' range [" + range[0].Scalar() + ", " + range[1].Scalar() +
                          ") is too wide for its precision: as float32, hi - lo must be below 2^29 units of the "
                          "smaller bound's last place (e.g. [-1, 1), [100, 200))");
        }
        if (name == "default") {
          fallback = parsed;
        } else {
          given[name] = parsed;
        }
      }
    }
    std::map<std::string, InputRange> ranges;
    for (const Parameter* input : m_signature.input_tensors()) {
      auto it = given.find(input->name);
      if (it != given.end()) {
        ranges[input->name] = it->second;
      } else if (is_integer(input->type)) {
        ranges[input->name] = input->type == ScalarType::kBool ? InputRange{0, 2} : InputRange{0, 100};
      } else {
        ranges[input->name] = fallback;
      }
    }
    return ranges;
  }

  // Integer bounds within the type (hi may be one past its maximum), at
  // most 2^29 apart (philox.h).
  void check_integer_range(const YAML::Node& node, const InputRange& range, const Parameter& parameter,
                           const std::string& what) const {
    const bool integral = range.lo == std::floor(range.lo) && range.hi == std::floor(range.hi);
    const double low = static_cast<double>(integer_min(parameter.type));
    const double high = static_cast<double>(integer_max(parameter.type)) + 1;
    if (!integral || range.lo < low || range.hi > high || range.hi - range.lo > double(1 << 29)) {
      fail(node, what + " is a " + parameter.c_type() + " tensor: its range [lo, hi) needs integer bounds within " +
                     dtype_name(parameter.type) + ", at most 2^29 apart");
    }
  }

  std::filesystem::path m_file;
  const Signature& m_signature;
  const ProblemDefinition& m_definition;
  std::vector<ScalarType> m_dtypes;
  ScalarType m_dtype;
};

}  // namespace

const char* tier_name(Tier tier) {
  switch (tier) {
    case Tier::kSample: return "sample";
    case Tier::kCheck: return "check";
    case Tier::kFull: return "full";
  }
  return "?";
}

Tier parse_tier(const std::string& name) {
  for (Tier tier : kAllTiers) {
    if (name == tier_name(tier)) return tier;
  }
  throw std::invalid_argument("unknown tier '" + name + "' (sample, check or full)");
}

std::vector<const TestCase*> CaseSet::tier(Tier wanted) const {
  std::vector<const TestCase*> found;
  for (const TestCase& test_case : cases) {
    if (test_case.tier == wanted) found.push_back(&test_case);
  }
  return found;
}

const TestCase* CaseSet::find(const std::string& name) const {
  for (const TestCase& test_case : cases) {
    if (test_case.name == name) return &test_case;
  }
  return nullptr;
}

std::vector<std::string> CaseSet::names() const {
  std::vector<std::string> found;
  for (const TestCase& test_case : cases) found.push_back(test_case.name);
  return found;
}

CaseSet parse_cases(const std::string& text, const std::filesystem::path& file, const Signature& signature,
                    const ProblemDefinition& definition, const std::vector<ScalarType>& dtypes, ScalarType dtype) {
  if (dtypes.empty() || std::find(dtypes.begin(), dtypes.end(), dtype) == dtypes.end()) {
    throw std::logic_error(std::string("parse_cases: dtype ") + dtype_name(dtype) + " is not among those offered");
  }
  return CasesReader(file, signature, definition, dtypes, dtype).read(text);
}

CaseSet load_cases(const std::filesystem::path& file, const Signature& signature,
                   const ProblemDefinition& definition) {
  std::string text;
  try {
    text = read_file_text(file);
  } catch (const FileReadError&) {
    throw ProblemError(located(file, 0, "cannot read the cases file"));
  }
  return parse_cases(text, file, signature, definition);
}

}  // namespace judge
