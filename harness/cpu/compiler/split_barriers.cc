// See split_barriers.h.
#include "split_barriers.h"

#include <algorithm>
#include <map>
#include <set>

namespace cucpu::compiler {
namespace {

// Identifiers whose presence in a kernel leaves it to the fiber scheduler:
// collectives that need their threads suspended mid-statement, and control
// flow the splitter does not model.
bool is_collective(std::string_view word) {
  static const char* const kPrefixes[] = {"__shfl", "__ballot", "__any", "__all", "__reduce_", "__match",
                                          "__syncwarp", "__activemask", "__syncthreads_"};
  for (const char* prefix : kPrefixes) {
    if (word.rfind(prefix, 0) == 0) return true;
  }
  static const std::set<std::string_view> kWords = {
      "cooperative_groups", "this_thread_block", "tiled_partition", "coalesced_threads", "thread_block",
      "thread_block_tile", "sync", "block_barrier", "warp_collective", "labeled_partition", "memcpy_async",
      "thread_group", "coalesced_group", "binary_partition", "inclusive_scan", "exclusive_scan", "wait_prior",
      "group_rendezvous", "coalesced_lanes",
      // Waits for other threads of the block (cuda::barrier, cuda::std::atomic
      // and semaphores, spin loops): the waiter must yield its fiber.
      "arrive", "arrive_and_wait", "arrive_and_drop", "wait", "wait_parity", "acquire", "try_acquire",
      "count_down", "producer_acquire", "consumer_wait", "__nanosleep", "sched_yield", "nanosleep"};
  return kWords.count(word) != 0;
}

const std::set<std::string_view> kRefusedWords = {"goto", "asm", "__asm__", "__asm", "throw", "try",
                                                   "co_await", "co_yield", "co_return", "setjmp", "longjmp"};

// Keywords that can precede an identifier without declaring it.
const std::set<std::string_view> kNotTypes = {"return", "else", "case", "goto", "sizeof", "new", "delete",
                                              "throw", "do", "typename", "co_return", "co_yield", "co_await"};

// Words a block-uniform expression may contain besides uniform names: casts
// and the expansion of blockIdx/blockDim/gridDim (see is_uniform).
const std::set<std::string_view> kUniformWords = {
    "static_cast", "const", "unsigned", "signed", "int", "long", "short", "char", "float", "double",
    "bool", "size_t", "dim3", "uint3", "sizeof", "true", "false", "nullptr", "cucpu", "detail",
    "min", "max", "std", "int64_t", "uint64_t", "int32_t", "uint32_t"};
const std::set<std::string_view> kUniformBuiltinFields = {"block_dim", "grid_dim", "block_idx"};
// The prelude's markers for the built-in variables (expanded by the rewriter
// into the tls_context reads above).
const std::set<std::string_view> kUniformBuiltins = {"__cucpu_builtin_blockIdx", "__cucpu_builtin_blockDim",
                                                     "__cucpu_builtin_gridDim"};

// Names the built-in thread index goes by (before or after the prelude's
// macros): never uniform.
bool names_a_thread(std::string_view word) {
  static const std::set<std::string_view> kThreadIndexNames = {
      "threadIdx", "__cucpu_builtin_threadIdx", "thread_idx", "thread_index", "linear", "laneid", "lane_id"};
  return kThreadIndexNames.count(word) != 0;
}

enum class StatementKind { barrier, barrier_loop, uniform, thread };

struct Statement {
  size_t begin;  // token range [begin, end)
  size_t end;
  StatementKind kind;
};

struct Declarator {
  size_t name;  // token index
  size_t suffix_begin, suffix_end;  // `[4]` after the name
  bool has_initializer;
  size_t init_begin, init_end;      // after `=`
};

// Locals declared at the top level of a thread statement.
struct Declaration {
  size_t statement_begin;
  size_t statement_end;  // one past the ';'
  size_t type_begin;     // TYPE tokens [type_begin, type_end)
  size_t type_end;
  std::vector<Declarator> declarators;
  size_t name;           // the first declarator's name and whether it has an initialiser
  bool has_initializer;
  // TYPE spelled out (no auto, reference, static...), no brace initialiser,
  // arrays only alone and uninitialised: can move to per-thread storage.
  bool plain;
  size_t scope_end;      // the enclosing list's end (token index)
  int region;
  std::vector<std::string> uniform_in_scope;
};

class KernelSplitter {
 public:
  KernelSplitter(std::string_view src, const TokenizedSource& parsed, const std::set<std::string>& barrier_functions,
                 const std::function<std::string(size_t)>& final_text, int* storage_counter)
      : src_(src),
        toks_(parsed.tokens),
        barrier_functions_(barrier_functions),
        final_text_(final_text),
        storage_counter_(storage_counter) {}

  // Splits the kernel whose body is [open, close] (the braces). Returns false
  // with `reason_` set when it must stay on fibers.
  bool split(size_t params_open, size_t params_close, size_t open, size_t close) {
    body_begin_ = open + 1;
    body_end_ = close;
    if (!scan_body()) return false;
    if (!collect_parameters(params_open, params_close)) return false;
    collect_declared_names();
    collect_level_statements(body_begin_, body_end_);
    std::vector<std::string> top_uniform;
    for (const std::string& name : parameters_) top_uniform.push_back(name);
    if (!process_list(body_begin_, body_end_, top_uniform, true)) return false;
    if (!check_returns()) return false;
    if (!plan_storage()) return false;
    emit(open, close);
    return true;
  }

  const std::string& reason() const { return reason_; }
  std::vector<SplitEdit>& edits() { return edits_; }

