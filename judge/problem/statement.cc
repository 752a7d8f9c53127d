#include "judge/problem/statement.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "judge/common/errors.h"
#include "judge/common/file_text.h"
#include "judge/problem/limits.h"

namespace judge {
namespace {

using limits::shortened;

// The parts of the file around the front matter.
struct FrontMatter {
  std::string yaml;
  int yaml_first_line = 0;  // file line of the first YAML line
  std::string body;
  int body_line = 0;
};

bool is_delimiter(const std::string& line) {
  std::string trimmed = line;
  while (!trimmed.empty() && (trimmed.back() == '\r' || trimmed.back() == ' ' || trimmed.back() == '\t')) {
    trimmed.pop_back();
  }
  return trimmed == "---";
}

FrontMatter split_front_matter(const std::string& text, const std::filesystem::path& file) {
  std::istringstream lines(text);
  std::string line;
  if (!std::getline(lines, line) || !is_delimiter(line)) {
    throw ProblemError(located(file, 1,
                               "no front matter: the file must start with a line '---', then the YAML "
                               "fields (slug, title, parameters, ...), then another '---'"));
  }
  FrontMatter parts;
  parts.yaml_first_line = 2;
  int line_number = 1;
  bool closed = false;
  while (std::getline(lines, line)) {
    ++line_number;
    if (is_delimiter(line)) {
      closed = true;
      break;
    }
    parts.yaml += line + "\n";
  }
  if (!closed) {
    throw ProblemError(located(file, 1, "front matter opened by '---' on line 1 is never closed by a second '---'"));
  }
  parts.body_line = line_number + 1;
  std::ostringstream rest;
  rest << lines.rdbuf();
  parts.body = rest.str();
  return parts;
}

// Reads fields of the front matter, reporting lines in the whole file.
class FrontMatterReader {
 public:
  FrontMatterReader(const std::filesystem::path& file, int yaml_first_line)
      : m_file(file), m_line_offset(yaml_first_line) {}

  int line_of(const YAML::Node& node) const {
    return node.Mark().is_null() ? 0 : node.Mark().line + m_line_offset;
  }
  int line_of(const YAML::Mark& mark) const { return mark.line + m_line_offset; }

  const std::filesystem::path& file() const { return m_file; }

