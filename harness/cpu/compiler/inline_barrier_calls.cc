// See inline_barrier_calls.h.
#include "inline_barrier_calls.h"

#include <map>
#include <optional>
#include <vector>

#include "kernel_functions.h"
#include "source_edits.h"
#include "source_tokens.h"
#include "statement_parsing.h"
#include "token_cursor.h"

namespace cucpu::compiler {
namespace {

constexpr int kMaxDepth = 8;  // rounds of inlining into inlined bodies

struct Parameter {
  std::string type;  // spelled
  std::string name;
};

struct Callee {
  std::string name;
  std::string return_type;  // spelled; "void" for none
  std::vector<Parameter> parameters;
  size_t body_open, body_close;
  long final_return = -1;   // token of the last statement's `return`, or -1
};

// Words that may precede a function's return type without being part of it.
bool specifier(std::string_view word) {
  return word == "inline" || word == "__inline__" || word == "static" || word == "extern" || word == "constexpr" ||
         word == "__forceinline__" || word == "__device__" || word == "__host__";
}

class Inliner {
 public:
  Inliner(std::string_view src, const std::set<std::string>& only_kernels, int round)
      : m_parsed(tokenize(src)), m_c(src, m_parsed), m_only_kernels(only_kernels), m_round(round) {}

  // Edits that inline one call per statement; records the kernels.
  std::vector<Edit> run(std::set<std::string>* kernels) {
    std::set<std::string> barrier_functions = functions_with_block_collectives(m_c);
    collect_callees(barrier_functions);
    std::vector<Edit> edits;
    for (const KernelDefinition& kernel : user_kernels(m_c, m_only_kernels)) {
      size_t before = edits.size();
      inline_in_kernel(kernel, &edits);
      if (edits.size() != before) kernels->insert(kernel.name);
    }
    return edits;
  }

 private:
  // Definitions of the barrier functions that can be inlined, by name; a
  // name defined twice (overloads) is dropped.
  void collect_callees(const std::set<std::string>& barrier_functions) {
    std::map<std::string, int> definitions;
    for (size_t i = 1; i < m_c.size(); ++i) {
      if (!m_c.is(i, "(") || !m_c.identifier(i - 1) || !barrier_functions.count(m_c.word(i - 1))) continue;
      if (!m_c.user_code(i)) continue;
      size_t close = m_c.closing_bracket(i);
      size_t open = close + 1;
      while (m_c.is(open, "const")) ++open;
      if (!m_c.is(open, "{")) continue;
      std::string name = m_c.word(i - 1);
      ++definitions[name];
      if (std::optional<Callee> callee = parse_callee(i - 1, i, close, open)) m_callees[name] = *callee;
    }
    for (const auto& [name, count] : definitions) {
      if (count != 1) m_callees.erase(name);
    }
  }

  std::optional<Callee> parse_callee(size_t name, size_t params_open, size_t params_close, size_t body_open) {
    Callee callee;
    // The return type: back to the previous declaration's end.
    size_t first = name;
    while (first > 0 && !m_c.is(first - 1, ";") && !m_c.is(first - 1, "}") && !m_c.is(first - 1, "{") &&
           !m_c.directive(first - 1)) {
      --first;
    }
    std::vector<std::string> type;
    for (size_t j = first; j < name; ++j) {
      std::string_view w = m_c.text(j);
      if (w == "template" || w == "::" || w == "operator" || w == "__cucpu_global__") return std::nullopt;
      if (w == "__attribute__" && m_c.is(j + 1, "(")) {
        j = m_c.closing_bracket(j + 1);
        continue;
      }
      if (specifier(w)) continue;
      type.push_back(m_c.word(j));
    }
    if (type.empty() || m_c.is(name - 1, ":")) return std::nullopt;  // a member function or constructor
    for (const std::string& w : type) callee.return_type += (callee.return_type.empty() ? "" : " ") + w;
    // Parameters: `TYPE name`, split at depth-0 commas.
    size_t start = params_open + 1;
    int depth = 0;
    for (size_t j = params_open + 1; j <= params_close; ++j) {
      std::string_view w = m_c.text(j);
      if (w == "(" || w == "[" || w == "<") ++depth;
      else if (w == "]" || w == ">" || (w == ")" && j != params_close)) --depth;
      if (!((w == "," && depth == 0) || j == params_close)) continue;
      if (j > start) {
        size_t last = j - 1;
        if (!m_c.identifier(last) || last == start) return std::nullopt;  // unnamed, array or default argument
        for (size_t k = start; k < last; ++k) {
          if (m_c.is(k, "=") || m_c.is(k, "[") || m_c.is(k, "(")) return std::nullopt;
        }
        if (m_c.text(last) == "void" && last == start) break;
        callee.parameters.push_back(
            {m_c.spell(start, last, [this](size_t k) { return m_c.word(k); }), m_c.word(last)});
      }
      start = j + 1;
    }
    callee.name = m_c.word(name);
    callee.body_open = body_open;
    callee.body_close = m_c.closing_bracket(body_open);
    if (callee.body_close >= m_c.size()) return std::nullopt;
    // The body: statements, the only `return` the last one.
    size_t last_statement = callee.body_open + 1;
    for (size_t i = callee.body_open + 1; i < callee.body_close;) {
      size_t end = statement_end(m_c, i, callee.body_close);
      if (end <= i) return std::nullopt;
      last_statement = i;
      i = end;
    }
    for (size_t i = callee.body_open + 1; i < callee.body_close; ++i) {
      std::string_view w = m_c.text(i);
      if (w == "goto" || w == "static" || w == "thread_local" || w == "asm" ||
          w == "__asm__") {
        return std::nullopt;
      }
      if (w == "return") {
        if (i != last_statement) return std::nullopt;
        callee.final_return = long(i);
      }
      if (m_c.identifier(i) && m_c.text(i) == m_c.text(name) && m_c.is(i + 1, "(")) return std::nullopt;  // recursion
    }
    if (callee.return_type != "void" && callee.final_return < 0) return std::nullopt;
    return callee;
  }