 private:
  std::string_view text(size_t i) const { return src_.substr(toks_[i].begin, toks_[i].end - toks_[i].begin); }
  bool is(size_t i, std::string_view s) const { return i < toks_.size() && text(i) == s; }
  bool identifier(size_t i) const { return i < toks_.size() && toks_[i].kind == TokenKind::identifier; }
  bool adjacent(size_t a, size_t b) const { return toks_[a].end == toks_[b].begin; }
  bool fail(std::string why) {
    if (reason_.empty()) reason_ = std::move(why);
    return false;
  }

  // The bracket closing the one opened at i ( ( [ { ), or body_end_.
  size_t match(size_t i) const {
    int depth = 0;
    for (size_t j = i; j < body_end_ + 1 && j < toks_.size(); ++j) {
      if (toks_[j].kind != TokenKind::punctuation) continue;
      char c = text(j)[0];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') {
        if (--depth == 0) return j;
      }
    }
    return body_end_;
  }

  bool member_access(size_t i) const {
    if (i == 0) return false;
    if (is(i - 1, ".")) return true;
    if (i >= 2 && is(i - 1, ">") && is(i - 2, "-") && adjacent(i - 2, i - 1)) return true;
    if (i >= 2 && is(i - 1, ":") && is(i - 2, ":")) return true;
    return false;
  }

  bool scan_body() {
    for (size_t i = body_begin_; i < body_end_; ++i) {
      if (toks_[i].kind == TokenKind::punctuation && is(i, "<") && is(i + 1, "<") && is(i + 2, "<")) {
        return fail("launches a kernel");
      }
      if (!identifier(i)) continue;
      std::string_view word = text(i);
      if (word == "__syncthreads") continue;
      if (is_collective(word)) return fail("uses '" + std::string(word) + "'");
      if (kRefusedWords.count(word)) return fail("uses '" + std::string(word) + "'");
      if (barrier_functions_.count(std::string(word))) {
        return fail("calls '" + std::string(word) + "', which contains a barrier or warp collective");
      }
    }
    return true;
  }

  bool collect_parameters(size_t open, size_t close) {
    size_t start = open + 1;
    int depth = 0;
    for (size_t i = open + 1; i <= close; ++i) {
      std::string_view w = text(i);
      if (w == "(" || w == "[" || w == "{" || w == "<") ++depth;
      else if (w == "]" || w == "}" || w == ">") --depth;
      else if (w == ")" && i != close) --depth;
      if ((w == "," && depth == 0) || i == close) {
        long name = -1;
        for (size_t j = start; j < i; ++j) {
          if (is(j, "=")) break;
          if (identifier(j)) name = long(j);
        }
        if (name >= 0 && text(size_t(name)) != "void") parameters_.push_back(std::string(text(size_t(name))));
        start = i + 1;
      }
    }
    for (const std::string& parameter : parameters_) {
      if (modified(parameter, body_begin_, body_end_)) {
        return fail("assigns its parameter '" + parameter + "' or takes its address");
      }
    }
    return true;
  }

  // Is `name` assigned, incremented, or its address taken in [b, e)?
  bool modified(const std::string& name, size_t b, size_t e) const {
    for (size_t i = b; i < e; ++i) {
      if (identifier(i) && text(i) == name && !member_access(i) && modifies_at(i)) return true;
    }
    return false;
  }

  // Is `name` (as itself, not a member) ever the operand of a unary `&` in
  // the kernel? A binary `&` counts too: that only keeps it in memory.
  bool address_taken(const std::string& name) const {
    for (size_t i = body_begin_; i < body_end_; ++i) {
      if (!identifier(i) || text(i) != name || member_access(i)) continue;
      if (i > 0 && is(i - 1, "&") && !(i > 1 && is(i - 2, "&") && adjacent(i - 2, i - 1))) return true;
    }
    return false;
  }

  // Is the variable named at token i assigned, incremented or its address
  // taken there? (`p[i] = x` writes an element, not p.)
  bool modifies_at(size_t i) const {
    size_t n = i + 1;
    // `s.x = v` or `s.a[i] += v` writes part of s itself (a by-value struct).
    if (is(n, ".")) {
      while (is(n, ".") && identifier(n + 1)) {
        n += 2;
        while (is(n, "[")) n = match(n) + 1;
      }
      if ((is(n, "+") && is(n + 1, "+")) || (is(n, "-") && is(n + 1, "-"))) return true;
      return (is(n, "=") && !is(n + 1, "=")) || assignment_operator_length(n) != 0;
    }
    if (n >= body_end_ || is(n, "[")) return false;  // &p[i] is an element's address
    if (is(n, "-") && is(n + 1, ">") && adjacent(n, n + 1)) return false;  // p->x = v, &p->x: the pointee
    if (i > 0 && is(i - 1, "&") && !(i > 1 && is(i - 2, "&") && adjacent(i - 2, i - 1))) return true;
    if (i > 1 && ((is(i - 1, "+") && is(i - 2, "+")) || (is(i - 1, "-") && is(i - 2, "-")))) return true;
    if ((is(n, "+") && is(n + 1, "+")) || (is(n, "-") && is(n + 1, "-"))) return true;
    // `*p = v` writes through p (`a * p = v`, the only other reading, is not
    // valid C++ for the scalars and pointers kernels take).
    if (is(i - 1, "*")) return false;
    if (is(n, "=") && !is(n + 1, "=")) return true;
    return assignment_operator_length(n) != 0;
  }

