#include "judge/problem/problem.h"

#include <algorithm>
#include <map>
#include <optional>

#include "judge/common/errors.h"
#include "judge/common/file_text.h"

namespace judge {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ", ") + item;
  return text.empty() ? "(none)" : text;
}

// A definition's C type ("const float*", "size_t") parsed as a Parameter, so
// spellings of the same type ("unsigned int" / "uint32_t") compare equal.
std::optional<Parameter> parse_c_type(const ProblemDefinition::ParameterDecl& decl) {
  std::string text = decl.c_type;
  Parameter parameter;
  parameter.name = decl.name;
  if (text.rfind("const ", 0) == 0) {
    parameter.is_const = true;
    text = text.substr(6);
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  if (!text.empty() && text.back() == '*') {
    parameter.pointer = true;
    text.pop_back();
    while (!text.empty() && text.back() == ' ') text.pop_back();
  }
  if (text == "[VAR]") {
    parameter.var = true;
  } else if (std::optional<ScalarType> type = parse_c_type_name(text)) {
    parameter.type = *type;
  } else {
    return std::nullopt;
  }
  if (!parameter.pointer) parameter.is_const = false;
  return parameter;
}

std::string read_problem_file(const std::filesystem::path& file, const std::filesystem::path& shown) {
  try {
    return read_file_text(file);
  } catch (const FileReadError&) {
    throw ProblemError(located(shown, 0, "cannot read this file (" + file.string() + ")"));
  }
}

// The definition writes [VAR] where the statement does; a problem offered
// in one dtype only may instead spell that type out ("const float*").
bool same_abi(const Parameter& declared, const Parameter& expected, const std::vector<ScalarType>& dtypes) {
  if (declared.name != expected.name || declared.pointer != expected.pointer || declared.is_const != expected.is_const) {
    return false;
  }
  if (!expected.var) return !declared.var && declared.type == expected.type;
  return declared.var || (dtypes.size() == 1 && declared.type == dtypes.front());
}

}  // namespace

void check_definition_matches(const Statement& statement, const ProblemDefinition& definition) {
  const std::vector<ProblemDefinition::ParameterDecl> declared = definition.parameters();
  const std::vector<Parameter>& expected = statement.signature.parameters;
  const std::string defined_in = "the definition registered for '" + statement.slug + "'";
  const std::size_t common = std::min(declared.size(), expected.size());
  for (std::size_t i = 0; i < common; ++i) {
    std::optional<Parameter> actual = parse_c_type(declared[i]);
    if (!actual) {
      throw ProblemError(defined_in + " gives parameter " + std::to_string(i + 1) + " '" + declared[i].name +
                         "' the C type '" + declared[i].c_type + "', which is not one the judge knows");
    }
    if (!same_abi(*actual, expected[i], statement.dtypes)) {
      throw ProblemError(located(statement.file, expected[i].line,
                                 "declares parameter " + std::to_string(i + 1) + " '" + expected[i].name + "' as " +
                                     (statement.dtypes.size() == 1 ? expected[i].c_type() : expected[i].declared_type()) +
                                     ", but " + defined_in + " has '" + declared[i].name +
                                     "' " + declared[i].c_type));
    }
  }
  if (declared.size() != expected.size()) {
    std::string first_extra = declared.size() > expected.size()
                                  ? "the definition's parameter " + std::to_string(common + 1) + " is '" +
                                        declared[common].name + "' " + declared[common].c_type
                                  : "the statement's parameter " + std::to_string(common + 1) + " is '" +
                                        expected[common].name + "' " + expected[common].c_type();
    throw ProblemError(located(statement.file, 0,
                               "declares " + std::to_string(expected.size()) + " parameters, but " + defined_in +
                                   " has " + std::to_string(declared.size()) + "; " + first_extra));
  }
}

const TestCase& Problem::find_case(const std::string& name) const {
  if (const TestCase* found = cases.find(name)) return *found;
  throw UsageError("problem '" + slug() + "' has no case '" + name + "'; its cases are: " + join(cases.names()));
}

std::vector<double> tensor_bytes(const Problem& problem, const TestCase& test_case) {
  const std::map<std::string, Shape> shapes = problem.definition->tensor_shapes(test_case.args);
  std::vector<double> bytes;
  for (const Parameter& parameter : problem.signature().parameters) {
    if (!parameter.pointer) continue;
    bytes.push_back(static_cast<double>(element_count(shapes.at(parameter.name))) * element_size(parameter.type));
  }
  return bytes;
}

