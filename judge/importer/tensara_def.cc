#include "judge/importer/tensara_def.h"

#include <algorithm>
#include <cstring>
#include <map>

#include "judge/importer/case_tables.h"
#include "judge/importer/def_source.h"

namespace judge::importer {
namespace {

// The text without spaces, so `randint(0, 2,` and `randint(0,2,` read alike.
std::string without_spaces(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c != ' ' && c != '\t') out += c;
  }
  return out;
}

// Parameters, is_exact, tolerance and what get_extra_params passes per case.
class DefReader : DefSourceReader {
 public:
  DefReader(DefSource& source, TensaraDefinition& result) : DefSourceReader(source, result) {}

  void read_abi_and_tolerance() {
    read_class_level();
    read_tolerance();
  }

  void read_all_extra_params() {
    for (UpstreamCase& upstream : m_result.cases) read_extra_params(upstream);
    if (m_result.sample) read_extra_params(*m_result.sample);
  }

  void read_all_flops() {
    for (UpstreamCase& upstream : m_result.cases) read_flops(upstream);
  }

 private:
  void read_class_level() {
    for (std::size_t i = 0; i < m_lines.size(); ++i) {
      if (m_source.in_function(i)) continue;
      const LogicalLine& line = m_lines[i];
      if (!as_assignment(line)) continue;
      const Finding* error = m_source.class_assignment_error(i);
      const std::string name = first_target_name(line);
      if (name == "parameters") {
        m_result.parameters_line = line.line;
        if (error) {
          note(error->line, "parameters: " + error->message);
        } else {
          read_parameters(m_class_environment.at("parameters"), line.line);
        }
      }
      if (name == "is_exact" && !error) {
        const PyValue& value = m_class_environment.at("is_exact");
        if (value.kind == PyValue::Kind::kBool) {
          m_result.is_exact = value.boolean;
        } else {
          note(line.line, "is_exact is " + python_str(value) + ", not True or False");
        }
      }
    }
  }

  static std::optional<bool> as_flag(const PyValue* value) {
    if (value == nullptr) return std::nullopt;
    if (value->kind == PyValue::Kind::kBool) return value->boolean;
    if (value->kind == PyValue::Kind::kString && (value->text == "true" || value->text == "True")) return true;
    if (value->kind == PyValue::Kind::kString && (value->text == "false" || value->text == "False")) return false;
    return std::nullopt;
  }

  void read_parameters(const PyValue& list, int line) {
    if (list.kind != PyValue::Kind::kList && list.kind != PyValue::Kind::kTuple) {
      note(line, "parameters is " + python_str(list).substr(0, 100) + ", not a list of dicts");
      return;
    }
    std::vector<TensaraParameter> parameters;
    for (std::size_t i = 0; i < list.items.size(); ++i) {
      const PyValue& entry = list.items[i];
      const std::string where = "parameters[" + std::to_string(i) + "]";
      const PyValue* name = entry.find("name");
      const PyValue* type = entry.find("type");
      std::optional<bool> pointer = as_flag(entry.find("pointer"));
      std::optional<bool> is_const = as_flag(entry.find("const"));
      if (!is_const) is_const = as_flag(entry.find("constant"));
      if (entry.kind != PyValue::Kind::kDict || !name || name->kind != PyValue::Kind::kString || !type ||
          type->kind != PyValue::Kind::kString || !pointer) {
        note(line, where + " is " + python_str(entry).substr(0, 200) +
                       ": each parameter needs \"name\" and \"type\" (strings) and \"pointer\" (True/False)");
        return;
      }
      parameters.push_back(TensaraParameter{name->text, type->text, *pointer, is_const.value_or(false)});
    }
    m_result.parameters = std::move(parameters);
  }