  // Tokens of a compound assignment operator (+= ... <<=) at n, or 0.
  size_t assignment_operator_length(size_t n) const {
    static const std::string_view kCompound = "+-*/%&|^";
    if (toks_[n].kind == TokenKind::punctuation && kCompound.find(text(n)[0]) != std::string_view::npos &&
        is(n + 1, "=") && adjacent(n, n + 1)) {
      return 2;
    }
    if ((is(n, "<") && is(n + 1, "<") && is(n + 2, "=")) || (is(n, ">") && is(n + 1, ">") && is(n + 2, "="))) {
      return 3;
    }
    return 0;
  }

  // Every identifier that sits where a declarator name would: after a type
  // name, `*`, `&` or `>`, before `=`, `;`, `,`, `[`, `(`, `{`, `)` or `:`.
  // Over-inclusive on purpose: such names are never taken as uniform.
  void collect_declared_names() {
    for (size_t i = body_begin_ + 1; i + 1 < body_end_; ++i) {
      if (!identifier(i) || member_access(i)) continue;
      bool after_type = (identifier(i - 1) && !kNotTypes.count(text(i - 1))) || is(i - 1, "*") || is(i - 1, "&") ||
                        is(i - 1, ">");
      std::string_view next = text(i + 1);
      bool before_end = next == "=" || next == ";" || next == "," || next == "[" || next == "(" || next == "{" ||
                        next == ")" || next == ":";
      if (after_type && before_end) declared_.insert(std::string(text(i)));
    }
  }

  bool is_uniform_name(const std::string& name, const std::vector<std::string>& uniform) const {
    return std::find(uniform.begin(), uniform.end(), name) != uniform.end();
  }

  // Does [b, e) read only block-uniform values, without assigning anything?
  // With `per_thread` it may also read threadIdx and the locals in
  // `rematerialized_` (an expression each thread can recompute at will), but
  // no uniform local that is reassigned.
  bool is_uniform(size_t b, size_t e, const std::vector<std::string>& uniform, bool per_thread = false) const {
    for (size_t i = b; i < e; ++i) {
      if (toks_[i].kind == TokenKind::punctuation) {
        std::string_view w = text(i);
        bool comparison = i > b && (is(i - 1, "=") || is(i - 1, "!") || is(i - 1, "<") || is(i - 1, ">")) &&
                          adjacent(i - 1, i) && !(i > b + 1 && is(i - 2, text(i - 1)) && adjacent(i - 2, i - 1));
        if (w == "=" && !is(i + 1, "=") && !comparison) return false;  // =, +=, <<= ...: an assignment
        if ((w == "+" || w == "-") && is(i + 1, w) && adjacent(i, i + 1)) return false;
        continue;
      }
      if (toks_[i].kind != TokenKind::identifier) continue;
      std::string_view word = text(i);
      std::string name(word);
      bool thread_index_field = per_thread && ((word == "thread_idx" && i >= 2 && is(i - 2, "tls_context")) ||
                                               word == "__cucpu_builtin_threadIdx");
      if (names_a_thread(word) && !thread_index_field) return false;
      if (member_access(i) && is(i - 1, ".")) {
        if (i >= 2 && is(i - 2, "tls_context") && !kUniformBuiltinFields.count(word) && !thread_index_field) {
          return false;
        }
        continue;
      }
      if (per_thread) {
        if (reassigned_uniform_.count(name)) return false;
        if (rematerialized_.count(name)) continue;
      }
      if (word == "tls_context") continue;  // its field is checked above
      if (kUniformBuiltins.count(word) || thread_index_field) continue;
      if (member_access(i)) continue;       // qualified name: ns::constant
      if (is_uniform_name(name, uniform)) continue;
      if (kUniformWords.count(word)) continue;
      if (declared_.count(name)) return false;  // a local (or possibly one)
      if (is(i + 1, "(")) return false;         // a call: may differ per thread
      if (is(i + 1, "[")) return false;         // an element, perhaps written by the kernel
      if (modified(name, body_begin_, body_end_)) return false;
      // A global or constant the kernel never writes.
    }
    return true;
  }

  // One past the last token of the statement starting at i.
  size_t statement_end(size_t i, size_t end) const {
    if (i >= end) return end;
    // A #pragma (unroll) belongs to the statement after it.
    if (toks_[i].kind == TokenKind::directive) return statement_end(i + 1, end);
    std::string_view w = text(i);
    if (w == "{") return match(i) + 1;
    if (w == "if" || w == "for" || w == "while" || w == "switch") {
      if (!is(i + 1, "(")) return end;
      size_t after = statement_end(match(i + 1) + 1, end);
      if (w == "if" && is(after, "else")) after = statement_end(after + 1, end);
      return after;
    }
    if (w == "do") {
      size_t after = statement_end(i + 1, end);  // the body; then `while (...) ;`
      if (is(after, "while") && is(after + 1, "(")) return std::min(end, match(after + 1) + 2);
      return end;
    }
    for (size_t j = i; j < end; ++j) {
      std::string_view t = text(j);
      if (toks_[j].kind == TokenKind::punctuation && (t == "(" || t == "[" || t == "{")) {
        j = match(j);
        continue;
      }
      if (t == ";") return j + 1;
    }
    return end;
  }

  bool contains_barrier(size_t b, size_t e) const {
    for (size_t i = b; i < e; ++i) {
      if (is(i, "__syncthreads")) return true;
    }
    return false;
  }

  // A `break` or `continue` in [b, e) that is not inside a nested loop or switch.
  bool stray_jump(size_t b, size_t e) const {
    for (size_t i = b; i < e; ++i) {
      std::string_view w = text(i);
      if (w == "break" || w == "continue") return true;
      if ((w == "for" || w == "while" || w == "switch" || w == "do") && identifier(i)) {
        i = statement_end(i, e) - 1;
      }
    }
    return false;
  }

