// See bounds_prechecks.h.
#include "bounds_prechecks.h"

#include <algorithm>
#include <functional>
#include <set>

#include "statement_parsing.h"

namespace cucpu::compiler {
namespace {

constexpr size_t kNone = static_cast<size_t>(-1);

// Words a condition may hold besides names it reads: casts, the expansion
// of the built-in variables, and the pure min/max.
const std::set<std::string_view> kConditionWords = {
    "static_cast", "const", "unsigned", "signed", "int", "long", "short", "char", "float", "double", "bool",
    "size_t", "sizeof", "true", "false", "uint3", "dim3", "int64_t", "uint64_t", "int32_t", "uint32_t",
    "min", "max", "tls_context", "__cucpu_builtin_threadIdx", "__cucpu_builtin_blockIdx",
    "__cucpu_builtin_blockDim", "__cucpu_builtin_gridDim"};

bool scope_colon(const TokenCursor& c, size_t i) {
  return c.is(i, ":") && ((i > 0 && c.is(i - 1, ":") && c.adjacent(i - 1, i)) ||
                          (c.is(i + 1, ":") && c.adjacent(i, i + 1)));
}

// Is the `<` or `>` at i a comparison (not part of <<, >>, -> or a shift
// assignment)?
bool relational_at(const TokenCursor& c, size_t i) {
  if (!c.is(i, "<") && !c.is(i, ">")) return false;
  std::string_view w = c.text(i);
  if (i > 0 && c.adjacent(i - 1, i) && (c.is(i - 1, w) || (w == ">" && c.is(i - 1, "-")))) return false;
  if (c.adjacent(i, i + 1) && c.is(i + 1, w)) return false;
  return true;
}

// Is [b, e) comparisons joined by `&&` (at its top level: each part holds
// a `<`, `<=`, `>` or `>=`, and nothing holds `||`, `?`, `==` or `!=`)?
bool comparisons_joined_by_and(const TokenCursor& c, size_t b, size_t e) {
  int depth = 0;
  bool part_compares = false;
  for (size_t i = b; i < e; ++i) {
    if (!c.punctuation(i)) continue;
    if (c.is(i, "(") || c.is(i, "[")) ++depth;
    if (c.is(i, ")") || c.is(i, "]")) --depth;
    if (depth > 0) continue;
    bool doubled = i + 1 < e && c.adjacent(i, i + 1) && c.is(i + 1, c.text(i));
    if (c.is(i, "&") && doubled) {
      if (!part_compares) return false;
      part_compares = false;
      ++i;
      continue;
    }
    if ((c.is(i, "|") && doubled) || c.is(i, "?")) return false;
    if (c.is(i, "=") && i > b && c.adjacent(i - 1, i) && (c.is(i - 1, "=") || c.is(i - 1, "!"))) return false;
    if (relational_at(c, i)) part_compares = true;
  }
  return part_compares;
}

// The first token of the condition of the `?` at q, or kNone where it would
// start at `first` (the region's first token) or cannot be found.
size_t ternary_condition_begin(const TokenCursor& c, size_t q, size_t first) {
  int depth = 0;
  for (size_t j = q; j-- > first;) {
    if (c.directive(j)) continue;
    if (c.is(j, ")") || c.is(j, "]")) {
      ++depth;
      continue;
    }
    if (c.is(j, "(") || c.is(j, "[")) {
      if (depth == 0) return j + 1;
      --depth;
      continue;
    }
    if (depth > 0) continue;
    if (c.is(j, "{") || c.is(j, "}") || c.is(j, ";") || c.is(j, ",") || c.is(j, "?") || c.is(j, "return")) {
      return j + 1;
    }
    if (c.is(j, ":") && !scope_colon(c, j)) return j + 1;
    if (c.is(j, "=")) {
      bool part_of_comparison = (c.adjacent(j, j + 1) && c.is(j + 1, "=")) ||
                                (j > 0 && c.adjacent(j - 1, j) && (c.is(j - 1, "=") || c.is(j - 1, "!")));
      if (!part_of_comparison && j > 0 && c.adjacent(j - 1, j) && (c.is(j - 1, "<") || c.is(j - 1, ">"))) {
        // `<=` and `>=` compare; `<<=` and `>>=` assign.
        part_of_comparison = !(j > 1 && c.adjacent(j - 2, j - 1) && c.is(j - 2, c.text(j - 1)));
      }
      if (!part_of_comparison) return j + 1;  // an assignment: the condition follows it
    }
  }
  return kNone;
}

// Does every `/` and `%` in [b, e) divide by a nonzero number or a constant
// (so evaluating it in any thread cannot trap)?
bool divisions_cannot_trap(const TokenCursor& c, size_t b, size_t e, size_t body_begin, size_t body_end) {
  for (size_t i = b; i < e; ++i) {
    if (!c.is(i, "/") && !c.is(i, "%")) continue;
    size_t d = i + 1;
    while (d < e && c.directive(d)) ++d;
    if (d >= e) return false;
    if (c.token(d).kind == TokenKind::number) {
      std::string_view digits = c.text(d);
      if (digits.find_first_of("123456789") == std::string_view::npos) return false;
      continue;
    }
    if (!c.identifier(d) || c.member_access(d) || c.is(d + 1, "(") || c.is(d + 1, "[") || c.is(d + 1, ":") ||
        c.is(d + 1, ".")) {
      return false;
    }
    if (!is_constant_global(c, c.word(d), body_begin, body_end)) return false;
  }
  return true;
}

class PrecheckPlanner {
 public:
  PrecheckPlanner(const TokenCursor& c, size_t body_begin, size_t body_end, const std::vector<std::string>& parameters,
                  const RegionPlan& plan, const ThreadStorage& storage, const BlockUniformity& uniformity)
      : c_(c), m_body_begin(body_begin), m_body_end(body_end), m_plan(plan), m_storage(storage), m_uniformity(uniformity) {
    for (const std::string& name : parameters) {
      if (!modified(c, name, body_begin, body_end) && declaration_count(c, name, body_begin, body_end) == 0) {
        m_parameters.push_back(name);
      }
    }
    // Shared and static variables are uniform names too, but threads write them.
    for (size_t i = body_begin; i < body_end; ++i) {
      if (!c.is(i, "__cucpu_shared__") && !c.is(i, "static")) continue;
      size_t end = statement_end(c, i, body_end);
      for (const std::string& name : declared_names(c, i, end)) m_written_uniform.insert(name);
    }
  }

