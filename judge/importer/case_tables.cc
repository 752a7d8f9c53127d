#include "judge/importer/case_tables.h"

#include <algorithm>

namespace judge::importer {
namespace {

constexpr std::size_t kMaxCases = 1000;  // the judge's own bound on cases per problem
constexpr std::size_t kMaxLoopNesting = 16;  // upstream nests at most 3; each level copies the bindings

class CaseTableReader : DefSourceReader {
 public:
  CaseTableReader(DefSource& source, TensaraDefinition& result) : DefSourceReader(source, result) {}

  void run() {
    read_cases();
    read_sample();
  }

 private:
  // The literal dict whose '{' is tokens[open]: every key whose value is a
  // literal. Other values (create_inputs is code by design) go to `unread`
  // with the reason; they matter only if a parameter needs them.
  PyValue case_dict(const std::vector<Token>& tokens, std::size_t open, const Environment& environment,
                    std::map<std::string, std::string>& unread) {
    PyValue dict;
    dict.kind = PyValue::Kind::kDict;
    const std::size_t close = after_matching(tokens, open) - 1;
    std::size_t pos = open + 1;
    while (pos < close) {
      const std::size_t colon = find_top_level(tokens, pos, close, ":");
      if (colon >= close) {
        note(tokens[pos].line, "a case dict entry without ':' is not read");
        break;
      }
      std::size_t value_begin = colon + 1, value_end = close;
      bool is_lambda = value_begin < close && is_name(tokens[value_begin], "lambda");
      std::size_t scan_from = is_lambda ? find_top_level(tokens, value_begin, close, ":") + 1 : value_begin;
      value_end = std::min(close, find_top_level(tokens, std::min(scan_from, close), close, ","));
      try {
        PyValue key = evaluate_literal(tokens, pos, colon, environment);
        if (!is_lambda) {
          PyValue value = evaluate_literal(tokens, value_begin, value_end, environment);
          dict.items.push_back(std::move(key));
          dict.values.push_back(std::move(value));
        }
      } catch (const LiteralError& error) {
        unread[tokens[pos].text] = "line " + std::to_string(error.line()) + ": " + error.what();
      }
      pos = value_end + 1;
    }
    return dict;
  }

  struct Loop {
    std::size_t line_index;
    std::size_t in_token;      // the `in` of `for targets in iterable:`
    std::size_t colon_token;   // the ':' ending the header
    int indent;
    std::vector<std::size_t> body_assignments;  // line indexes
  };
  struct Producer {
    std::vector<std::size_t> loops;  // outer to inner, indexes into m_loops
    std::size_t line_index;
    std::size_t brace_token;
  };

  void read_cases() {
    const DefSource::Function* fn = function("generate_test_cases");
    if (fn == nullptr) {
      note(0, "no generate_test_cases method: the case list is not known");
      return;
    }
    Environment environment = m_class_environment;
    std::map<std::string, Finding> unreadable;
    std::vector<std::size_t> stack;
    std::vector<Producer> producers;
    for (std::size_t i = fn->header + 1; i < fn->end; ++i) {
      const LogicalLine& line = m_lines[i];
      while (!stack.empty() && m_loops[stack.back()].indent >= line.indent) stack.pop_back();
      const std::vector<Token>& tokens = line.tokens;
      if (is_name(tokens[0], "for")) {
        std::size_t in = 1;
        for (int depth = 0; in < tokens.size(); ++in) {
          if (depth == 0 && is_name(tokens[in], "in")) break;
          if (is_open(tokens[in])) ++depth;
          if (is_close(tokens[in])) --depth;
        }
        std::size_t colon = in < tokens.size() ? find_top_level(tokens, in + 1, tokens.size(), ":") : tokens.size();
        if (colon >= tokens.size()) {
          note(line.line, "a 'for' header that is not read");
          return;
        }
        if (stack.size() >= kMaxLoopNesting) {
          note(line.line, "case loops nested more than 16 deep are not read");
          return;
        }
        m_loops.push_back(Loop{i, in, colon, line.indent, {}});
        stack.push_back(m_loops.size() - 1);
        continue;
      }
      if (!stack.empty() && (is_name(tokens[0], "if") || is_name(tokens[0], "while") || is_name(tokens[0], "continue") ||
                             is_name(tokens[0], "break"))) {
        note(line.line, "'" + tokens[0].text + "' inside the case loops: the importer lists every combination, "
                        "so check which cases upstream really skips");
      }
      for (std::size_t t = 0; t + 2 < tokens.size(); ++t) {
        if (!(is_op(tokens[t], ".") && (is_name(tokens[t + 1], "append") || is_name(tokens[t + 1], "extend")) &&
              is_op(tokens[t + 2], "("))) {
          continue;
        }
        if (tokens[t + 1].text == "append" && t + 3 < tokens.size() && is_op(tokens[t + 3], "{")) {
          producers.push_back(Producer{stack, i, t + 3});
        } else {
          note(line.line, "a case built by '" + tokens[t + 1].text + "(...)' of something that is not a dict "
                          "display is not read");
        }
      }
      if (std::optional<Assignment> assignment = as_assignment(line)) {
        if (stack.empty()) {
          if (std::optional<Finding> error = assign(line, environment)) unreadable[first_target_name(line)] = *error;
        } else {
          m_loops[stack.back()].body_assignments.push_back(i);
        }
      }
    }
    if (producers.empty()) {
      if (!read_returned_cases(*fn, environment)) {
        note(m_lines[fn->header].line,
             "generate_test_cases neither appends a dict ({...}) per case in a loop nor returns a list of dicts: "
             "the cases are not read");
      }
      return;
    }
    for (const Producer& producer : producers) {
      if (!expand(producer, 0, environment, unreadable)) break;
    }
  }

