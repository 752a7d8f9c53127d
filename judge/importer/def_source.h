// A def.py as its readers see it (internal to the importer): logical
// lines, its functions by name, the literals assigned outside any function,
// and the findings so far. tensara_def.cc reads the parameters, tolerance
// and extra parameters from it, case_tables.cc the cases.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "judge/importer/python_literal.h"
#include "judge/importer/tensara_def.h"

namespace judge::importer {

// The token after the bracket opened at `open` closes (its index + 1).
std::size_t after_matching(const std::vector<Token>& tokens, std::size_t open);

// `targets = value` as token ranges; nullopt when the line is not a plain
// assignment. An annotation (`x: int = 1`) is dropped from the targets.
struct Assignment {
  std::size_t targets_end;  // targets are [0, targets_end)
  std::size_t value_begin;
};
std::optional<Assignment> as_assignment(const LogicalLine& line);

// The first token's text: the assigned name of `name = ...`.
std::string first_target_name(const LogicalLine& line);

class DefSource {
 public:
  struct Function {
    std::size_t header = 0;  // index of the `def` line
    std::size_t end = 0;     // one past its last body line
  };

  // Finds the functions and evaluates the assignments outside them, in order.
  explicit DefSource(std::vector<LogicalLine> lines);

  const std::vector<LogicalLine>& lines() const { return m_lines; }
  const Function* function(const std::string& name) const;  // nullptr if none
  // Indentation of the function's body (its first line).
  int body_indent(const Function& fn) const;
  bool in_function(std::size_t line_index) const { return m_in_function.count(line_index) > 0; }

  // The literals assigned outside functions (module and class level).
  const Environment& class_environment() const { return m_class_environment; }
  // Why the assignment outside functions on line index `i` is not a literal; nullptr if it is.
  const Finding* class_assignment_error(std::size_t i) const;

  // Evaluates `line` as an assignment into `environment`; returns the error
  // (line, message) when its value is not a literal.
  std::optional<Finding> assign(const LogicalLine& line, Environment& environment) const;

  // Environment of a function body: the class-level literals, then its own
  // top-level assignments in order (non-literal ones go to `unreadable`, so
  // a later use can say why the name is unknown).
  Environment function_environment(const Function& fn, std::map<std::string, Finding>* unreadable = nullptr) const;

  // Records a finding once.
  void note(int line, const std::string& message);
  std::vector<Finding> take_findings() { return std::move(m_findings); }

 private:
  std::vector<LogicalLine> m_lines;
  std::map<std::string, Function> m_functions;
  std::set<std::size_t> m_in_function;
  Environment m_class_environment;
  std::map<std::size_t, Finding> m_class_errors;
  std::set<std::pair<int, std::string>> m_noted;
  std::vector<Finding> m_findings;
};

// What every reader of a def.py holds (tensara_def.cc's and
// case_tables.cc's): the source, its lines, its literals outside functions
// and the definition it fills, with the source's calls at hand.
class DefSourceReader {
 protected:
  DefSourceReader(DefSource& source, TensaraDefinition& result)
      : m_source(source), m_lines(source.lines()), m_class_environment(source.class_environment()), m_result(result) {}

  void note(int line, const std::string& message) { m_source.note(line, message); }
  const DefSource::Function* function(const std::string& name) const { return m_source.function(name); }
  std::optional<Finding> assign(const LogicalLine& line, Environment& environment) const {
    return m_source.assign(line, environment);
  }
  Environment function_environment(const DefSource::Function& fn,
                                    std::map<std::string, Finding>* unreadable = nullptr) const {
    return m_source.function_environment(fn, unreadable);
  }

  DefSource& m_source;
  const std::vector<LogicalLine>& m_lines;
  const Environment& m_class_environment;
  TensaraDefinition& m_result;
};

}  // namespace judge::importer
