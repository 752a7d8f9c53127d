// See barrier_regions.h.
#include "barrier_regions.h"

#include <algorithm>
#include <set>

namespace cucpu::compiler {
namespace {

enum class StatementKind { barrier, barrier_loop, uniform, thread };

struct Statement {
  size_t begin;  // token range [begin, end)
  size_t end;
  StatementKind kind;
};

class RegionPlanner {
 public:
  RegionPlanner(const TokenCursor& c, size_t body_begin, size_t body_end, const BlockGroups& groups,
                BlockUniformity& uniformity, RegionPlan* plan)
      : c_(c), body_begin_(body_begin), body_end_(body_end), groups_(groups), uniformity_(uniformity), plan_(*plan) {}

  bool run(const std::vector<std::string>& parameters) {
    collect_level_statements(body_begin_, body_end_);
    if (!process_list(body_begin_, body_end_, parameters, true)) return false;
    if (!check_returns()) return false;
    std::sort(plan_.locals.begin(), plan_.locals.end(), [](const RegionLocal& a, const RegionLocal& b) {
      return a.syntax.statement_begin < b.syntax.statement_begin;
    });
    return true;
  }

  const std::string& reason() const { return reason_; }

 private:
  bool fail(std::string why) {
    if (reason_.empty()) reason_ = std::move(why);
    return false;
  }

  bool contains_barrier(size_t b, size_t e) const {
    for (size_t i = b; i < e; ++i) {
      if (c_.is(i, "__syncthreads") || groups_.barriers.count(i)) return true;
    }
    return false;
  }

  // `__syncthreads();` or a thread block's sync statement.
  bool barrier_statement(size_t b, size_t e) const {
    auto group_barrier = groups_.barriers.find(b);
    if (group_barrier != groups_.barriers.end()) return group_barrier->second == e;
    return e - b == 4 && c_.is(b, "__syncthreads") && c_.is(b + 1, "(") && c_.is(b + 2, ")") && c_.is(b + 3, ";");
  }