  void read_tolerance() {
    const DefSource::Function* fn = function("verify_result");
    if (fn == nullptr) {
      if (!m_result.is_exact.value_or(false)) note(0, "no verify_result method: the tolerance is not known");
      return;
    }
    Environment environment = function_environment(*fn);
    std::map<std::string, std::vector<std::pair<double, int>>> found;  // rtol/atol -> (value, line)
    bool unread_tolerance = false;
    for (std::size_t i = fn->header + 1; i < fn->end; ++i) {
      const std::vector<Token>& tokens = m_lines[i].tokens;
      for (std::size_t t = 0; t + 2 < tokens.size(); ++t) {
        if (!(is_name(tokens[t], "rtol") || is_name(tokens[t], "atol")) || !is_op(tokens[t + 1], "=")) continue;
        // The keyword argument's value ends at a top-level ',' or the call's ')'.
        std::size_t end = t + 2;
        for (int depth = 0; end < tokens.size(); ++end) {
          if (depth == 0 && (is_op(tokens[end], ",") || is_close(tokens[end]))) break;
          if (is_open(tokens[end])) ++depth;
          if (is_close(tokens[end])) --depth;
        }
        try {
          PyValue value = evaluate_literal(tokens, t + 2, end, environment);
          if (!value.is_number()) throw LiteralError(tokens[t].line, "is " + python_str(value) + ", not a number");
          found[tokens[t].text].emplace_back(value.as_double(), tokens[t].line);
        } catch (const LiteralError& error) {
          unread_tolerance = true;
          note(error.line(), tokens[t].text + "= is not a literal number: " + error.what());
        }
      }
    }
    for (const char* key : {"rtol", "atol"}) {
      auto it = found.find(key);
      if (it == found.end()) continue;
      const auto& values = it->second;
      for (const auto& [value, line] : values) {
        if (value != values.front().first) {
          note(line, std::string(key) + "=" + python_str(PyValue::of_float(value)) + " differs from " + key + "=" +
                         python_str(PyValue::of_float(values.front().first)) + " on line " +
                         std::to_string(values.front().second) + " (a tolerance per dtype or per case?); the first is used");
        }
      }
      (std::string(key) == "rtol" ? m_result.rtol : m_result.atol) = values.front().first;
      m_result.tolerance_line = values.front().second;
    }
    if (!found.count("rtol") && !found.count("atol") && !unread_tolerance && !m_result.is_exact.value_or(false)) {
      note(m_lines[fn->header].line, "verify_result has no rtol=/atol=: the tolerance is not known");
    }
  }

  void read_extra_params(UpstreamCase& upstream) {
    const DefSource::Function* fn = function("get_extra_params");
    if (fn == nullptr) {
      upstream.extra_params.emplace();  // nothing is passed besides the tensors
      return;
    }
    Environment environment = m_class_environment;
    environment[case_argument(*fn)] = upstream.fields;
    std::map<std::string, Finding> unreadable;
    const int body_indent = fn->header + 1 < fn->end ? m_lines[fn->header + 1].indent : 0;
    for (std::size_t i = fn->header + 1; i < fn->end; ++i) {
      const LogicalLine& line = m_lines[i];
      if (line.indent != body_indent) continue;
      if (is_name(line.tokens[0], "return")) {
        read_return_list(line, environment, unreadable, upstream);
        return;
      }
      if (is_name(line.tokens[0], "if") || is_name(line.tokens[0], "for") || is_name(line.tokens[0], "while")) {
        note(line.line, "get_extra_params has a '" + line.tokens[0].text + "': the values it passes are not read");
        return;
      }
      if (std::optional<Finding> error = assign(line, environment)) unreadable[first_target_name(line)] = *error;
    }
    note(m_lines[fn->header].line, "get_extra_params has no return");
  }

  // The name of a method's test-case argument: def f(self, <name>, ...).
  std::string case_argument(const DefSource::Function& fn) const {
    const std::vector<Token>& header = m_lines[fn.header].tokens;
    for (std::size_t t = 2; t + 2 < header.size(); ++t) {
      if (is_name(header[t], "self") && is_op(header[t + 1], ",") && header[t + 2].kind == Token::Kind::kName) {
        return header[t + 2].text;
      }
    }
    return "test_case";
  }