  // The statements of the kernel: inline the first inlinable call of each.
  void inline_in_kernel(const KernelDefinition& kernel, std::vector<Edit>* edits) {
    std::set<std::string> kernel_names = declared_names(m_c, kernel.body_open, kernel.body_close + 1);
    m_hoisted.clear();
    m_kernel_names = &kernel_names;
    visit_list(kernel.body_open + 1, kernel.body_close, kernel_names, edits);
    // The inlined functions' `__shared__` locals, declared once at the
    // kernel's start (on its first line).
    std::string declarations;
    for (const auto& [name, declaration] : m_hoisted) declarations += " " + declaration;
    if (!declarations.empty()) {
      edits->push_back({m_c.token(kernel.body_open).end, m_c.token(kernel.body_open).end, declarations});
    }
  }

  // Statement lists: the kernel body, braced blocks and loop bodies.
  void visit_list(size_t b, size_t e, const std::set<std::string>& kernel_names, std::vector<Edit>* edits) {
    for (size_t i = b; i < e;) {
      size_t end = statement_end(m_c, i, e);
      if (end <= i) return;
      size_t first = i;
      while (first < end && m_c.directive(first)) ++first;
      visit_statement(first, end, kernel_names, edits);
      i = end;
    }
  }

  // A statement of a list, or the unbraced body of a `for`, `if` or `else`
  // (`if (warp == 0) total = warp_sum(v);`), whose inlined call gets braces.
  void visit_statement(size_t first, size_t end, const std::set<std::string>& kernel_names,
                       std::vector<Edit>* edits, bool needs_braces = false) {
    if (m_c.is(first, "{")) {
      visit_list(first + 1, end - 1, kernel_names, edits);
    } else if ((m_c.is(first, "for") || m_c.is(first, "if")) && m_c.is(first + 1, "(")) {
      size_t body = m_c.closing_bracket(first + 1, end) + 1;
      size_t body_end = statement_end(m_c, body, end);
      if (body < end) visit_statement(body, body_end, kernel_names, edits, true);
      if (m_c.is(first, "if") && m_c.is(body_end, "else") && body_end + 1 < end) {
        visit_statement(body_end + 1, end, kernel_names, edits, true);
      }
    } else if (!m_c.identifier(first) || !(m_c.is(first, "while") || m_c.is(first, "do") ||
                                         m_c.is(first, "switch") || m_c.is(first, "return"))) {
      inline_in_statement(first, end, kernel_names, edits, needs_braces);
    }
  }

  void inline_in_statement(size_t b, size_t e, const std::set<std::string>& kernel_names, std::vector<Edit>* edits,
                           bool needs_braces) {
    if (!m_c.is(e - 1, ";") || m_c.directive(b)) return;
    for (size_t i = b; i < e; ++i) {
      if (!m_c.identifier(i) || m_c.member_access(i) || !m_c.is(i + 1, "(")) continue;
      auto callee = m_callees.find(m_c.word(i));
      if (callee == m_callees.end()) continue;
      std::optional<std::string> body = inlined_body(callee->second, i, kernel_names);
      if (!body) return;
      size_t close = m_c.closing_bracket(i + 1, e);
      std::string call_text(m_c.source().substr(m_c.token(i).begin, m_c.token(close).end - m_c.token(i).begin));
      std::string result = result_name();
      std::string prefix = callee->second.return_type == "void" ? "" : callee->second.return_type + " " + result + "; ";
      edits->push_back({m_c.token(b).begin, m_c.token(b).begin, (needs_braces ? "{ " : "") + prefix + *body + " "});
      // The call reads as its result; its line breaks stay.
      std::string replacement = callee->second.return_type == "void" ? "(void)0" : result;
      for (char ch : call_text) {
        if (ch == '\n') replacement += '\n';
      }
      edits->push_back({m_c.token(i).begin, m_c.token(close).end, replacement});
      if (needs_braces) edits->push_back({m_c.token(e - 1).end, m_c.token(e - 1).end, " }"});
      ++m_counter;
      return;
    }
  }