  // Index of the first depth-0 `=` (an initialiser, not ==, <=, ...) or ','
  // in [b, e), or e.
  size_t declarator_end(size_t b, size_t e) const {
    for (size_t j = b; j < e; ++j) {
      std::string_view t = text(j);
      if (toks_[j].kind == TokenKind::punctuation && (t == "(" || t == "[" || t == "{")) {
        j = match(j);
        continue;
      }
      if (t == ",") return j;
      if (t == "=" && !is(j + 1, "=") && !(j > b && (is(j - 1, "!") || is(j - 1, "<") || is(j - 1, ">") ||
                                                    is(j - 1, "=")) && adjacent(j - 1, j))) {
        return j;
      }
    }
    return e;
  }

  // The declaration that simple statement [b, e) (e past ';') makes, if any:
  // `TYPE name [suffix] [= init], name2 [= init2] ...;`.
  bool parse_declaration(size_t b, size_t e, Declaration* out) const {
    size_t last = e - 1;  // the ';'
    if (!is(last, ";")) return false;
    size_t equals = declarator_end(b, last);
    if (is(equals, ",")) {
      // The first declarator has no initialiser; `Foo<int, 3> x` also ends up here.
      for (size_t j = b; j < equals; ++j) {
        if (is(j, "<")) return false;
      }
    }
    size_t name_end = equals;
    while (name_end > b && is(name_end - 1, "]")) {
      // step back over one [..] group
      size_t j = name_end - 1;
      int depth = 0;
      for (;; --j) {
        if (is(j, "]")) ++depth;
        if (is(j, "[") && --depth == 0) break;
        if (j == b) return false;
      }
      name_end = j;
    }
    if (name_end <= b + 1 || !identifier(name_end - 1)) return false;
    size_t name = name_end - 1;
    size_t before = name - 1;
    bool after_type = (identifier(before) && !kNotTypes.count(text(before))) || is(before, "*") ||
                      is(before, "&") || is(before, ">");
    if (!after_type || !identifier(b) || kNotTypes.count(text(b))) return false;
    bool plain = true;
    for (size_t j = b; j < name; ++j) {
      std::string_view t = text(j);
      if (t == "(" || t == "[" || t == "{" || t == "." || t == "=" || t == ",") return false;
      if (t == "auto" || t == "decltype" || t == "&" || t == "static" || t == "extern" || t == "thread_local" ||
          t == "constexpr" || t == "typedef" || t == "using" || t == "struct" || t == "class" ||
          t == "union" || t == "enum" || t == "register") {
        plain = false;
      }
    }
    out->statement_begin = b;
    out->statement_end = e;
    out->type_begin = b;
    out->type_end = name;
    out->declarators.clear();
    // The first declarator, then `, name [= init]` for each further one.
    size_t at = name;
    size_t suffix_end = equals;  // past the first declarator's `[..]` groups
    for (;;) {
      Declarator declarator{};
      declarator.name = at;
      declarator.suffix_begin = at + 1;
      declarator.suffix_end = suffix_end;
      size_t stop = suffix_end;
      declarator.has_initializer = is(stop, "=");
      if (declarator.has_initializer) {
        declarator.init_begin = stop + 1;
        size_t next = stop + 1;
        while (next < last) {
          next = declarator_end(next, last);
          if (next >= last || is(next, ",")) break;
          ++next;  // an `=` inside the initialiser (a == b)
        }
        declarator.init_end = std::min(next, last);
        stop = declarator.init_end;
        if (is(declarator.init_begin, "{") || declarator.suffix_end != declarator.suffix_begin) plain = false;
      }
      out->declarators.push_back(declarator);
      if (stop >= last) break;
      if (!is(stop, ",") || !identifier(stop + 1)) {
        plain = false;  // `int a, *b;` and the like
        break;
      }
      at = stop + 1;
      suffix_end = at + 1;
      while (is(suffix_end, "[")) suffix_end = match(suffix_end) + 1;
      if (suffix_end != at + 1) plain = false;  // arrays only as a lone declarator
    }
    out->plain = plain;
    out->name = out->declarators[0].name;
    out->has_initializer = out->declarators[0].has_initializer;
    return true;
  }

  // Classifies and records the statements of the list [b, e); recurses into
  // barrier loops. `uniform` holds the uniform names visible here.
  bool process_list(size_t b, size_t e, std::vector<std::string> uniform, bool top_level) {
    std::vector<Statement> statements;
    for (size_t i = b; i < e;) {
      size_t end = statement_end(i, e);
      if (end <= i) return fail("could not parse a statement");
      statements.push_back({i, end, StatementKind::thread});
      i = end;
    }
    for (Statement& s : statements) {
      size_t n = s.end - s.begin;
      bool barrier = contains_barrier(s.begin, s.end);
      if (n == 4 && is(s.begin, "__syncthreads") && is(s.begin + 1, "(") && is(s.begin + 2, ")") &&
          is(s.begin + 3, ";")) {
        s.kind = StatementKind::barrier;
      } else if (barrier) {
        size_t first = s.begin;
        while (first < s.end && toks_[first].kind == TokenKind::directive) ++first;
        if (!is(first, "for")) return fail("has a __syncthreads() inside a statement other than a 'for' loop");
        if (!barrier_loop(first, s.end, uniform)) return false;
        s.kind = StatementKind::barrier_loop;
      } else if (uniform_statement(s.begin, s.end, uniform)) {
        s.kind = StatementKind::uniform;
      }
    }
    // Regions: runs of thread statements.
    int region = -1;
    bool in_region = false;
    for (size_t k = 0; k < statements.size(); ++k) {
      const Statement& s = statements[k];
      if (s.kind != StatementKind::thread) {
        in_region = false;
        if (s.kind == StatementKind::barrier) barrier_tokens_.push_back(s.begin);
        continue;
      }
      if (!in_region) {
        region = next_region_++;
        regions_.push_back({s.begin, s.end, top_level, false});
        in_region = true;
      }
      regions_[size_t(region)].last = s.end;
      for (size_t j = s.begin; j < s.end; ++j) region_of_[j] = region;
      Declaration declaration{};
      if (parse_declaration(s.begin, s.end, &declaration)) {
        declaration.scope_end = e;
        declaration.region = region;
        declaration.uniform_in_scope = uniform;
        declarations_.push_back(declaration);
      }
    }
    // The kernel's last region may hold `return`s (the thread exits), if no
    // barrier follows it.
    if (top_level) {
      for (size_t k = statements.size(); k-- > 0;) {
        if (statements[k].kind == StatementKind::barrier || statements[k].kind == StatementKind::barrier_loop) break;
        if (statements[k].kind == StatementKind::thread) {
          final_region_ = region_of_[statements[k].begin];
          break;
        }
      }
    }
    return true;
  }