  // Does the condition [b, e) of region r qualify? If so, adds the
  // recomputed locals it reads (and those they read) to `locals`.
  bool qualifies(const ThreadRegion& region, int r, size_t b, size_t e, std::set<std::string>* locals) const {
    if (b >= e) return false;
    for (size_t i = b; i < e; ++i) {
      if (c_.directive(i)) continue;
      auto at = m_plan.region_of.find(i);
      if (at == m_plan.region_of.end() || at->second != r) return false;
    }
    if (!comparisons_joined_by_and(c_, b, e)) return false;
    std::vector<std::string> uniform = m_parameters;
    for (const std::string& name : region.uniform_in_scope) {
      if (!m_written_uniform.count(name) && !reassigned(name) &&
          declaration_count(c_, name, m_body_begin, m_body_end) == 1) {
        uniform.push_back(name);
      }
    }
    if (!m_uniformity.is_recomputable(b, e, uniform)) return false;
    // A test the whole block agrees on needs none (the signed index
    // rewrite's `blockIdx.x * blockDim.x > ... ? ... : ...`).
    if (m_uniformity.is_uniform(b, e, uniform)) return false;
    if (!divisions_cannot_trap(c_, b, e, m_body_begin, m_body_end)) return false;
    std::set<std::string> read;
    for (size_t i = b; i < e; ++i) {
      if (!c_.identifier(i)) continue;
      const std::string name = c_.word(i);
      bool field = i > 0 && (c_.is(i - 1, ".") || (c_.is(i - 1, ">") && c_.is(i - 2, "-")));
      if (field) {
        if (c_.is(i + 1, "(")) return false;  // a member function
        continue;
      }
      if (kConditionWords.count(name)) continue;
      if (c_.is(i + 1, ":") && scope_colon(c_, i + 1)) continue;  // a namespace or class
      bool qualified = c_.member_access(i);
      if (!qualified && std::find(uniform.begin(), uniform.end(), name) != uniform.end()) continue;
      if (!qualified && m_storage.recomputed.count(name)) {
        if (!local_in_scope(name, b, e)) return false;
        read.insert(name);
        continue;
      }
      if (c_.is(i + 1, "(") || !m_uniformity.is_constant(name)) return false;
    }
    // The recomputed locals it reads, with those they are computed from.
    std::vector<std::string> pending(read.begin(), read.end());
    while (!pending.empty()) {
      std::string name = pending.back();
      pending.pop_back();
      const RecomputedLocal& local = m_storage.recomputed.at(name);
      if (!divisions_cannot_trap(c_, local.init_begin, local.init_end, m_body_begin, m_body_end)) return false;
      for (const std::string& from : local.reads) {
        if (read.insert(from).second) pending.push_back(from);
      }
    }
    // A test on the thread index and constants alone (`lane < kWarps`)
    // comes out the same in every block: where one block fails it, all do,
    // and its precheck only costs a loop.
    auto reads_launch_value = [&](size_t from, size_t to) {
      for (size_t i = from; i < to; ++i) {
        if (!c_.identifier(i)) continue;
        if (is_launch_builtin(c_.text(i))) return true;
        if (!c_.member_access(i) && std::find(uniform.begin(), uniform.end(), c_.word(i)) != uniform.end()) return true;
      }
      return false;
    };
    bool varies = reads_launch_value(b, e);
    for (const std::string& name : read) {
      const RecomputedLocal& local = m_storage.recomputed.at(name);
      varies = varies || reads_launch_value(local.init_begin, local.init_end);
    }
    if (!varies) return false;
    locals->insert(read.begin(), read.end());
    return true;
  }

