#include "judge/importer/tensara_import.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "judge/common/errors.h"
#include "judge/common/file_text.h"
#include "judge/importer/tensara_def.h"
#include "judge/problem/limits.h"
#include "judge/problem/scalar_type.h"
#include "judge/problem/statement.h"

namespace judge::importer {
namespace {

namespace fs = std::filesystem;

std::string read_bounded(const fs::path& file) {
  std::error_code error;
  const auto size = fs::file_size(file, error);
  if (error) throw SkipProblem(located(file, 0, "cannot be read: " + error.message()));
  if (size > limits::kMaxFileBytes) throw SkipProblem(located(file, 0, "is larger than 1 MiB"));
  try {
    return read_file_text(file);
  } catch (const FileReadError&) {
    throw SkipProblem(located(file, 0, "cannot be read"));
  }
}

// A YAML double-quoted scalar: safe for any text (quotes, backslashes,
// control characters escaped).
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\x%02x", c);
      out += escape;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

// Text for a one-line comment: control characters become spaces; at most
// 1,000 characters.
std::string comment_text(const std::string& text) {
  std::string out;
  for (unsigned char c : text.substr(0, 1000)) out += (c < 0x20 || c == 0x7f) ? ' ' : static_cast<char>(c);
  return text.size() > 1000 ? out + "..." : out;
}

// problem.md: front matter and body.
struct ProblemMd {
  fs::path file;
  YAML::Node front;
  int front_first_line = 2;
  std::string body;
};

ProblemMd read_problem_md(const fs::path& file) {
  ProblemMd md;
  md.file = file;
  const std::string text = read_bounded(file);
  std::istringstream lines(text);
  std::string line, yaml;
  auto is_delimiter = [](std::string l) {
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ' || l.back() == '\t')) l.pop_back();
    return l == "---";
  };
  if (!std::getline(lines, line) || !is_delimiter(line)) {
    throw SkipProblem(located(file, 1, "no front matter: the file does not start with '---'"));
  }
  bool closed = false;
  while (std::getline(lines, line)) {
    if (is_delimiter(line)) {
      closed = true;
      break;
    }
    yaml += line + "\n";
  }
  if (!closed) throw SkipProblem(located(file, 1, "the front matter opened here is never closed by '---'"));
  std::ostringstream rest;
  rest << lines.rdbuf();
  md.body = rest.str();
  try {
    md.front = YAML::Load(yaml);
  } catch (const YAML::Exception& error) {
    throw SkipProblem(located(file, error.mark.line + 2, "front matter is not YAML: " + error.msg));
  }
  if (!md.front.IsMap()) throw SkipProblem(located(file, 2, "the front matter is not a map of fields"));
  return md;
}

int line_of(const ProblemMd& md, const YAML::Node& node) {
  return node.Mark().is_null() ? 0 : node.Mark().line + md.front_first_line;
}

std::string text_field(const ProblemMd& md, const char* key, std::vector<std::string>& notes) {
  const YAML::Node node = md.front[key];
  if (!node) return "";
  if (!node.IsScalar()) {
    notes.push_back(located("problem.md", line_of(md, node), std::string("'") + key + "' is not text; left empty"));
    return "";
  }
  return node.Scalar();
}

// Tensara's older format: `parameters:` in problem.md's front matter.
std::optional<std::vector<TensaraParameter>> front_matter_parameters(const ProblemMd& md) {
  const YAML::Node list = md.front["parameters"];
  if (!list) return std::nullopt;
  if (!list.IsSequence()) throw SkipProblem(located(md.file, line_of(md, list), "'parameters' is not a list"));
  auto flag = [&](const YAML::Node& entry, const char* key) -> std::optional<bool> {
    const YAML::Node node = entry[key];
    if (!node || !node.IsScalar()) return std::nullopt;
    const std::string value = node.Scalar();
    if (value == "true" || value == "True") return true;
    if (value == "false" || value == "False") return false;
    throw SkipProblem(located(md.file, line_of(md, node), std::string("'") + key + "' is '" +
                                                              limits::shortened(value) + "', not true or false"));
  };
  std::vector<TensaraParameter> parameters;
  for (const YAML::Node& entry : list) {
    if (!entry.IsMap() || !entry["name"] || !entry["name"].IsScalar() || !entry["type"] || !entry["type"].IsScalar()) {
      throw SkipProblem(located(md.file, line_of(md, entry), "a parameter needs 'name' and 'type'"));
    }
    std::optional<bool> pointer = flag(entry, "pointer");
    std::optional<bool> is_const = flag(entry, "const");
    if (!is_const) is_const = flag(entry, "constant");
    if (!pointer) throw SkipProblem(located(md.file, line_of(md, entry), "a parameter needs 'pointer'"));
    parameters.push_back(TensaraParameter{entry["name"].Scalar(), entry["type"].Scalar(), *pointer,
                                          is_const.value_or(false)});
  }
  return parameters;
}

bool same_parameters(const std::vector<TensaraParameter>& a, const std::vector<TensaraParameter>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].name != b[i].name || a[i].type != b[i].type || a[i].pointer != b[i].pointer ||
        a[i].is_const != b[i].is_const) {
      return false;
    }
  }
  return true;
}