  // A declaration whose value is the same for every thread, or a declaration
  // that is per block anyway (static, shared, constexpr, type aliases).
  bool uniform_statement(size_t b, size_t e, std::vector<std::string>& uniform) {
    for (size_t j = b; j < e; ++j) {
      if (toks_[j].kind == TokenKind::punctuation && (is(j, "(") || is(j, "[") || is(j, "{"))) {
        // `__shared__` inside brackets is not at this level
        j = match(j);
        continue;
      }
      if (is(j, "__cucpu_shared__")) return true;
    }
    std::string_view first = text(b);
    if (first == "static" || first == "constexpr" || first == "typedef" || first == "using") {
      if (first == "static" || first == "constexpr") {
        Declaration d{};
        if (parse_declaration(b, e, &d)) {
          for (const Declarator& v : d.declarators) uniform.push_back(std::string(text(v.name)));
        }
      }
      return true;
    }
    if (uniform_assignments_.count(b)) return true;
    Declaration d{};
    if (!parse_declaration(b, e, &d) || !d.has_initializer || d.declarators.size() != 1) return false;
    std::string name(text(d.name));
    size_t equals = d.name + 1;
    if (!is(equals, "=")) return false;
    if (!is_uniform(equals + 1, e - 1, uniform)) return false;
    for (size_t j = b; j < d.name; ++j) {
      if (is(j, "&")) return false;  // a reference could alias per-thread data
    }
    std::vector<size_t> assignments;
    if (!only_uniform_assignments(name, d.statement_end, uniform, &assignments)) return false;
    if (!assignments.empty()) reassigned_uniform_.insert(name);
    for (size_t a : assignments) uniform_assignments_.insert(a);
    uniform.push_back(name);
    return true;
  }

  // Is every write to `name` after `from` a statement of its own at a
  // barrier level (the kernel's top level or a barrier loop's body) that
  // assigns it a uniform value (`flip = 1 - flip;`)? Such a statement runs
  // once per block between the loops over threads, so the variable stays
  // shared. Collects the statements' first tokens.
  bool only_uniform_assignments(const std::string& name, size_t from, const std::vector<std::string>& uniform,
                                std::vector<size_t>* statements) const {
    std::vector<std::string> readable = uniform;
    readable.push_back(name);
    for (size_t i = from; i < body_end_; ++i) {
      if (!identifier(i) || text(i) != name || member_access(i) || !modifies_at(i)) continue;
      size_t begin = i;
      if (i >= 2 && (is(i - 1, "+") || is(i - 1, "-")) && is(i - 2, text(i - 1))) begin = i - 2;
      auto statement = level_statements_.find(begin);
      if (statement == level_statements_.end() || !is(statement->second - 1, ";")) return false;
      size_t end = statement->second - 1;
      size_t rhs = i + 1;
      if (is(rhs, "=")) {
        rhs += 1;
      } else if (size_t length = assignment_operator_length(rhs)) {
        rhs += length;
      } else if ((is(rhs, "+") || is(rhs, "-")) && is(rhs + 1, text(rhs))) {
        rhs += 2;
      } else if (begin == i) {
        return false;  // &name
      }
      if (!is_uniform(rhs, end, readable)) return false;
      statements->push_back(begin);
    }
    return true;
  }

  // Records the statements at barrier levels (see only_uniform_assignments).
  void collect_level_statements(size_t b, size_t e) {
    for (size_t i = b; i < e;) {
      size_t end = statement_end(i, e);
      if (end <= i) return;
      level_statements_[i] = end;
      if (is(i, "for") && is(i + 1, "(") && contains_barrier(i, end)) {
        size_t body = match(i + 1) + 1;
        if (is(body, "{")) collect_level_statements(body + 1, match(body));
      }
      i = end;
    }
  }