  // The recomputed locals' declarations, each after those it reads.
  std::string declarations(const std::set<std::string>& locals) const {
    std::string out;
    std::set<std::string> done;
    for (const std::string& name : locals) declare_recomputed(m_storage.recomputed, name, &done, &out);
    return out;
  }

 private:
  // Is the local `name` written besides in its declarations (a barrier
  // loop's counter)? Its test is rarely passed by a whole block.
  bool reassigned(const std::string& name) const {
    size_t writes = 0;
    for (size_t i = m_body_begin; i < m_body_end; ++i) {
      if (c_.identifier(i) && c_.text(i) == name && !c_.member_access(i) && modifies_at(c_, i, m_body_end)) ++writes;
    }
    return writes > declaration_count(c_, name, m_body_begin, m_body_end);
  }

  // Is `name` one local, declared once in the kernel, whose scope holds [b, e)?
  bool local_in_scope(const std::string& name, size_t b, size_t e) const {
    if (declaration_count(c_, name, m_body_begin, m_body_end) != 1) return false;
    for (const RegionLocal& local : m_plan.locals) {
      for (const Declarator& v : local.syntax.declarators) {
        if (c_.word(v.name) == name) return local.syntax.statement_end <= b && e <= local.scope_end;
      }
    }
    return false;
  }

  const TokenCursor& c_;
  size_t m_body_begin, m_body_end;
  const RegionPlan& m_plan;
  const ThreadStorage& m_storage;
  const BlockUniformity& m_uniformity;
  std::vector<std::string> m_parameters;  // those the kernel never writes
  std::set<std::string> m_written_uniform;
};

}  // namespace

std::vector<BoundsPrecheck> plan_bounds_prechecks(const TokenCursor& c, size_t body_begin, size_t body_end,
                                                  const std::vector<std::string>& parameters, const RegionPlan& plan,
                                                  const ThreadStorage& storage, const BlockUniformity& uniformity,
                                                  const std::function<std::string(size_t)>& final_text) {
  PrecheckPlanner planner(c, body_begin, body_end, parameters, plan, storage, uniformity);
  std::vector<BoundsPrecheck> prechecks;
  for (size_t r = 0; r < plan.regions.size(); ++r) {
    const ThreadRegion& region = plan.regions[r];
    if (region.strided >= 0) continue;
    bool guard_header = false;
    for (const Guard& guard : plan.guards) guard_header = guard_header || guard.if_token == region.first;
    if (guard_header) continue;
    BoundsPrecheck precheck;
    precheck.region = int(r);
    precheck.flag = "cucpu_in_bounds_" + std::to_string(r);
    std::set<std::string> locals;
    std::string tests;
    // Each condition C: `(flag || (` after the token before it, `))` after
    // its last token (never at the start of a token another pass replaces).
    auto add = [&](size_t b, size_t e) {
      size_t last = e - 1;
      while (last > b && c.directive(last)) --last;
      size_t before = b - 1;
      while (before > region.first && c.directive(before)) --before;
      if (!planner.qualifies(region, int(r), b, e, &locals)) return;
      tests += " | unsigned(!(" + c.spell(b, e, final_text) + "))";
      precheck.edits.push_back({c.token(before).end, c.token(before).end, " (" + precheck.flag + " || ("});
      precheck.edits.push_back({c.token(last).end, c.token(last).end, "))"});
    };
    for (size_t i = region.first; i < region.last; ++i) {
      if (c.is(i, "if") && c.is(i + 1, "(")) {
        size_t close = c.closing_bracket(i + 1, region.last);
        // `if (i >= n) return;`: a test threads rarely all pass.
        size_t body = close + 1;
        while (body < region.last && (c.directive(body) || c.is(body, "{"))) ++body;
        bool leaves = c.is(body, "return") || c.is(body, "break") || c.is(body, "continue");
        if (close < region.last && !leaves) add(i + 2, close);
      } else if (c.is(i, "?")) {
        size_t begin = ternary_condition_begin(c, i, region.first);
        if (begin != kNone && begin > region.first) add(begin, i);
      }
    }
    if (tests.empty()) continue;
    // An OR of unsigned misses: g++ vectorises that reduction, not a bool's.
    precheck.misses = "cucpu_misses_" + std::to_string(r);
    precheck.body = planner.declarations(locals) + precheck.misses + " |=" + tests.substr(2) + "; ";
    prechecks.push_back(std::move(precheck));
  }
  return prechecks;
}

}  // namespace cucpu::compiler
