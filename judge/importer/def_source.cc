#include "judge/importer/def_source.h"

namespace judge::importer {

std::size_t after_matching(const std::vector<Token>& tokens, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < tokens.size(); ++i) {
    if (is_open(tokens[i])) ++depth;
    if (is_close(tokens[i]) && --depth == 0) return i + 1;
  }
  return tokens.size();
}

std::optional<Assignment> as_assignment(const LogicalLine& line) {
  const std::vector<Token>& tokens = line.tokens;
  if (tokens.empty() || tokens[0].kind != Token::Kind::kName) {
    if (tokens.empty() || !is_op(tokens[0], "(")) return std::nullopt;
  }
  static const std::set<std::string> kKeywords = {"def", "class", "return", "for", "while", "if", "elif", "else",
                                                   "with", "import", "from", "assert", "raise", "try", "except",
                                                   "lambda", "del", "global", "pass", "yield"};
  if (kKeywords.count(tokens[0].text)) return std::nullopt;
  const std::size_t equals = find_top_level(tokens, 0, tokens.size(), "=");
  if (equals == 0 || equals >= tokens.size()) return std::nullopt;
  const std::size_t colon = find_top_level(tokens, 0, equals, ":");
  return Assignment{colon < equals ? colon : equals, equals + 1};
}

std::string first_target_name(const LogicalLine& line) {
  return line.tokens.empty() ? "" : line.tokens[0].text;
}

DefSource::DefSource(std::vector<LogicalLine> lines) : m_lines(std::move(lines)) {
  for (std::size_t i = 0; i < m_lines.size(); ++i) {
    const LogicalLine& line = m_lines[i];
    if (line.tokens.size() < 2 || !is_name(line.tokens[0], "def")) continue;
    std::size_t end = i + 1;
    while (end < m_lines.size() && m_lines[end].indent > line.indent) ++end;
    m_functions.emplace(line.tokens[1].text, Function{i, end});
    for (std::size_t j = i + 1; j < end; ++j) m_in_function.insert(j);
  }
  for (std::size_t i = 0; i < m_lines.size(); ++i) {
    if (m_in_function.count(i)) continue;
    if (std::optional<Finding> error = assign(m_lines[i], m_class_environment)) m_class_errors[i] = *error;
  }
}

const DefSource::Function* DefSource::function(const std::string& name) const {
  auto it = m_functions.find(name);
  return it == m_functions.end() ? nullptr : &it->second;
}

int DefSource::body_indent(const Function& fn) const {
  return fn.header + 1 < fn.end ? m_lines[fn.header + 1].indent : 0;
}

const Finding* DefSource::class_assignment_error(std::size_t i) const {
  auto it = m_class_errors.find(i);
  return it == m_class_errors.end() ? nullptr : &it->second;
}

std::optional<Finding> DefSource::assign(const LogicalLine& line, Environment& environment) const {
  std::optional<Assignment> assignment = as_assignment(line);
  if (!assignment) return std::nullopt;
  try {
    PyValue value = evaluate_literal(line.tokens, assignment->value_begin, line.tokens.size(), environment);
    bind_targets(line.tokens, 0, assignment->targets_end, value, environment);
  } catch (const LiteralError& error) {
    return Finding{error.line() ? error.line() : line.line, error.what()};
  }
  return std::nullopt;
}

Environment DefSource::function_environment(const Function& fn, std::map<std::string, Finding>* unreadable) const {
  Environment environment = m_class_environment;
  const int body_indent = fn.header + 1 < fn.end ? m_lines[fn.header + 1].indent : 0;
  for (std::size_t i = fn.header + 1; i < fn.end; ++i) {
    if (m_lines[i].indent != body_indent) continue;
    if (std::optional<Finding> error = assign(m_lines[i], environment); error && unreadable) {
      (*unreadable)[first_target_name(m_lines[i])] = *error;
    }
  }
  return environment;
}

void DefSource::note(int line, const std::string& message) {
  if (m_noted.insert({line, message}).second) m_findings.push_back(Finding{line, message});
}

}  // namespace judge::importer