  // One case from tokens[begin, end): a dict display, or a call of one of
  // the class's own methods, `self.make_case(m, k, name)`, whose top-level
  // `return {...}` builds it (arguments literal, the method's assignments
  // evaluated in order). nullopt after noting why not.
  std::optional<UpstreamCase> case_from(const std::vector<Token>& tokens, std::size_t begin, std::size_t end,
                                        const Environment& environment) {
    if (begin < end && is_op(tokens[begin], "{") && after_matching(tokens, begin) == end) {
      UpstreamCase upstream;
      upstream.line = tokens[begin].line;
      upstream.fields = case_dict(tokens, begin, environment, upstream.unread_fields);
      for (const auto& [name, value] : environment) {
        if (!m_class_environment.count(name)) upstream.bindings[name] = value;
      }
      upstream.name = case_name(upstream, environment);
      return upstream;
    }
    const bool method_call = end - begin >= 5 && is_name(tokens[begin], "self") && is_op(tokens[begin + 1], ".") &&
                             tokens[begin + 2].kind == Token::Kind::kName && is_op(tokens[begin + 3], "(") &&
                             after_matching(tokens, begin + 3) == end;
    const DefSource::Function* helper = method_call ? function(tokens[begin + 2].text) : nullptr;
    if (helper == nullptr) {
      note(tokens[begin].line, "a case built by something other than a dict display or a call of one of the "
                               "class's methods is not read");
      return std::nullopt;
    }
    Environment scope = m_class_environment;
    try {
      bind_arguments(*helper, tokens, begin + 3, environment, scope);
    } catch (const LiteralError& error) {
      note(error.line(), "the arguments of '" + tokens[begin + 2].text + "' are not read: " + error.what());
      return std::nullopt;
    }
    const int body_indent = helper->header + 1 < helper->end ? m_lines[helper->header + 1].indent : 0;
    for (std::size_t i = helper->header + 1; i < helper->end; ++i) {
      const LogicalLine& line = m_lines[i];
      if (line.indent != body_indent) continue;
      if (is_name(line.tokens[0], "return")) {
        if (line.tokens.size() < 2 || !is_op(line.tokens[1], "{") || after_matching(line.tokens, 1) != line.tokens.size()) {
          note(line.line, "'" + tokens[begin + 2].text + "' does not return a dict display: its cases are not read");
          return std::nullopt;
        }
        UpstreamCase upstream;
        upstream.line = line.line;
        upstream.fields = case_dict(line.tokens, 1, scope, upstream.unread_fields);
        for (const auto& [name, value] : scope) {
          if (!m_class_environment.count(name)) upstream.bindings[name] = value;
        }
        upstream.name = case_name(upstream, scope);
        return upstream;
      }
      assign(line, scope);  // a value that is not a literal stays unknown
    }
    note(m_lines[helper->header].line, "'" + tokens[begin + 2].text + "' has no top-level return");
    return std::nullopt;
  }