  // for (TYPE var = uniform; uniform cond; var update) { body with barriers }
  bool barrier_loop(size_t b, size_t e, const std::vector<std::string>& outer_uniform) {
    size_t open = b + 1;
    size_t close = match(open);
    size_t body = close + 1;
    if (!is(body, "{") || match(body) + 1 != e) return fail("has a barrier in a 'for' loop without a braced body");
    std::vector<size_t> semicolons;
    for (size_t j = open + 1; j < close; ++j) {
      if (toks_[j].kind == TokenKind::punctuation && (is(j, "(") || is(j, "[") || is(j, "{"))) {
        j = match(j);
        continue;
      }
      if (is(j, ";")) semicolons.push_back(j);
      if (is(j, ":") && !is(j + 1, ":") && !is(j - 1, ":")) return fail("has a barrier in a range-for loop");
    }
    if (semicolons.size() != 2) return fail("has a barrier in a 'for' loop it cannot parse");
    std::vector<std::string> uniform = outer_uniform;
    std::string counter;
    if (semicolons[0] != open + 1) {
      Declaration d{};
      if (!parse_declaration(open + 1, semicolons[0] + 1, &d) || !d.has_initializer || !is(d.name + 1, "=") ||
          d.declarators.size() != 1) {
        return fail("has a barrier in a 'for' loop whose initialisation is not one declaration");
      }
      counter = std::string(text(d.name));
      if (!is_uniform(d.name + 2, semicolons[0], uniform)) {
        return fail("has a barrier in a 'for' loop whose counter '" + counter + "' may differ between threads");
      }
    }
    if (!counter.empty()) uniform.push_back(counter);
    if (!is_uniform(semicolons[0] + 1, semicolons[1], uniform)) {
      return fail("has a barrier in a 'for' loop whose condition may differ between threads");
    }
    // The update may assign the counter only.
    for (size_t j = semicolons[1] + 1; j < close; ++j) {
      if (identifier(j) && text(j) != counter && modified(std::string(text(j)), semicolons[1] + 1, close)) {
        return fail("has a barrier in a 'for' loop whose update assigns '" + std::string(text(j)) + "'");
      }
    }
    std::vector<std::string> update_uniform = uniform;
    if (!counter.empty()) {
      // The update reads the counter; the rest must be uniform.
      size_t j = semicolons[1] + 1;
      for (; j < close; ++j) {
        if (identifier(j) && text(j) != counter && !member_access(j) &&
            !is_uniform(j, j + 1, update_uniform)) {
          return fail("has a barrier in a 'for' loop whose update may differ between threads");
        }
      }
      if (modified(counter, body + 1, e - 1)) return fail("assigns the counter of a loop with a barrier");
    }
    if (stray_jump(body + 1, e - 1)) return fail("has 'break' or 'continue' in a loop with a barrier");
    return process_list(body + 1, e - 1, uniform, false);
  }

  bool check_returns() {
    for (size_t i = body_begin_; i < body_end_; ++i) {
      if (!is(i, "return")) continue;
      auto region = region_of_.find(i);
      if (region == region_of_.end() || region->second != final_region_) {
        return fail("returns before its last barrier");
      }
    }
    if (final_region_ >= 0) regions_[size_t(final_region_)].final = true;
    return true;
  }

  // Decides, per declaration, how locals used in other regions (within
  // their scope) reach them: recomputed there if every such local is cheap
  // to recompute, otherwise every local of the declaration moves to
  // per-thread storage that each region binds by reference.
  bool plan_storage() {
    std::sort(declarations_.begin(), declarations_.end(),
              [](const Declaration& a, const Declaration& b) { return a.statement_begin < b.statement_begin; });
    for (const Declaration& d : declarations_) {
      std::vector<std::set<int>> used_in(d.declarators.size());
      bool crosses = false;
      for (size_t k = 0; k < d.declarators.size(); ++k) {
        std::string name(text(d.declarators[k].name));
        for (size_t i = d.statement_end; i < d.scope_end; ++i) {
          if (!identifier(i) || text(i) != name || member_access(i)) continue;
          auto region = region_of_.find(i);
          if (region == region_of_.end()) return fail("uses the per-thread local '" + name + "' in a uniform place");
          if (region->second != d.region) used_in[k].insert(region->second);
        }
        crosses = crosses || !used_in[k].empty();
      }
      if (!crosses) continue;
      std::string first_name(text(d.name));
      if (!d.plain) {
        return fail("keeps the local '" + first_name +
                    "' across a barrier, but its declaration is not plain (auto, a reference, a brace "
                    "initialiser or an initialised array)");
      }
      std::string type = spell(d.type_begin, d.type_end);
      // Recompute: arithmetic on threadIdx, uniform values and earlier such locals.
      std::vector<std::string> recomputed;
      bool all_recomputable = true;
      for (size_t k = 0; k < d.declarators.size() && all_recomputable; ++k) {
        const Declarator& v = d.declarators[k];
        std::string name(text(v.name));
        if (used_in[k].empty()) continue;
        if (v.has_initializer && v.suffix_begin == v.suffix_end && !modified(name, d.statement_end, d.scope_end) &&
            rematerializable(v.init_begin, v.init_end, d.uniform_in_scope)) {
          rematerialized_.insert(name);
          recomputed.push_back(name);
        } else {
          all_recomputable = false;
        }
      }
      if (all_recomputable) {
        for (size_t k = 0; k < d.declarators.size(); ++k) {
          const Declarator& v = d.declarators[k];
          std::string declaration =
              type + " " + std::string(text(v.name)) + " = " + spell(v.init_begin, v.init_end) + "; ";
          for (int r : used_in[k]) regions_[size_t(r)].bindings += declaration;
        }
        continue;
      }
      for (const std::string& name : recomputed) rematerialized_.erase(name);
      Region& home = regions_[size_t(d.region)];
      for (size_t k = 0; k < d.declarators.size(); ++k) {
        const Declarator& v = d.declarators[k];
        std::string name(text(v.name));
        std::string storage = "cucpu_split_" + std::to_string((*storage_counter_)++) + "_" + name;
        home.storage += "static thread_local ::std::remove_cv_t<" + type + spell(v.suffix_begin, v.suffix_end) +
                        "> " + storage + "[1024]; auto* const " + storage + "_at = " + storage + "; ";
        used_in[k].insert(d.region);
        // A scalar or struct whose address the kernel never takes is copied
        // into a local for the region and back at its end, so g++ keeps it
        // in a register: through a reference to the thread's slot, every
        // store through a pointer of a compatible type forces a reload (and
        // slots of 1024-element arrays sit 4 KiB apart, which costs more).
        bool copy = v.suffix_begin == v.suffix_end && !address_taken(name);
        for (int r : used_in[k]) {
          Region& region = regions_[size_t(r)];
          if (copy) {
            region.bindings += "::std::remove_cv_t<" + type + "> " + name + " = " + storage + "_at[cucpu_t]; ";
            region.write_backs += " " + storage + "_at[cucpu_t] = " + name + ";";
          } else {
            region.bindings += "auto& " + name + " = " + storage + "_at[cucpu_t]; ";
          }
        }
        blank(v.suffix_begin, v.suffix_end);
      }
      // The declaration becomes assignments to the thread's slots:
      // `float a = 1, b;` -> `a = 1, b;`.
      blank(d.type_begin, d.type_end);
    }
    return true;
  }