  // `{ params... body }` for the call at token `call`, or nothing when the
  // body names something the kernel declares (it would read the kernel's).
  std::optional<std::string> inlined_body(const Callee& callee, size_t call, const std::set<std::string>& kernel_names) {
    size_t open = call + 1, close = m_c.closing_bracket(call + 1);
    std::vector<std::string> arguments;
    size_t start = open + 1;
    for (size_t j = open + 1; j <= close; ++j) {
      if (m_c.punctuation(j) && (m_c.is(j, "(") || m_c.is(j, "[") || m_c.is(j, "{")) && j != close) {
        j = m_c.closing_bracket(j);
        continue;
      }
      if (m_c.is(j, ",") || j == close) {
        if (j > start) arguments.push_back(m_c.spell(start, j, [this](size_t k) { return m_c.word(k); }));
        start = j + 1;
      }
    }
    if (arguments.size() != callee.parameters.size()) return std::nullopt;
    std::string prefix = "cucpu_inl" + std::to_string(m_round) + "_" + std::to_string(m_counter) + "_";
    // Parameters and the body's own locals get fresh names: a local that
    // shadowed one of the kernel's would share its per-thread storage.
    std::map<std::string, std::string> renamed;
    for (const Parameter& p : callee.parameters) renamed[p.name] = prefix + p.name;
    for (const std::string& local : declared_names(m_c, callee.body_open, callee.body_close + 1)) {
      renamed[local] = prefix + local;
    }
    // A `__shared__` local is one array per function on a GPU, whatever the
    // calls: every inlined call names the one the kernel declares for it
    // (a call that reads what an earlier one left, or a missing barrier
    // between two calls, then behaves as on a GPU).
    std::vector<std::pair<size_t, size_t>> shared_statements;
    const size_t body_end = callee.final_return >= 0 ? size_t(callee.final_return) : callee.body_close;
    for (size_t i = callee.body_open + 1; i < body_end;) {
      const size_t end = statement_end(m_c, i, body_end);
      if (end <= i) break;
      for (size_t k = i; k < end; ++k) {
        if (!m_c.is(k, "__cucpu_shared__")) continue;
        shared_statements.push_back({i, end});
        for (const std::string& local : declared_names(m_c, i, end)) {
          renamed[local] = "cucpu_shared_" + callee.name + "_" + local;
        }
        break;
      }
      i = end;
    }
    for (size_t i = callee.body_open + 1; i < callee.body_close; ++i) {
      if (!m_c.identifier(i) || m_c.member_access(i) || renamed.count(m_c.word(i))) continue;
      if (kernel_names.count(m_c.word(i))) return std::nullopt;
    }
    std::string out = "{ ";
    for (size_t k = 0; k < arguments.size(); ++k) {
      const Parameter& p = callee.parameters[k];
      out += p.type + " " + renamed[p.name] + " = (" + arguments[k] + "); ";
    }
    auto text_of = [&](size_t k) {
      if (m_c.identifier(k) && !m_c.member_access(k)) {
        auto r = renamed.find(m_c.word(k));
        if (r != renamed.end()) return r->second;
      }
      return m_c.word(k);
    };
    size_t from = callee.body_open + 1;
    for (const auto& [begin, end] : shared_statements) {
      out += m_c.spell(from, begin, text_of);
      std::string declaration = m_c.spell(begin, end, text_of);
      for (const std::string& local : declared_names(m_c, begin, end)) {
        if (!m_kernel_names->count(renamed[local])) m_hoisted.emplace(renamed[local], declaration);
      }
      from = end;
    }
    out += m_c.spell(from, body_end, text_of);
    if (callee.final_return >= 0) {
      size_t semicolon = statement_end(m_c, body_end, callee.body_close) - 1;
      std::string value = m_c.spell(body_end + 1, semicolon, text_of);
      out += (out.back() == ' ' ? "" : " ");
      if (callee.return_type == "void") out += value.empty() ? "" : "(void)(" + value + "); ";
      else out += result_name() + " = " + value + "; ";
    }
    return out + " }";
  }

  // The variable that receives the call's value. Not `<prefix>result`: the
  // body's locals are renamed `<prefix><name>`, and a helper's own local is
  // often called `result`.
  std::string result_name() const {
    return "cucpu_ret" + std::to_string(m_round) + "_" + std::to_string(m_counter);
  }

  TokenizedSource m_parsed;
  TokenCursor m_c;
  const std::set<std::string>& m_only_kernels;
  int m_round;
  int m_counter = 0;
  std::map<std::string, Callee> m_callees;
  // Of the kernel being inlined into: its declared names, and the shared
  // declarations to add at its start (by name).
  const std::set<std::string>* m_kernel_names = nullptr;
  std::map<std::string, std::string> m_hoisted;
};

}  // namespace

InlinedSource inline_barrier_calls(std::string_view preprocessed, const std::set<std::string>& only_kernels) {
  InlinedSource out;
  out.text = std::string(preprocessed);
  for (int round = 0; round < kMaxDepth; ++round) {
    std::vector<Edit> edits = Inliner(out.text, only_kernels, round).run(&out.kernels);
    if (edits.empty()) break;
    out.text = apply_edits(out.text, std::move(edits));
  }
  return out;
}

}  // namespace cucpu::compiler