  // Classifies and records the statements of the list [b, e); recurses into
  // barrier loops. `uniform` holds the uniform names visible here.
  bool process_list(size_t b, size_t e, std::vector<std::string> uniform, bool top_level) {
    std::vector<Statement> statements;
    for (size_t i = b; i < e;) {
      size_t end = statement_end(c_, i, e);
      if (end <= i) return fail("could not parse a statement");
      statements.push_back({i, end, StatementKind::thread});
      i = end;
    }
    for (Statement& s : statements) {
      bool barrier = contains_barrier(s.begin, s.end);
      if (barrier_statement(s.begin, s.end)) {
        s.kind = StatementKind::barrier;
      } else if (barrier) {
        size_t first = s.begin;
        while (first < s.end && c_.directive(first)) ++first;
        if (c_.is(first, "{")) {
          // A braced block (an inlined call): a statement list of its own.
          if (!process_list(first + 1, s.end - 1, uniform, false)) return false;
        } else if (!c_.is(first, "for")) {
          return fail("has a __syncthreads() inside a statement other than a 'for' loop");
        } else if (!barrier_loop(first, s.end, uniform)) {
          return false;
        }
        s.kind = StatementKind::barrier_loop;
      } else if (uniform_statement(s.begin, s.end, uniform)) {
        s.kind = StatementKind::uniform;
      }
    }
    // Regions: runs of thread statements.
    int region = -1;
    bool in_region = false;
    for (const Statement& s : statements) {
      if (s.kind != StatementKind::thread) {
        in_region = false;
        if (s.kind == StatementKind::barrier) plan_.barriers.push_back({s.begin, s.end});
        continue;
      }
      if (!in_region) {
        region = int(plan_.regions.size());
        plan_.regions.push_back({s.begin, s.end, top_level, false});
        in_region = true;
      }
      plan_.regions[size_t(region)].last = s.end;
      for (size_t j = s.begin; j < s.end; ++j) plan_.region_of[j] = region;
      RegionLocal local{};
      if (parse_declaration(c_, s.begin, s.end, &local.syntax)) {
        local.scope_end = e;
        local.region = region;
        local.uniform_in_scope = uniform;
        plan_.locals.push_back(local);
      }
    }
    // The kernel's last region may hold `return`s (the thread exits), if no
    // barrier follows it.
    if (top_level) {
      for (size_t k = statements.size(); k-- > 0;) {
        if (statements[k].kind == StatementKind::barrier || statements[k].kind == StatementKind::barrier_loop) break;
        if (statements[k].kind == StatementKind::thread) {
          final_region_ = plan_.region_of[statements[k].begin];
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
      if (c_.punctuation(j) && (c_.is(j, "(") || c_.is(j, "[") || c_.is(j, "{"))) {
        // `__shared__` inside brackets is not at this level
        j = c_.closing_bracket(j, body_end_);
        continue;
      }
      if (c_.is(j, "__cucpu_shared__")) {
        // The array's address is the same for the whole block.
        Declaration d{};
        if (parse_declaration(c_, b, e, &d)) {
          for (const Declarator& v : d.declarators) uniform.push_back(c_.word(v.name));
        }
        return true;
      }
    }
    std::string_view first = c_.text(b);
    if (first == "static" || first == "constexpr" || first == "typedef" || first == "using") {
      if (first == "static" || first == "constexpr") {
        Declaration d{};
        if (parse_declaration(c_, b, e, &d)) {
          for (const Declarator& v : d.declarators) uniform.push_back(c_.word(v.name));
        }
      }
      return true;
    }
    if (uniform_assignments_.count(b)) return true;
    auto group = groups_.declarations.find(b);
    if (group != groups_.declarations.end() && group->second == e) {
      uniform.push_back(groups_.declared_name.at(b));
      return true;
    }
    Declaration d{};
    if (!parse_declaration(c_, b, e, &d) || !d.declarators[0].has_initializer || d.declarators.size() != 1) {
      return false;
    }
    size_t name_at = d.declarators[0].name;
    std::string name = c_.word(name_at);
    size_t equals = name_at + 1;
    if (!c_.is(equals, "=")) return false;
    if (!uniformity_.is_uniform(equals + 1, e - 1, uniform)) return false;
    for (size_t j = b; j < name_at; ++j) {
      if (c_.is(j, "&")) return false;  // a reference could alias per-thread data
    }
    std::vector<size_t> assignments;
    if (!only_uniform_assignments(name, d.statement_end, uniform, &assignments)) return false;
    if (!assignments.empty()) uniformity_.add_reassigned_uniform(name);
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
      if (!c_.identifier(i) || c_.text(i) != name || c_.member_access(i) || !modifies_at(c_, i, body_end_)) continue;
      size_t begin = i;
      if (i >= 2 && (c_.is(i - 1, "+") || c_.is(i - 1, "-")) && c_.is(i - 2, c_.text(i - 1))) begin = i - 2;
      auto statement = level_statements_.find(begin);
      if (statement == level_statements_.end() || !c_.is(statement->second - 1, ";")) return false;
      size_t end = statement->second - 1;
      size_t rhs = i + 1;
      if (size_t length = assignment_operator_length(c_, rhs)) {
        rhs += length;
      } else if ((c_.is(rhs, "+") || c_.is(rhs, "-")) && c_.is(rhs + 1, c_.text(rhs))) {
        rhs += 2;
      } else if (begin == i) {
        return false;  // &name
      }
      if (!uniformity_.is_uniform(rhs, end, readable)) return false;
      statements->push_back(begin);
    }
    return true;
  }

  // Records the statements at barrier levels (see only_uniform_assignments).
  void collect_level_statements(size_t b, size_t e) {
    for (size_t i = b; i < e;) {
      size_t end = statement_end(c_, i, e);
      if (end <= i) return;
      level_statements_[i] = end;
      if (c_.is(i, "for") && c_.is(i + 1, "(") && contains_barrier(i, end)) {
        size_t body = c_.closing_bracket(i + 1, body_end_) + 1;
        if (c_.is(body, "{")) collect_level_statements(body + 1, c_.closing_bracket(body, body_end_));
      } else if (c_.is(i, "{") && contains_barrier(i, end)) {
        collect_level_statements(i + 1, end - 1);
      }
      i = end;
    }
  }

  // for (TYPE var = uniform; uniform cond; var update) { body with barriers }
  bool barrier_loop(size_t b, size_t e, const std::vector<std::string>& outer_uniform) {
    size_t open = b + 1;
    size_t close = c_.closing_bracket(open, body_end_);
    size_t body = close + 1;
    if (!c_.is(body, "{") || c_.closing_bracket(body, body_end_) + 1 != e) {
      return fail("has a barrier in a 'for' loop without a braced body");
    }
    std::vector<size_t> semicolons;
    for (size_t j = open + 1; j < close; ++j) {
      if (c_.punctuation(j) && (c_.is(j, "(") || c_.is(j, "[") || c_.is(j, "{"))) {
        j = c_.closing_bracket(j, body_end_);
        continue;
      }
      if (c_.is(j, ";")) semicolons.push_back(j);
      if (c_.is(j, ":") && !c_.is(j + 1, ":") && !c_.is(j - 1, ":")) return fail("has a barrier in a range-for loop");
    }
    if (semicolons.size() != 2) return fail("has a barrier in a 'for' loop it cannot parse");
    std::vector<std::string> uniform = outer_uniform;
    std::string counter;
    if (semicolons[0] != open + 1) {
      Declaration d{};
      if (!parse_declaration(c_, open + 1, semicolons[0] + 1, &d) || !d.declarators[0].has_initializer ||
          !c_.is(d.declarators[0].name + 1, "=") || d.declarators.size() != 1) {
        return fail("has a barrier in a 'for' loop whose initialisation is not one declaration");
      }
      size_t name_at = d.declarators[0].name;
      counter = c_.word(name_at);
      if (!uniformity_.is_uniform(name_at + 2, semicolons[0], uniform)) {
        return fail("has a barrier in a 'for' loop whose counter '" + counter + "' may differ between threads");
      }
    }
    if (!counter.empty()) uniform.push_back(counter);
    if (!uniformity_.is_uniform(semicolons[0] + 1, semicolons[1], uniform)) {
      return fail("has a barrier in a 'for' loop whose condition may differ between threads");
    }
    // The update may assign the counter only.
    for (size_t j = semicolons[1] + 1; j < close; ++j) {
      if (c_.identifier(j) && c_.text(j) != counter && modified(c_, c_.word(j), semicolons[1] + 1, close)) {
        return fail("has a barrier in a 'for' loop whose update assigns '" + c_.word(j) + "'");
      }
    }
    if (!counter.empty()) {
      // The update reads the counter; the rest must be uniform.
      for (size_t j = semicolons[1] + 1; j < close; ++j) {
        if (c_.identifier(j) && c_.text(j) != counter && !c_.member_access(j) &&
            !uniformity_.is_uniform(j, j + 1, uniform)) {
          return fail("has a barrier in a 'for' loop whose update may differ between threads");
        }
      }
      if (modified(c_, counter, body + 1, e - 1)) return fail("assigns the counter of a loop with a barrier");
    }
    if (stray_jump(c_, body + 1, e - 1)) return fail("has 'break' or 'continue' in a loop with a barrier");
    return process_list(body + 1, e - 1, uniform, false);
  }

  bool check_returns() {
    for (size_t i = body_begin_; i < body_end_; ++i) {
      if (!c_.is(i, "return")) continue;
      auto region = plan_.region_of.find(i);
      if (region == plan_.region_of.end() || region->second != final_region_) {
        return fail("returns before its last barrier");
      }
    }
    if (final_region_ >= 0) plan_.regions[size_t(final_region_)].final = true;
    return true;
  }

  const TokenCursor& c_;
  size_t body_begin_;
  size_t body_end_;
  const BlockGroups& groups_;
  BlockUniformity& uniformity_;
  RegionPlan& plan_;
  std::map<size_t, size_t> level_statements_;  // first token -> one past the last
  std::set<size_t> uniform_assignments_;       // first tokens of uniform assignment statements
  int final_region_ = -1;
  std::string reason_;
};

}  // namespace

bool plan_barrier_regions(const TokenCursor& c, size_t body_begin, size_t body_end,
                          const std::vector<std::string>& parameters, const BlockGroups& groups,
                          BlockUniformity& uniformity, RegionPlan* plan, std::string* reason) {
  RegionPlanner planner(c, body_begin, body_end, groups, uniformity, plan);
  if (planner.run(parameters)) return true;
  *reason = planner.reason();
  return false;
}

}  // namespace cucpu::compiler