  // Binds the call's arguments (tokens[open] is its '(') to the parameters
  // of `fn` after `self`, positionally or by keyword; defaults from the
  // header. Throws LiteralError.
  void bind_arguments(const DefSource::Function& fn, const std::vector<Token>& tokens, std::size_t open,
                      const Environment& environment, Environment& scope) {
    const std::vector<Token>& header = m_lines[fn.header].tokens;
    std::vector<std::string> names;
    if (header.size() > 3 && is_op(header[2], "(")) {
      const std::size_t close = after_matching(header, 2) - 1;
      for (std::size_t start = 3; start < close;) {
        const std::size_t comma = find_top_level(header, start, close, ",");
        if (header[start].kind != Token::Kind::kName) throw LiteralError(header[start].line, "a '*' parameter is not read");
        const std::string name = header[start].text;
        const std::size_t equals = find_top_level(header, start, comma, "=");
        if (equals < comma) scope[name] = evaluate_literal(header, equals + 1, comma, environment);
        if (name != "self") names.push_back(name);
        start = comma + 1;
      }
    }
    const std::size_t close = after_matching(tokens, open) - 1;
    std::size_t position = 0;
    for (std::size_t start = open + 1; start < close;) {
      const std::size_t comma = find_top_level(tokens, start, close, ",");
      if (comma - start >= 2 && tokens[start].kind == Token::Kind::kName && is_op(tokens[start + 1], "=")) {
        scope[tokens[start].text] = evaluate_literal(tokens, start + 2, comma, environment);
      } else {
        if (position >= names.size()) throw LiteralError(tokens[start].line, "more arguments than parameters");
        scope[names[position++]] = evaluate_literal(tokens, start, comma, environment);
      }
      start = comma + 1;
    }
  }

  // `return [case, case, ...]` or `return [case for targets in table]` at
  // the top of generate_test_cases, each case a dict display or a method
  // call (case_from). False when there is no such return.
  bool read_returned_cases(const DefSource::Function& fn, const Environment& environment) {
    const int body_indent = fn.header + 1 < fn.end ? m_lines[fn.header + 1].indent : 0;
    for (std::size_t i = fn.header + 1; i < fn.end; ++i) {
      const std::vector<Token>& tokens = m_lines[i].tokens;
      if (m_lines[i].indent != body_indent || !is_name(tokens[0], "return")) continue;
      if (tokens.size() < 3 || !is_op(tokens[1], "[") || after_matching(tokens, 1) != tokens.size()) return false;
      const std::size_t close = tokens.size() - 1;
      std::size_t for_token = close;
      for (std::size_t t = 2, depth = 0; t < close; ++t) {
        if (depth == 0 && is_name(tokens[t], "for")) {
          for_token = t;
          break;
        }
        if (is_open(tokens[t])) ++depth;
        if (is_close(tokens[t])) --depth;
      }
      if (for_token < close) return read_comprehension(tokens, for_token, environment);
      for (std::size_t start = 2; start < close;) {
        const std::size_t comma = find_top_level(tokens, start, close, ",");
        std::optional<UpstreamCase> upstream = case_from(tokens, start, comma, environment);
        if (!upstream) return true;  // noted
        m_result.cases.push_back(std::move(*upstream));
        start = comma + 1;
      }
      return !m_result.cases.empty();
    }
    return false;
  }

  // [element for targets in table]: one case per item of a literal table.
  bool read_comprehension(const std::vector<Token>& tokens, std::size_t for_token, const Environment& environment) {
    const std::size_t close = tokens.size() - 1;
    std::size_t in = for_token + 1;
    while (in < close && !is_name(tokens[in], "in")) ++in;
    for (std::size_t t = in; t < close; ++t) {
      if (is_name(tokens[t], "for") || is_name(tokens[t], "if")) {
        note(tokens[t].line, "a case comprehension with several 'for' or an 'if' is not read");
        return true;
      }
    }
    PyValue table;
    try {
      if (in >= close) throw LiteralError(tokens[for_token].line, "a 'for' without 'in'");
      table = evaluate_literal(tokens, in + 1, close, environment);
      if (!table.is_sequence()) throw LiteralError(tokens[in].line, "iterates over " + python_str(table).substr(0, 100));
    } catch (const LiteralError& error) {
      note(error.line(), std::string("the cases are not read: the case table is not a literal: ") + error.what());
      return true;
    }
    for (const PyValue& item : table.items) {
      if (m_result.cases.size() >= kMaxCases) {
        note(tokens[for_token].line, "more than 1000 cases: the rest are not listed");
        break;
      }
      Environment scope = environment;
      try {
        bind_targets(tokens, for_token + 1, in, item, scope);
      } catch (const LiteralError& error) {
        note(error.line(), error.what());
        return true;
      }
      std::optional<UpstreamCase> upstream = case_from(tokens, 2, for_token, scope);
      if (!upstream) return true;
      m_result.cases.push_back(std::move(*upstream));
    }
    return true;
  }