  // The tokens [b, e) as one line of text (line markers left out).
  std::string spell(size_t b, size_t e) const {
    std::string out;
    for (size_t i = b; i < e; ++i) {
      if (toks_[i].kind == TokenKind::directive) continue;
      // Tokens are single characters for punctuation: keep `::`, `->`, `<<=` whole.
      if (!out.empty() && !adjacent(i - 1, i)) out += ' ';
      out += final_text_(i);
    }
    return out;
  }

  // Removes the tokens [b, e), keeping line breaks and line markers so the
  // following lines keep their numbers.
  void blank(size_t b, size_t e, std::vector<SplitEdit>* into = nullptr) {
    if (into == nullptr) into = &edits_;
    for (size_t i = b; i < e; ++i) {
      if (toks_[i].kind != TokenKind::directive) into->push_back({toks_[i].begin, toks_[i].end, ""});
    }
  }

  // An initialiser a thread can evaluate again with the same result:
  // arithmetic on threadIdx, uniform values and other such locals.
  bool rematerializable(size_t b, size_t e, const std::vector<std::string>& uniform) const {
    for (size_t i = b; i < e; ++i) {
      if (is(i, "[") || is(i, "{")) return false;  // a memory read, or an aggregate
      if (is(i, "*") || is(i, "&")) {              // unary: a dereference or an address
        bool binary = i > b && (identifier(i - 1) || toks_[i - 1].kind == TokenKind::number || is(i - 1, ")"));
        if (!binary) return false;
      }
    }
    return is_uniform(b, e, uniform, true);
  }

  // The type of the loops' thread counter: `int` when the kernel keeps
  // threadIdx.x in a signed local (`int tid = threadIdx.x;`), else unsigned.
  // Only speed depends on it (the thread index stored for the region is the
  // same): g++ splits a loop at `tid >= offset` and vectorises the halves
  // only when the comparison has the counter's signedness.
  std::string counter_type() const {
    for (const Declaration& d : declarations_) {
      for (const Declarator& v : d.declarators) {
        if (!v.has_initializer || v.init_end != v.init_begin + 3) continue;
        if (!(is(v.init_begin, "threadIdx") || is(v.init_begin, "__cucpu_builtin_threadIdx")) ||
            !is(v.init_begin + 1, ".") || !is(v.init_begin + 2, "x")) {
          continue;
        }
        bool is_signed = false;
        for (size_t j = d.type_begin; j < d.type_end; ++j) {
          std::string_view t = text(j);
          if (t == "unsigned" || t == "size_t" || t.rfind("uint", 0) == 0 || t == "auto") return "unsigned";
          if (t == "int" || t == "long" || t == "short" || t == "int32_t" || t == "int64_t" || t == "signed") {
            is_signed = true;
          }
        }
        return is_signed ? "int" : "unsigned";
      }
    }
    return "unsigned";
  }

  void emit(size_t open, size_t close) {
    const std::string loop = "::cucpu::detail::for_each_thread<" + counter_type() + ">";
    std::vector<SplitEdit> edits;
    edits.push_back({toks_[open].end, toks_[open].end, " ::cucpu::detail::split_block_begin();"});
    for (const Region& region : regions_) {
      // Openers go at the end of the token before the region, so a #pragma
      // line that starts the region stays at the start of its line.
      edits.push_back({toks_[region.first - 1].end, toks_[region.first - 1].end,
                       region.storage + loop + "([&]([[maybe_unused]] unsigned cucpu_t) { " +
                           region.bindings});
      edits.push_back({toks_[region.last - 1].end, toks_[region.last - 1].end, region.write_backs + " });"});
    }
    for (size_t barrier : barrier_tokens_) blank(barrier, barrier + 4, &edits);
    edits.push_back({toks_[close].begin, toks_[close].begin, "::cucpu::detail::split_block_end(); "});
    // Stable: edits at one place keep the order pushed (a closer before the
    // kernel's end call).
    for (SplitEdit& edit : edits_) edits.push_back(std::move(edit));
    std::stable_sort(edits.begin(), edits.end(),
                     [](const SplitEdit& a, const SplitEdit& b) { return a.begin < b.begin; });
    edits_ = std::move(edits);
  }

  struct Region {
    size_t first;  // token range of its statements
    size_t last;
    bool top_level;
    bool final;
    std::string storage;   // per-thread storage declared before it
    std::string bindings;  // references to that storage (or copies of it), at its start
    std::string write_backs;  // the copies stored back, at its end
  };