// The judge's spelling of an upstream type; nullopt when the judge has no
// such type. Tensara writes C types ("float", "size_t") and, for some
// problems, dtype names ("float16").
std::optional<std::string> judge_type(const std::string& upstream) {
  if (upstream == "[VAR]" || parse_c_type_name(upstream)) return upstream;
  if (std::optional<ScalarType> dtype = parse_any_dtype_name(upstream)) return std::string(c_name(*dtype));
  return std::nullopt;
}

// A case name the judge accepts (letters, digits, '_', '-', '.'), made
// from upstream's ("n = 2^20" -> "n-2-20", "4096x4096, alpha=0.01" ->
// "4096x4096-alpha-0.01").
std::string case_name(const std::string& upstream, std::size_t index, std::set<std::string>& taken) {
  std::string name;
  for (char c : upstream) {
    const bool keep = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
    if (keep) {
      name += c;
    } else if (!name.empty() && name.back() != '-') {
      name += '-';
    }
  }
  while (!name.empty() && !std::isalnum(static_cast<unsigned char>(name.back()))) name.pop_back();
  while (!name.empty() && !std::isalnum(static_cast<unsigned char>(name.front()))) name.erase(0, 1);
  if (name.size() > 80) name.resize(80);
  if (name.empty()) name = "case-" + std::to_string(index + 1);
  std::string unique = name;
  for (int n = 2; taken.count(unique); ++n) unique = name + "-" + std::to_string(n);
  taken.insert(unique);
  return unique;
}

std::string yaml_value(const PyValue& value) {
  switch (value.kind) {
    case PyValue::Kind::kBool: return value.boolean ? "true" : "false";
    case PyValue::Kind::kInt:
    case PyValue::Kind::kFloat: return python_str(value);
    case PyValue::Kind::kString: return quoted(value.text);
    case PyValue::Kind::kList:
    case PyValue::Kind::kTuple: {
      std::string text = "[";
      for (std::size_t i = 0; i < value.items.size(); ++i) text += (i ? ", " : "") + yaml_value(value.items[i]);
      return text + "]";
    }
    default: return quoted(python_str(value));
  }
}

// A case's values for the C ABI: get_extra_params's list fills the
// trailing parameters (Tensara passes it after the tensors and what
// create_inputs returns); a parameter not covered takes the case field or
// loop variable of the same name. Scalars take numbers; a const integer
// pointer may take a literal list (a shape array, judge/problem/README.md).
// A scalar, or a trailing parameter, left without a value is a TODO.
struct MappedCase {
  std::vector<std::pair<std::string, std::string>> params;  // name -> YAML value
  std::vector<std::string> missing;
  std::vector<std::string> reasons;  // why the missing ones were not read
};

bool is_integer_list(const PyValue& value) {
  if (!value.is_sequence() || value.items.empty()) return false;
  for (const PyValue& item : value.items) {
    if (item.kind != PyValue::Kind::kInt) return false;
  }
  return true;
}

}  // namespace