  // get_flops(self, test_case) with test_case bound to the case's dict:
  // its top-level assignments, `for NAME in EXPR:` loops over literal
  // sequences whose bodies are (augmented) assignments, and the return.
  void read_flops(UpstreamCase& upstream) {
    const DefSource::Function* fn = function("get_flops");
    if (fn == nullptr) {
      upstream.flops_error = "def.py has no get_flops";
      return;
    }
    Environment environment = m_class_environment;
    environment[case_argument(*fn)] = upstream.fields;
    const int body_indent = fn->header + 1 < fn->end ? m_lines[fn->header + 1].indent : 0;
    try {
      for (std::size_t i = fn->header + 1; i < fn->end; ++i) {
        const LogicalLine& line = m_lines[i];
        if (line.indent != body_indent) continue;  // a loop's body: run by its loop
        if (is_name(line.tokens[0], "return")) {
          const PyValue value = evaluate_literal(line.tokens, 1, line.tokens.size(), environment);
          if (!value.is_number()) throw LiteralError(line.line, "get_flops returns " + python_str(value));
          upstream.flops = value.as_double();
          return;
        }
        if (is_name(line.tokens[0], "for")) {
          run_flops_loop(*fn, i, environment);
        } else {
          execute_flops_line(line, environment);
        }
      }
      upstream.flops_error = "get_flops has no return";
    } catch (const LiteralError& error) {
      upstream.flops_error = "line " + std::to_string(error.line()) + ": " + error.what();
    }
  }

  // One statement of get_flops: a docstring, `x = ...` or `x op= ...`.
  void execute_flops_line(const LogicalLine& line, Environment& environment) const {
    const std::vector<Token>& tokens = line.tokens;
    if (tokens.size() == 1 && tokens[0].kind == Token::Kind::kString) return;  // a docstring
    static const char* const kAugmented[] = {"+=", "-=", "*=", "/=", "//="};
    if (tokens.size() >= 3 && tokens[0].kind == Token::Kind::kName) {
      for (const char* op : kAugmented) {
        if (!is_op(tokens[1], op)) continue;
        // x op= e is evaluated as x op (e).
        std::vector<Token> rewritten = {tokens[0], Token{Token::Kind::kOp, std::string(op, std::strlen(op) - 1), line.line},
                                        Token{Token::Kind::kOp, "(", line.line}};
        rewritten.insert(rewritten.end(), tokens.begin() + 2, tokens.end());
        rewritten.push_back(Token{Token::Kind::kOp, ")", line.line});
        environment[tokens[0].text] = evaluate_literal(rewritten, 0, rewritten.size(), environment);
        return;
      }
    }
    if (is_name(tokens[0], "if") || is_name(tokens[0], "while") || is_name(tokens[0], "for")) {
      throw LiteralError(line.line, "get_flops has a nested '" + tokens[0].text + "'");
    }
    if (std::optional<Finding> error = assign(line, environment)) throw LiteralError(error->line, error->message);
  }

  // `for NAME in EXPR:` at line index `at`, its body the deeper lines after it.
  void run_flops_loop(const DefSource::Function& fn, std::size_t at, Environment& environment) const {
    const LogicalLine& line = m_lines[at];
    const std::vector<Token>& tokens = line.tokens;
    std::size_t in = 1;
    while (in < tokens.size() && !is_name(tokens[in], "in")) ++in;
    if (in >= tokens.size() || !is_op(tokens.back(), ":")) {
      throw LiteralError(line.line, "get_flops has a 'for' that is not 'for NAME in EXPR:' with its body below");
    }
    const PyValue sequence = evaluate_literal(tokens, in + 1, tokens.size() - 1, environment);
    if (!sequence.is_sequence()) throw LiteralError(line.line, "get_flops loops over " + python_str(sequence));
    std::size_t end = at + 1;
    while (end < fn.end && m_lines[end].indent > line.indent) ++end;
    for (const PyValue& item : sequence.items) {
      bind_targets(tokens, 1, in, item, environment);
      for (std::size_t body = at + 1; body < end; ++body) execute_flops_line(m_lines[body], environment);
    }
  }