CaseBytes case_bytes(const Problem& problem, const TestCase& test_case) {
  const std::vector<double> sizes = tensor_bytes(problem, test_case);
  CaseBytes bytes;
  std::size_t tensor = 0;
  for (const Parameter& parameter : problem.signature().parameters) {
    if (!parameter.pointer) continue;
    (parameter.is_input_tensor() ? bytes.inputs : bytes.outputs) += sizes[tensor++];
  }
  return bytes;
}

Problem load_problem(const std::filesystem::path& dir, const std::filesystem::path& display_dir,
                     const std::string& dtype) {
  const std::filesystem::path shown = display_dir.empty() ? dir : display_dir;
  Problem problem;
  problem.dir = dir;
  problem.statement = parse_statement(read_problem_file(dir / "statement.md", shown / "statement.md"),
                                      shown / "statement.md");
  const std::string folder = dir.filename().string();
  if (problem.statement.slug != folder) {
    throw ProblemError(located(problem.statement.file, 0,
                               "slug '" + problem.statement.slug + "' must equal the folder name '" + folder + "'"));
  }
  problem.definition = make_definition(problem.statement.slug);
  if (!problem.definition) {
    throw ProblemError("no definition is registered for problem '" + problem.statement.slug + "': " +
                       (shown / "reference.cc").string() + " must end with REGISTER_PROBLEM(\"" +
                       problem.statement.slug + "\", ...) and be linked into this binary (registered: " +
                       join(registered_slugs()) + ")");
  }
  check_definition_matches(problem.statement, *problem.definition);
  problem.dtype = problem.statement.dtypes.front();
  if (!dtype.empty()) {
    const std::optional<ScalarType> chosen = parse_dtype_name(dtype);
    const auto& offered = problem.statement.dtypes;
    if (!chosen || std::find(offered.begin(), offered.end(), *chosen) == offered.end()) {
      std::vector<std::string> names;
      for (ScalarType type : offered) names.push_back(dtype_name(type));
      throw UsageError("problem '" + problem.statement.slug + "' is not offered in dtype '" + dtype +
                       "'; it offers: " + join(names));
    }
    problem.dtype = *chosen;
  }
  problem.statement.signature = problem.statement.signature.with_dtype(problem.dtype);
  problem.cases = parse_cases(read_problem_file(dir / "cases.yaml", shown / "cases.yaml"), shown / "cases.yaml",
                              problem.statement.signature, *problem.definition, problem.statement.dtypes,
                              problem.dtype);

  // The definition must give a shape to every tensor of every case.
  for (const TestCase& test_case : problem.cases.cases) {
    std::map<std::string, Shape> shapes = problem.definition->tensor_shapes(test_case.args);
    for (const Parameter& parameter : problem.signature().parameters) {
      if (!parameter.pointer) continue;
      auto it = shapes.find(parameter.name);
      if (it == shapes.end()) {
        throw ProblemError(located(problem.cases.file, test_case.line,
                                   "case '" + test_case.name + "': the definition gives no shape for tensor '" +
                                       parameter.name + "'"));
      }
      if (test_case.args.has_array(parameter.name) &&
          element_count(it->second) != static_cast<int64_t>(test_case.args.array(parameter.name).size())) {
        throw ProblemError(located(problem.cases.file, test_case.line,
                                   "case '" + test_case.name + "': '" + parameter.name + "' lists " +
                                       std::to_string(test_case.args.array(parameter.name).size()) +
                                       " values, but the definition gives it " +
                                       std::to_string(element_count(it->second)) + " elements"));
      }
      for (int64_t extent : it->second) {
        if (extent <= 0) {
          throw ProblemError(located(problem.cases.file, test_case.line,
                                     "case '" + test_case.name + "': tensor '" + parameter.name +
                                         "' gets an empty or negative extent " + std::to_string(extent)));
        }
      }
    }
  }
  return problem;
}

std::vector<std::string> Catalogue::slugs() const {
  std::vector<std::string> found;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(m_root, error)) {
    if (entry.is_directory() && std::filesystem::exists(entry.path() / "statement.md")) {
      found.push_back(entry.path().filename().string());
    }
  }
  if (error) throw UsageError("cannot list problems in " + m_root.string() + ": " + error.message());
  std::sort(found.begin(), found.end());
  return found;
}

Problem Catalogue::load(const std::string& slug, const std::string& dtype) const {
  std::vector<std::string> known = slugs();
  if (std::find(known.begin(), known.end(), slug) == known.end()) {
    throw UsageError("unknown problem '" + slug + "' in " + m_display_root.string() + "; known problems: " + join(known));
  }
  return load_problem(m_root / slug, m_display_root / slug, dtype);
}

}  // namespace judge