CaseAbiValues case_abi_values(const UpstreamCase& upstream, const std::vector<TensaraParameter>& parameters) {
  std::map<std::string, std::optional<PyValue>> extras;  // trailing parameter -> value, if read
  if (upstream.extra_params && upstream.extra_params->size() <= parameters.size()) {
    const std::size_t first = parameters.size() - upstream.extra_params->size();
    for (std::size_t i = 0; i < upstream.extra_params->size(); ++i) {
      extras[parameters[first + i].name] = (*upstream.extra_params)[i];
    }
  }
  CaseAbiValues mapped;
  for (const TensaraParameter& parameter : parameters) {
    const PyValue* value = nullptr;
    auto extra = extras.find(parameter.name);
    if (extra != extras.end() && extra->second) value = &*extra->second;
    if (value == nullptr || (parameter.pointer && !is_integer_list(*value))) value = upstream.fields.find(parameter.name);
    if (value == nullptr) {
      auto bound = upstream.bindings.find(parameter.name);
      if (bound != upstream.bindings.end()) value = &bound->second;
    }
    const bool usable = value != nullptr && (parameter.pointer ? parameter.is_const && is_integer_list(*value)
                                                               : value->is_number());
    if (usable) {
      mapped.values.emplace_back(parameter.name, *value);
    } else if (!parameter.pointer || extra != extras.end()) {
      mapped.missing.push_back(parameter.name);
      if (auto unread = upstream.unread_fields.find(parameter.name); unread != upstream.unread_fields.end()) {
        mapped.reasons.push_back("its case field: " + unread->second);
      }
    }
  }
  if (!mapped.missing.empty()) {
    if (!upstream.extra_params) {
      mapped.reasons.push_back(upstream.extra_errors.empty() ? "get_extra_params is not read"
                                                             : "get_extra_params, " + upstream.extra_errors.front());
    } else if (upstream.extra_params->size() > parameters.size()) {
      mapped.reasons.push_back("get_extra_params passes more values than the C ABI has parameters");
    } else if (!upstream.extra_errors.empty()) {
      mapped.reasons.push_back("get_extra_params, " + upstream.extra_errors.front());
    }
    if (mapped.reasons.empty()) {
      mapped.reasons.push_back("get_extra_params does not pass it and no case field or loop variable has its name "
                               "(upstream may pass it from create_inputs)");
    }
  }
  return mapped;
}