  std::string_view src_;
  const std::vector<Token>& toks_;
  const std::set<std::string>& barrier_functions_;
  const std::function<std::string(size_t)>& final_text_;
  int* storage_counter_;
  size_t body_begin_ = 0;
  size_t body_end_ = 0;
  std::vector<std::string> parameters_;
  std::set<std::string> declared_;
  std::map<size_t, size_t> level_statements_;  // first token -> one past the last
  std::set<size_t> uniform_assignments_;       // first tokens of uniform assignment statements
  std::set<std::string> reassigned_uniform_;
  std::set<std::string> rematerialized_;
  std::vector<Region> regions_;
  std::map<size_t, int> region_of_;
  std::vector<Declaration> declarations_;
  std::vector<size_t> barrier_tokens_;
  int next_region_ = 0;
  int final_region_ = -1;
  std::string reason_;
  std::vector<SplitEdit> edits_;
};

class Splitter {
 public:
  Splitter(std::string_view src, const TokenizedSource& parsed, const std::function<std::string(size_t)>& final_text)
      : src_(src), parsed_(parsed), toks_(parsed.tokens), final_text_(final_text) {}

  SplitResult run(const std::vector<size_t>& markers) {
    find_barrier_functions();
    SplitResult result;
    for (size_t marker : markers) {
      // (The marker itself comes from a system header's macro.)
      size_t params_open = 0, params_close = 0, open = 0, close = 0;
      std::string name;
      if (!find_definition(marker, &name, &params_open, &params_close, &open, &close)) continue;
      if (parsed_.files[toks_[open].file].system) continue;
      // A kernel without barriers is one region: a loop over threads is
      // still tighter than the scheduler's per-thread start (conv2d: 57 ms
      // -> 45 ms of CPU).
      KernelSplitter splitter(src_, parsed_, barrier_functions_, final_text_, &storage_counter_);
      if (splitter.split(params_open, params_close, open, close)) {
        for (SplitEdit& edit : splitter.edits()) result.edits.push_back(std::move(edit));
        result.split_kernels.push_back(name);
      } else {
        result.kept_on_fibers.push_back(name + ": " + splitter.reason());
      }
    }
    return result;
  }

 private:
  std::string_view text(size_t i) const { return src_.substr(toks_[i].begin, toks_[i].end - toks_[i].begin); }
  bool is(size_t i, std::string_view s) const { return i < toks_.size() && text(i) == s; }
  bool identifier(size_t i) const { return i < toks_.size() && toks_[i].kind == TokenKind::identifier; }

  size_t match(size_t i) const {
    int depth = 0;
    for (size_t j = i; j < toks_.size(); ++j) {
      if (toks_[j].kind != TokenKind::punctuation) continue;
      char c = text(j)[0];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if ((c == ')' || c == ']' || c == '}') && --depth == 0) return j;
    }
    return toks_.size();
  }

  // The kernel defined after the marker: name, parameter list and body.
  bool find_definition(size_t marker, std::string* name, size_t* params_open, size_t* params_close, size_t* open,
                       size_t* close) const {
    for (size_t i = marker + 1; i < toks_.size(); ++i) {
      if (is(i, "__attribute__") && is(i + 1, "(")) {
        i = match(i + 1);
        continue;
      }
      if (is(i, ";") || is(i, "{")) return false;
      if (is(i, "(") && identifier(i - 1)) {
        *name = std::string(text(i - 1));
        *params_open = i;
        *params_close = match(i);
        size_t j = *params_close + 1;
        while (j < toks_.size() && !is(j, "{") && !is(j, ";")) ++j;
        if (!is(j, "{")) return false;
        *open = j;
        *close = match(j);
        return *close < toks_.size();
      }
    }
    return false;
  }

  // Names of user functions whose bodies contain a barrier or a collective,
  // directly or through calls of such functions.
  void find_barrier_functions() {
    struct Function {
      std::string name;
      size_t open, close;
    };
    std::vector<Function> functions;
    for (size_t i = 1; i < toks_.size(); ++i) {
      if (!is(i, "{") || parsed_.files[toks_[i].file].system) continue;
      size_t j = i - 1;
      while (j > 0 && (is(j, "const") || is(j, "noexcept") || is(j, "override"))) --j;
      if (!is(j, ")")) continue;
      // the matching '('
      int depth = 0;
      size_t k = j;
      for (;; --k) {
        if (is(k, ")")) ++depth;
        if (is(k, "(") && --depth == 0) break;
        if (k == 0) break;
      }
      if (k == 0 || !identifier(k - 1)) continue;
      std::string_view callee = text(k - 1);
      if (callee == "if" || callee == "for" || callee == "while" || callee == "switch" || callee == "catch") continue;
      functions.push_back({std::string(callee), i, match(i)});
    }
    bool changed = true;
    while (changed) {
      changed = false;
      for (const Function& f : functions) {
        if (barrier_functions_.count(f.name)) continue;
        for (size_t i = f.open; i < f.close && i < toks_.size(); ++i) {
          if (!identifier(i)) continue;
          std::string_view word = text(i);
          if (word == "__syncthreads" || is_collective(word) || barrier_functions_.count(std::string(word))) {
            if (word == f.name) continue;  // recursion
            barrier_functions_.insert(f.name);
            changed = true;
            break;
          }
        }
      }
    }
  }

  std::string_view src_;
  const TokenizedSource& parsed_;
  const std::vector<Token>& toks_;
  const std::function<std::string(size_t)>& final_text_;
  std::set<std::string> barrier_functions_;
  int storage_counter_ = 0;
};

}  // namespace

SplitResult split_barrier_kernels(std::string_view source, const TokenizedSource& parsed,
                                  const std::vector<size_t>& kernel_markers,
                                  const std::function<std::string(size_t)>& final_text) {
  return Splitter(source, parsed, final_text).run(kernel_markers);
}

}  // namespace cucpu::compiler