  // Builds the cases of `producer` for every combination of its loops from
  // `depth` on; false once the case bound is reached or a loop is unreadable.
  bool expand(const Producer& producer, std::size_t depth, const Environment& environment,
              const std::map<std::string, Finding>& unreadable) {
    if (depth == producer.loops.size()) {
      Environment scope = environment;
      std::vector<std::size_t> assignments;
      for (std::size_t loop : producer.loops) {
        for (std::size_t line : m_loops[loop].body_assignments) {
          if (line < producer.line_index) assignments.push_back(line);
        }
      }
      std::sort(assignments.begin(), assignments.end());
      for (std::size_t line : assignments) assign(m_lines[line], scope);  // a failure leaves the name unknown
      if (m_result.cases.size() >= kMaxCases) {
        note(m_lines[producer.line_index].line, "more than 1000 cases: the rest are not listed");
        return false;
      }
      UpstreamCase upstream;
      upstream.line = m_lines[producer.line_index].line;
      upstream.fields = case_dict(m_lines[producer.line_index].tokens, producer.brace_token, scope, upstream.unread_fields);
      for (const auto& [name, value] : scope) {
        if (!m_class_environment.count(name)) upstream.bindings[name] = value;
      }
      upstream.name = case_name(upstream, scope);
      m_result.cases.push_back(std::move(upstream));
      return true;
    }
    const Loop& loop = m_loops[producer.loops[depth]];
    const LogicalLine& line = m_lines[loop.line_index];
    PyValue iterable;
    try {
      iterable = evaluate_literal(line.tokens, loop.in_token + 1, loop.colon_token, environment);
    } catch (const LiteralError& error) {
      const std::string& table = line.tokens[loop.in_token + 1].text;
      auto why = unreadable.find(table);
      if (why != unreadable.end()) {  // name the line that builds the table
        note(why->second.line, "the cases are not read: '" + table + "' (the case loop on line " +
                                   std::to_string(line.line) + " iterates over it) is not a literal: " + why->second.message);
      } else {
        note(error.line() ? error.line() : line.line,
             "the cases are not read: the case loop iterates over something that is not a literal: " +
                 std::string(error.what()));
      }
      return false;
    }
    if (iterable.kind == PyValue::Kind::kDict) iterable.kind = PyValue::Kind::kList;  // iterating a dict: its keys
    if (!iterable.is_sequence()) {
      note(line.line, "the loop iterates over " + python_str(iterable).substr(0, 100) + ", not a list");
      return false;
    }
    for (const PyValue& item : iterable.items) {
      Environment scope = environment;
      try {
        bind_targets(line.tokens, 1, loop.in_token, item, scope);
      } catch (const LiteralError& error) {
        note(error.line(), error.what());
        return false;
      }
      if (!expand(producer, depth + 1, scope, unreadable)) return false;
    }
    return true;
  }

  static std::string case_name(const UpstreamCase& upstream, const Environment& scope) {
    if (const PyValue* name = upstream.fields.find("name"); name && name->kind == PyValue::Kind::kString) {
      return name->text;
    }
    if (auto it = scope.find("name"); it != scope.end() && it->second.kind == PyValue::Kind::kString) {
      return it->second.text;
    }
    return "";
  }

  void read_sample() {
    const DefSource::Function* fn = function("generate_sample");
    if (fn == nullptr) return;  // optional upstream
    std::map<std::string, Finding> unreadable;
    Environment environment = function_environment(*fn, &unreadable);
    const int body_indent = fn->header + 1 < fn->end ? m_lines[fn->header + 1].indent : 0;
    for (std::size_t i = fn->header + 1; i < fn->end; ++i) {
      const std::vector<Token>& tokens = m_lines[i].tokens;
      if (m_lines[i].indent != body_indent || !is_name(tokens[0], "return")) continue;
      std::size_t begin = 1, end = tokens.size();
      if (end - begin >= 2 && is_op(tokens[begin], "[") && after_matching(tokens, begin) == end) {  // return [{...}]
        ++begin;
        --end;
      }
      if (begin >= end) {
        note(m_lines[i].line, "generate_sample returns nothing: the sample is not read");
        return;
      }
      m_result.sample = case_from(tokens, begin, end, environment);
      return;
    }
  }

  std::vector<Loop> m_loops;
};

}  // namespace

void read_case_tables(DefSource& source, TensaraDefinition& result) { CaseTableReader(source, result).run(); }

}  // namespace judge::importer