namespace {

MappedCase map_case(const UpstreamCase& upstream, const std::vector<TensaraParameter>& parameters) {
  CaseAbiValues values = case_abi_values(upstream, parameters);
  MappedCase mapped;
  for (const auto& [name, value] : values.values) mapped.params.emplace_back(name, yaml_value(value));
  mapped.missing = std::move(values.missing);
  mapped.reasons = std::move(values.reasons);
  return mapped;
}

std::string upstream_fields_comment(const UpstreamCase& upstream) {
  std::string text;
  for (std::size_t i = 0; i < upstream.fields.items.size(); ++i) {
    if (upstream.fields.items[i].kind == PyValue::Kind::kString && upstream.fields.items[i].text == "name") continue;
    text += (text.empty() ? "" : ", ") + python_str(upstream.fields.items[i]) + "=" + python_str(upstream.fields.values[i]);
  }
  return comment_text(text);
}

// Parameters left without a value: name -> cases, the first one's line and reason.
struct Missing {
  int cases = 0;
  int line = 0;
  std::string reason;
};
using MissingValues = std::map<std::string, Missing>;

void render_case(std::ostringstream& out, const UpstreamCase& upstream, const std::vector<TensaraParameter>& parameters,
                 std::size_t index, std::set<std::string>& taken, MissingValues& missing) {
  const MappedCase mapped = map_case(upstream, parameters);
  for (const std::string& name : mapped.missing) {
    Missing& entry = missing[name];
    if (entry.cases++ == 0) {
      entry.line = upstream.line;
      entry.reason = mapped.reasons.empty() ? "" : mapped.reasons.front();
    }
  }
  out << "    - name: " << case_name(upstream.name, index, taken);
  out << "    # upstream " << quoted(comment_text(upstream.name)) << ": " << upstream_fields_comment(upstream) << "\n";
  out << "      params: {";
  for (std::size_t i = 0; i < mapped.params.size(); ++i) {
    out << (i ? ", " : "") << mapped.params[i].first << ": " << mapped.params[i].second;
  }
  out << "}";
  if (!mapped.missing.empty()) {
    out << "    # TODO: ";
    for (std::size_t i = 0; i < mapped.missing.size(); ++i) out << (i ? ", " : "") << mapped.missing[i];
    out << " (not read from def.py)";
  }
  out << "\n";
}

std::string render_cases(const std::string& slug, const TensaraDefinition& def,
                         const std::vector<TensaraParameter>& parameters, std::vector<std::string>& todos) {
  MissingValues missing;
  std::ostringstream out;
  out << "# Imported from Tensara's " << slug << "/def.py: the full tier is upstream's cases, the sample its\n"
      << "# sample. Add at least 6 small check cases (odd sizes, one element, edge values) and\n"
      << "# the input ranges upstream's create_inputs draws from (inputs: {name: [lo, hi]}).\n";
  // The recipes of upstream's create_inputs the reader recognised: those a
  // uniform draw cannot give need the definition's shape_inputs().
  if (def.input_recipes.empty()) {
    out << "# upstream's inputs: no recipe recognised in def.py (see judge/importer/README.md); read create_inputs\n";
  } else {
    std::string recipes;
    for (const std::string& recipe : def.input_recipes) recipes += (recipes.empty() ? "" : ", ") + recipe;
    out << "# upstream's inputs: " << recipes << " (triangular, labels, whole numbers, graphs and sparsity need\n"
        << "# the definition's shape_inputs())\n";
  }
  if (def.is_exact.value_or(false)) {
    out << "tolerance: {rtol: 0, atol: 0}    # upstream is_exact = True: outputs must be equal\n";
  } else if (def.rtol || def.atol) {
    // torch.allclose's defaults for the one not given.
    out << "tolerance: {rtol: " << python_str(PyValue::of_float(def.rtol.value_or(1e-5)))
        << ", atol: " << python_str(PyValue::of_float(def.atol.value_or(1e-8))) << "}    # def.py line "
        << def.tolerance_line << (def.rtol && def.atol ? "" : " (the other is torch.allclose's default)") << "\n";
  } else {
    out << "# TODO: tolerance: {rtol: ..., atol: ...} (not read from def.py; the judge's default applies)\n";
  }
  out << "tiers:\n";
  std::set<std::string> taken;
  if (def.sample) {
    out << "  sample:\n";
    render_case(out, *def.sample, parameters, 0, taken, missing);
  } else {
    out << "  sample: []    # TODO: one small case shown to users\n";
  }
  out << "  check: []    # TODO: at least 6 small cases\n";
  if (def.cases.empty()) {
    out << "  full: []    # TODO: upstream's benchmark cases (not read from def.py)\n";
  } else {
    out << "  full:\n";
    for (std::size_t i = 0; i < def.cases.size(); ++i) render_case(out, def.cases[i], parameters, i, taken, missing);
  }
  for (const auto& [name, entry] : missing) {
    todos.push_back(located("def.py", entry.line,
                            "the value of '" + name + "' is not read for " + std::to_string(entry.cases) +
                                " case(s) (the first built here)" + (entry.reason.empty() ? "" : ": " + entry.reason)));
  }
  for (const std::string& todo : todos) out << "# TODO: " << comment_text(todo) << "\n";
  return with_marker(out.str(), 0);
}

std::string render_statement(const ProblemMd& md, const std::string& slug, const std::vector<TensaraParameter>& parameters,
                             const std::vector<std::string>& todos, std::vector<std::string>& notes) {
  std::ostringstream out;
  out << "---\n";
  for (const std::string& todo : todos) out << "# TODO: " << comment_text(todo) << "\n";
  out << "slug: " << quoted(slug) << "\n"
      << "title: " << quoted(text_field(md, "title", notes)) << "\n"
      << "difficulty: " << quoted(text_field(md, "difficulty", notes)) << "\n"
      << "author: " << quoted(text_field(md, "author", notes)) << "\n"
      << "tags: [";
  const YAML::Node tags = md.front["tags"];
  if (tags && tags.IsSequence()) {
    bool first = true;
    for (const YAML::Node& tag : tags) {
      if (!tag.IsScalar()) continue;
      out << (first ? "" : ", ") << quoted(tag.Scalar());
      first = false;
    }
  } else if (tags) {
    notes.push_back(located("problem.md", line_of(md, tags), "'tags' is not a list; left empty"));
  }
  out << "]\n"
      << "parameters:\n";
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    const TensaraParameter& parameter = parameters[i];
    out << (i ? "\n" : "") << "  - name: " << quoted(parameter.name) << "\n"
        << "    type: " << quoted(judge_type(parameter.type).value_or(parameter.type)) << "\n"
        << "    pointer: \"" << (parameter.pointer ? "true" : "false") << "\"\n"
        << "    const: \"" << (parameter.is_const ? "true" : "false") << "\"\n";
  }
  out << "---\n" << md.body;
  if (!md.body.empty() && md.body.back() != '\n') out << "\n";
  return with_marker(out.str(), 1);
}

}  // namespace