  [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const {
    throw ProblemError(located(m_file, line_of(node), message));
  }

  // A required scalar field of `map`, as text.
  std::string required_text(const YAML::Node& map, const std::string& key, const std::string& owner) const {
    YAML::Node value = map[key];
    if (!value) fail(map, owner + " has no '" + key + "' field");
    if (!value.IsScalar()) fail(value, owner + ": '" + key + "' must be a single value, not a list or map");
    if (value.Scalar().empty()) fail(value, owner + ": '" + key + "' is empty");
    check_length(value, owner + ": '" + key + "'");
    return value.Scalar();
  }

  std::string optional_text(const YAML::Node& map, const std::string& key) const {
    YAML::Node value = map[key];
    if (!value || value.IsNull()) return "";
    if (!value.IsScalar()) fail(value, "'" + key + "' must be a single value, not a list or map");
    check_length(value, "'" + key + "'");
    return value.Scalar();
  }

  void check_length(const YAML::Node& value, const std::string& what) const {
    if (value.Scalar().size() > limits::kMaxTextLength) {
      fail(value, what + " is " + std::to_string(value.Scalar().size()) + " characters long; at most " +
                      std::to_string(limits::kMaxTextLength) + " are allowed");
    }
  }

  // "true"/"false" as a string or a YAML boolean (both are scalars with
  // that text).
  bool boolean(const YAML::Node& value, const std::string& what) const {
    std::string text = value.IsScalar() ? value.Scalar() : "";
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    if (text == "true") return true;
    if (text == "false") return false;
    fail(value, what + " must be \"true\" or \"false\", not '" + (value.IsScalar() ? value.Scalar() : "a list or map") + "'");
  }

 private:
  std::filesystem::path m_file;
  int m_line_offset;
};

const std::set<std::string> kParameterKeys = {"name", "type", "pointer", "const", "constant"};

Parameter read_parameter(const FrontMatterReader& reader, const YAML::Node& entry, std::size_t index) {
  const std::string owner = "parameter " + std::to_string(index + 1);
  if (!entry.IsMap()) reader.fail(entry, owner + " must be a map with name, type, pointer and const");
  for (const auto& field : entry) {
    std::string key = field.first.Scalar();
    if (!kParameterKeys.count(key)) {
      reader.fail(field.first, owner + " has an unknown field '" + shortened(key) + "' (known: name, type, pointer, const, constant)");
    }
  }
  Parameter parameter;
  parameter.line = reader.line_of(entry);
  parameter.name = reader.required_text(entry, "name", owner);
  const std::string named = owner + " '" + shortened(parameter.name) + "'";
  if (!is_valid_identifier(parameter.name)) {
    reader.fail(entry["name"], named + ": the name is not a valid C identifier (letters, digits, '_', not a keyword, "
                               "at most " + std::to_string(limits::kMaxIdentifierLength) + " characters)");
  }
  const std::string type_name = reader.required_text(entry, "type", named);
  if (!entry["pointer"]) reader.fail(entry, named + " has no 'pointer' field");
  parameter.pointer = reader.boolean(entry["pointer"], named + ": 'pointer'");
  if (type_name == "[VAR]") {
    parameter.var = true;  // its type is set from the problem's dtypes
  } else if (std::optional<ScalarType> type = parse_c_type_name(type_name)) {
    parameter.type = *type;
  } else if (type_name == "void") {
    reader.fail(entry["type"], named + (parameter.pointer
                                            ? ": a pointer to void has no element type for the judge to generate "
                                              "and compare; name the element type (float, int, uint32_t, ...)"
                                            : ": void is not a parameter type"));
  } else {
    reader.fail(entry["type"], named + ": unknown type '" + shortened(type_name) + "' (known: " + known_c_type_names() + ")");
  }

  // Tensara writes `const` for pointers and `constant` for scalars; both
  // mean the same. When both are present they must agree.
  std::optional<bool> is_const;
  for (const char* key : {"const", "constant"}) {
    if (!entry[key]) continue;
    bool value = reader.boolean(entry[key], named + ": '" + key + "'");
    if (is_const && *is_const != value) reader.fail(entry[key], named + ": 'const' and 'constant' disagree");
    is_const = value;
  }
  // A by-value scalar's const is not part of the C ABI (`const float x` and
  // `float x` are one prototype), and Tensara marks some scalars const: only
  // a pointer keeps it, so such a statement matches its definition.
  parameter.is_const = parameter.pointer && is_const.value_or(false);
  return parameter;
}

Signature read_signature(const FrontMatterReader& reader, const YAML::Node& root) {
  YAML::Node list = root["parameters"];
  if (!list) reader.fail(root, "front matter has no 'parameters' field");
  if (!list.IsSequence() || list.size() == 0) {
    reader.fail(list, "'parameters' must be a non-empty list of {name, type, pointer, const}");
  }
  if (list.size() > limits::kMaxParameters) {
    reader.fail(list, "'parameters' has " + std::to_string(list.size()) + " entries; at most " +
                          std::to_string(limits::kMaxParameters) + " are allowed");
  }
  Signature signature;
  std::map<std::string, int> first_line;
  for (std::size_t i = 0; i < list.size(); ++i) {
    Parameter parameter = read_parameter(reader, list[i], i);
    auto [it, inserted] = first_line.emplace(parameter.name, parameter.line);
    if (!inserted) {
      reader.fail(list[i], "parameter " + std::to_string(i + 1) + ": duplicate parameter name '" + parameter.name +
                               "' (first declared on line " + std::to_string(it->second) + ")");
    }
    signature.parameters.push_back(std::move(parameter));
  }
  if (signature.output_tensors().empty()) {
    reader.fail(list, "no output: at least one parameter must be a non-const pointer");
  }
  return signature;
}

// The `dtypes` field: the types `[VAR]` may take, the first the default.
// Absent, a problem with [VAR] tensors is float32 only.
std::vector<ScalarType> read_dtypes(const FrontMatterReader& reader, const YAML::Node& root, const Signature& signature) {
  const YAML::Node list = root["dtypes"];
  if (!list || list.IsNull()) {
    for (const Parameter& parameter : signature.parameters) {
      if (parameter.var && !parameter.pointer && !signature.uses_var_tensor()) {
        // Tensara resolves a [VAR] scalar from the problem's dtype; with no
        // [VAR] tensor and no dtypes, nothing says what that is.
        throw ProblemError(located(reader.file(), parameter.line,
                                   "parameter '" + parameter.name + "' is a [VAR] scalar, but the problem has no dtype: "
                                   "no tensor is [VAR] and there is no 'dtypes' field (e.g. dtypes: [float32])"));
      }
    }
    return {ScalarType::kFloat32};
  }
  if (!list.IsSequence() || list.size() == 0) reader.fail(list, "'dtypes' must be a non-empty list such as [float32, float16]");
  if (list.size() > limits::kMaxDtypes) reader.fail(list, "'dtypes' lists more than " + std::to_string(limits::kMaxDtypes) + " entries");
  if (!signature.uses_var()) reader.fail(list, "'dtypes' is given, but no parameter is [VAR], so no type depends on it");
  std::vector<ScalarType> dtypes;
  for (const YAML::Node& entry : list) {
    const std::optional<ScalarType> dtype = entry.IsScalar() ? parse_dtype_name(entry.Scalar()) : std::nullopt;
    if (!dtype) {
      reader.fail(entry, "'dtypes': unknown dtype '" + (entry.IsScalar() ? shortened(entry.Scalar()) : std::string("a list or map")) +
                             "' (known: " + known_dtype_names() + ")");
    }
    if (std::find(dtypes.begin(), dtypes.end(), *dtype) != dtypes.end()) {
      reader.fail(entry, "'dtypes' lists " + entry.Scalar() + " twice");
    }
    dtypes.push_back(*dtype);
  }
  return dtypes;
}

}  // namespace

bool is_valid_identifier(const std::string& name) {
  static const std::set<std::string> keywords = {
      "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
      "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
      "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
      "volatile", "while", "bool", "true", "false", "class", "namespace", "template", "typename", "this",
      "new", "delete", "operator", "private", "public", "protected", "virtual", "friend", "using", "try",
      "catch", "throw", "constexpr", "nullptr", "decltype", "static_assert", "alignas", "alignof", "asm"};
  // Plain loops, not std::regex: libstdc++'s matcher recurses once per
  // character and overflows the stack on long names.
  if (name.empty() || name.size() > limits::kMaxIdentifierLength) return false;
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  if (!letter(name[0])) return false;
  for (char c : name) {
    if (!letter(c) && !digit(c)) return false;
  }
  return !keywords.count(name);
}

bool is_valid_slug(const std::string& slug) {
  // Tensara's only rule is that the slug is the problem's folder name and
  // part of its URL; its slugs are lowercase letters and digits joined by
  // '-' or '_'. This accepts exactly that set.
  if (slug.empty() || slug.size() > limits::kMaxSlugLength) return false;
  auto alphanumeric = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  for (std::size_t i = 0; i < slug.size(); ++i) {
    const char c = slug[i];
    const bool joiner = c == '-' || c == '_';
    if (!alphanumeric(c) && !joiner) return false;
    if (joiner && (i == 0 || i + 1 == slug.size() || !alphanumeric(slug[i - 1]))) return false;
  }
  return true;
}

Statement parse_statement(const std::string& text, const std::filesystem::path& file) {
  if (text.size() > limits::kMaxFileBytes) {
    throw ProblemError(located(file, 0, "the file is " + std::to_string(text.size()) + " bytes; a statement may be at most " +
                                            std::to_string(limits::kMaxFileBytes) + " bytes"));
  }
  FrontMatter parts = split_front_matter(text, file);
  FrontMatterReader reader(file, parts.yaml_first_line);
  // const: operator[] on a non-const node would add the keys it looks up.
  const YAML::Node root = [&] {
    try {
      return YAML::Load(parts.yaml);
    } catch (const YAML::ParserException& error) {
      throw ProblemError(located(file, reader.line_of(error.mark), "invalid YAML in the front matter: " + error.msg));
    }
  }();
  if (!root.IsMap()) {
    throw ProblemError(located(file, parts.yaml_first_line, "the front matter must be a YAML map of fields"));
  }

  Statement statement;
  statement.file = file;
  statement.slug = reader.required_text(root, "slug", "front matter");
  if (!is_valid_slug(statement.slug)) {
    reader.fail(root["slug"], "slug '" + shortened(statement.slug) + "' must be lowercase letters and digits joined by "
                              "single '-' or '_' (at most " + std::to_string(limits::kMaxSlugLength) + " characters)");
  }
  statement.title = reader.required_text(root, "title", "front matter");
  statement.difficulty = reader.optional_text(root, "difficulty");
  if (!statement.difficulty.empty() && statement.difficulty != "EASY" && statement.difficulty != "MEDIUM" &&
      statement.difficulty != "HARD") {
    reader.fail(root["difficulty"], "difficulty '" + statement.difficulty + "' must be EASY, MEDIUM or HARD");
  }
  statement.author = reader.optional_text(root, "author");
  if (YAML::Node tags = root["tags"]; tags && !tags.IsNull()) {
    if (!tags.IsSequence()) reader.fail(tags, "'tags' must be a list of strings");
    if (tags.size() > limits::kMaxTags) {
      reader.fail(tags, "'tags' has " + std::to_string(tags.size()) + " entries; at most " +
                            std::to_string(limits::kMaxTags) + " are allowed");
    }
    for (const YAML::Node& tag : tags) {
      if (!tag.IsScalar()) reader.fail(tag, "'tags' must be a list of strings");
      reader.check_length(tag, "a tag");
      statement.tags.push_back(tag.Scalar());
    }
  }
  statement.signature = read_signature(reader, root);
  statement.dtypes = read_dtypes(reader, root, statement.signature);
  statement.signature = statement.signature.with_dtype(statement.dtypes.front());
  statement.body = std::move(parts.body);
  statement.body_line = parts.body_line;
  return statement;
}

Statement load_statement(const std::filesystem::path& file) {
  std::string text;
  try {
    text = read_file_text(file);
  } catch (const FileReadError&) {
    throw ProblemError(located(file, 0, "cannot read the statement file"));
  }
  return parse_statement(text, file);
}

}  // namespace judge