  // `return [a, b, c]`: each element on its own, so one value that is not a
  // literal (a tensor built from the shape) leaves the others readable.
  void read_return_list(const LogicalLine& line, const Environment& environment,
                        const std::map<std::string, Finding>& unreadable, UpstreamCase& upstream) {
    const std::vector<Token>& tokens = line.tokens;
    auto explain = [&](const LiteralError& error) {
      std::string message = "line " + std::to_string(error.line() ? error.line() : line.line) + ": " + error.what();
      for (const auto& [name, why] : unreadable) {
        if (std::string(error.what()).find("'" + name + "'") != std::string::npos) {
          message += " (line " + std::to_string(why.line) + ": " + why.message + ")";
        }
      }
      return message;
    };
    std::vector<std::pair<std::size_t, std::size_t>> elements;
    const bool display = tokens.size() > 2 && (is_op(tokens[1], "[") || is_op(tokens[1], "(")) &&
                         after_matching(tokens, 1) == tokens.size();
    if (display) {
      const std::size_t close = tokens.size() - 1;
      for (std::size_t start = 2; start < close;) {
        std::size_t comma = find_top_level(tokens, start, close, ",");
        if (comma > start) elements.emplace_back(start, comma);
        start = comma + 1;
      }
    } else {
      try {
        PyValue value = evaluate_literal(tokens, 1, tokens.size(), environment);
        std::vector<std::optional<PyValue>> values;
        if (value.is_sequence()) {
          values.assign(value.items.begin(), value.items.end());
        } else {
          values.emplace_back(value);
        }
        upstream.extra_params = values;
      } catch (const LiteralError& error) {
        upstream.extra_errors.push_back(explain(error));
      }
      return;
    }
    std::vector<std::optional<PyValue>> values;
    for (const auto& [begin, end] : elements) {
      try {
        values.emplace_back(evaluate_literal(tokens, begin, end, environment));
      } catch (const LiteralError& error) {
        values.emplace_back(std::nullopt);
        upstream.extra_errors.push_back(explain(error));
      }
    }
    upstream.extra_params = values;
  }
};

}  // namespace

std::vector<std::string> input_recipes(const std::string& def_py_text) {
  std::vector<std::string> recipes;
  auto add = [&](const char* recipe) {
    if (std::find(recipes.begin(), recipes.end(), recipe) == recipes.end()) recipes.push_back(recipe);
  };
  // Methods that do not make inputs (a randint in verify_result picks
  // elements to show) are skipped.
  static const char* const kNotInputs[] = {"reference_solution", "verify_result", "get_flops", "get_extra_params"};
  bool skipping = false;
  std::size_t start = 0;
  while (start < def_py_text.size()) {
    std::size_t end = def_py_text.find('\n', start);
    if (end == std::string::npos) end = def_py_text.size();
    const std::string raw = def_py_text.substr(start, end - start);
    start = end + 1;
    const std::string line = without_spaces(raw);
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("def", 0) == 0) {
      skipping = false;
      for (const char* name : kNotInputs) skipping = skipping || line.rfind(std::string("def") + name + "(", 0) == 0;
    }
    if (skipping) continue;
    auto has = [&](const char* text) { return line.find(text) != std::string::npos; };
    if (has("torch.tril(")) add("lower-triangular");
    if (has("torch.triu(")) add("upper-triangular");
    if (has("randint(0,2,") && has("*2-1")) {
      add("labels-plus-minus-one");
    } else if (has("torch.randint(") && !has("randperm")) {
      add("whole-numbers");
    }
    if (has("adj_matrix") || has("_graph")) add("graph");
    if (has(".softmax(") || has("torch.softmax(")) add("softmax");
    if (has(".scatter_(")) add("scattered-sparse");
    if (has("torch.randn(")) add("normal");
    if (has("torch.rand(")) add("uniform");
  }
  // A randint that feeds a scatter picks the indices, not the values.
  if (std::find(recipes.begin(), recipes.end(), "scattered-sparse") != recipes.end()) {
    recipes.erase(std::remove(recipes.begin(), recipes.end(), "whole-numbers"), recipes.end());
  }
  return recipes;
}

TensaraDefinition read_tensara_def(const std::string& source) {
  TensaraDefinition result;
  result.input_recipes = input_recipes(source);
  std::vector<LogicalLine> lines;
  try {
    lines = tokenize_python(source);
  } catch (const LiteralError& error) {
    result.findings.push_back(Finding{error.line(), std::string("not readable as Python: ") + error.what()});
    return result;
  }
  DefSource def(std::move(lines));
  DefReader reader(def, result);
  reader.read_abi_and_tolerance();
  read_case_tables(def, result);
  reader.read_all_extra_params();
  reader.read_all_flops();
  result.findings = def.take_findings();
  return result;
}

}  // namespace judge::importer