const char* outcome_name(ProblemImport::Outcome outcome) {
  switch (outcome) {
    case ProblemImport::Outcome::kWritten: return "written";
    case ProblemImport::Outcome::kUnchanged: return "unchanged";
    case ProblemImport::Outcome::kKept: return "kept";
    case ProblemImport::Outcome::kSkipped: return "skipped";
  }
  return "?";
}

GeneratedProblem generate_problem(const fs::path& folder) {
  const fs::path problem_md = folder / "problem.md", def_py = folder / "def.py";
  if (!fs::is_regular_file(problem_md)) throw SkipProblem(located(problem_md, 0, "missing (every problem needs one)"));
  ProblemMd md = read_problem_md(problem_md);
  GeneratedProblem generated;

  std::string slug = md.front["slug"] && md.front["slug"].IsScalar() ? md.front["slug"].Scalar() : "";
  if (slug.empty()) throw SkipProblem(located(problem_md, 2, "the front matter has no 'slug'"));
  if (!is_valid_slug(slug)) {
    throw SkipProblem(located(problem_md, line_of(md, md.front["slug"]),
                              "slug '" + limits::shortened(slug) + "' is not lowercase letters and digits joined by '-' or '_'"));
  }
  // Upstream's folder name is the problem's address (its repository and
  // site); a front matter that spells it otherwise (`mse_loss` in folder
  // `mse-loss`) yields to it, and the report says so.
  std::string renamed_from;
  const std::string folder_name = fs::absolute(folder).lexically_normal().filename().string();
  if (folder_name != slug && is_valid_slug(folder_name)) {
    renamed_from = slug;
    slug = folder_name;
  }
  generated.slug = slug;

  // Notes on the C ABI go into the statement's front matter, the rest into
  // cases.yaml. They name files relative to the folder, so the generated
  // text does not depend on where upstream's folder lies; the report
  // prefixes the folder.
  std::vector<std::string> statement_todos, cases_todos;
  TensaraDefinition def;
  if (fs::is_regular_file(def_py)) {
    def = read_tensara_def(read_bounded(def_py));
    for (const Finding& finding : def.findings) {
      const std::string note = located("def.py", finding.line, finding.message);
      (finding.message.rfind("parameters", 0) == 0 ? statement_todos : cases_todos).push_back(note);
    }
  } else {
    cases_todos.push_back(located("def.py", 0, "missing: no cases or tolerance to read"));
  }
  std::optional<std::vector<TensaraParameter>> parameters = def.parameters;
  if (std::optional<std::vector<TensaraParameter>> old = front_matter_parameters(md)) {
    if (!parameters) {
      parameters = old;  // the older format
    } else if (!same_parameters(*parameters, *old)) {
      statement_todos.push_back(located("problem.md", line_of(md, md.front["parameters"]),
                                        "the front matter's parameters differ from def.py's; def.py's are used"));
    }
  }
  if (!parameters) {
    std::string why = fs::is_regular_file(def_py) ? "def.py has no literal 'parameters' list" : "there is no def.py";
    for (const Finding& finding : def.findings) {
      if (finding.message.rfind("parameters", 0) == 0) why = located(def_py, finding.line, finding.message);
    }
    throw SkipProblem("no parameters: " + why + " and problem.md's front matter has none");
  }
  for (const TensaraParameter& parameter : *parameters) {
    if (!judge_type(parameter.type)) {
      statement_todos.push_back(located(def.parameters ? "def.py" : "problem.md", def.parameters ? def.parameters_line : 0,
                                        "parameter '" + parameter.name + "' has type '" + parameter.type +
                                            "', which the judge does not know (known: " + known_c_type_names() + ")"));
    }
  }

  std::vector<std::string> notes;
  if (!renamed_from.empty()) {
    notes.push_back(located("problem.md", line_of(md, md.front["slug"]),
                            "slug '" + renamed_from + "' differs from the folder's name; the folder's is used"));
  }
  generated.statement_md = render_statement(md, slug, *parameters, statement_todos, notes);
  generated.cases_yaml = render_cases(slug, def, *parameters, cases_todos);
  // The generated front matter must be what the judge reads; where it is
  // not (an unknown type), say why.
  try {
    parse_statement(generated.statement_md, "statement.md");
  } catch (const ProblemError& error) {
    if (statement_todos.empty()) notes.push_back(std::string("the generated statement.md does not load: ") + error.what());
  }
  for (const auto* list : {&statement_todos, &cases_todos, &notes}) {
    for (const std::string& note : *list) generated.notes.push_back((folder / note).string());
  }
  return generated;
}

std::vector<ProblemImport> import_tensara(const fs::path& source, const fs::path& out_root, bool force) {
  auto is_problem_folder = [](const fs::path& folder) {
    return fs::is_regular_file(folder / "problem.md") || fs::is_regular_file(folder / "def.py");
  };
  std::vector<fs::path> folders;
  if (!fs::is_directory(source)) throw std::invalid_argument(source.string() + " is not a folder");
  if (is_problem_folder(source)) {
    folders.push_back(source);
  } else {
    for (const fs::directory_entry& entry : fs::directory_iterator(source)) {
      if (entry.is_directory()) folders.push_back(entry.path());
    }
    std::sort(folders.begin(), folders.end());
    if (folders.empty()) {
      throw std::invalid_argument(source.string() + " holds neither problem.md/def.py nor problem folders");
    }
  }

  std::vector<ProblemImport> imports;
  std::map<std::string, std::string> slug_sources;
  for (const fs::path& folder : folders) {
    ProblemImport result;
    result.source = folder.filename().string();
    try {
      GeneratedProblem generated = generate_problem(folder);
      result.slug = generated.slug;
      result.notes = generated.notes;
      if (auto [it, inserted] = slug_sources.emplace(generated.slug, result.source); !inserted) {
        throw SkipProblem("slug '" + generated.slug + "' was already imported from folder " + it->second);
      }
      const fs::path target = out_root / generated.slug;
      std::vector<std::string> written, kept;
      for (const auto& [name, text] : {std::pair<std::string, const std::string&>{"statement.md", generated.statement_md},
                                       std::pair<std::string, const std::string&>{"cases.yaml", generated.cases_yaml}}) {
        switch (write_generated(target / name, text, force)) {
          case FileOutcome::kWritten: written.push_back(name); break;
          case FileOutcome::kKept: kept.push_back(name); break;
          case FileOutcome::kUnchanged: break;
        }
      }
      auto joined = [](const std::vector<std::string>& names) {
        std::string text;
        for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
        return text;
      };
      if (!kept.empty()) {
        result.outcome = ProblemImport::Outcome::kKept;
        result.detail = "hand-edited: " + joined(kept) + (written.empty() ? "" : "; written: " + joined(written));
      } else if (!written.empty()) {
        result.outcome = ProblemImport::Outcome::kWritten;
        result.detail = joined(written);
      } else {
        result.outcome = ProblemImport::Outcome::kUnchanged;
      }
    } catch (const SkipProblem& skip) {
      result.outcome = ProblemImport::Outcome::kSkipped;
      result.detail = skip.what();
    } catch (const fs::filesystem_error& error) {
      result.outcome = ProblemImport::Outcome::kSkipped;
      result.detail = error.what();
    } catch (const std::runtime_error& error) {
      result.outcome = ProblemImport::Outcome::kSkipped;
      result.detail = error.what();
    }
    imports.push_back(std::move(result));
  }
  return imports;
}

}  // namespace judge::importer
