// See barrier_regions.h.
#include "barrier_regions.h"

#include <algorithm>
#include <set>

namespace cucpu::compiler {
namespace {

constexpr const char* kWarpBarrier = "__cucpu_warp_barrier";

enum class StatementKind { barrier, barrier_loop, guard, uniform, strided, thread };

// An interchangeable loop, as interchangeable_loop found it.
struct UniformLoop {
  size_t header_close = 0;                // its header's `)`
  std::vector<std::string> body_uniform;  // uniform names in its body
};

struct Statement {
  size_t begin;  // token range [begin, end)
  size_t end;
  StatementKind kind;
};

class RegionPlanner {
 public:
  RegionPlanner(const TokenCursor& c, size_t body_begin, size_t body_end, const BlockGroups& groups,
                BlockUniformity& uniformity, bool interchange_loops, bool strided_loops,
                const std::set<size_t>& strided_in_threads, RegionPlan* plan)
      : c_(c),
        m_body_begin(body_begin),
        m_body_end(body_end),
        m_groups(groups),
        m_uniformity(uniformity),
        m_interchange_loops(interchange_loops),
        m_strided_loops(strided_loops),
        m_strided_in_threads(strided_in_threads),
        m_plan(*plan) {}

  bool run(const std::vector<std::string>& parameters) {
    m_parameters = parameters;
    collect_level_statements(m_body_begin, m_body_end);
    collect_declarations(m_body_begin, m_body_end);
    m_body_names = declared_names(c_, m_body_begin, m_body_end);
    for (const Declaration& d : m_declarations) {
      for (const Declarator& v : d.declarators) m_body_names.insert(c_.word(v.name));
    }
    for (const std::string& name : parameters) {
      if (!modified(c_, name, m_body_begin, m_body_end) && !address_taken(c_, name, m_body_begin, m_body_end) &&
          declaration_count(c_, name, m_body_begin, m_body_end) == 0) {
        m_unwritten_parameters.push_back(name);
      }
    }
    if (!process_list(m_body_begin, m_body_end, parameters, true, &m_plan.steps)) return false;
    if (!check_returns()) return false;
    std::sort(m_plan.locals.begin(), m_plan.locals.end(), [](const RegionLocal& a, const RegionLocal& b) {
      return a.syntax.statement_begin < b.syntax.statement_begin;
    });
    return true;
  }

  const std::string& reason() const { return m_reason; }

 private:
  bool fail(std::string why) {
    if (m_reason.empty()) m_reason = std::move(why);
    return false;
  }

  bool contains_barrier(size_t b, size_t e) const {
    for (size_t i = b; i < e; ++i) {
      if (c_.is(i, "__syncthreads") || c_.is(i, kWarpBarrier) || m_groups.barriers.count(i)) return true;
    }
    return false;
  }

  // A block's barrier (not only the warp barriers of lowered collectives).
  bool contains_block_barrier(size_t b, size_t e) const {
    for (size_t i = b; i < e; ++i) {
      if (c_.is(i, "__syncthreads") || m_groups.barriers.count(i)) return true;
    }
    return false;
  }

  // `__syncthreads();`, a thread block's sync statement, or the barrier of
  // a lowered warp collective (warp_slots.h).
  bool barrier_statement(size_t b, size_t e) const {
    auto group_barrier = m_groups.barriers.find(b);
    if (group_barrier != m_groups.barriers.end()) return group_barrier->second == e;
    return e - b == 4 && (c_.is(b, "__syncthreads") || c_.is(b, kWarpBarrier)) && c_.is(b + 1, "(") &&
           c_.is(b + 2, ")") && c_.is(b + 3, ";");
  }

  // Classifies and records the statements of the list [b, e); recurses into
  // barrier loops. `uniform` holds the uniform names visible here. Appends
  // the list's shape to `steps`.
  bool process_list(size_t b, size_t e, std::vector<std::string> uniform, bool top_level,
                    std::vector<PlanStep>* steps) {
    std::vector<Statement> statements;
    for (size_t i = b; i < e;) {
      size_t end = statement_end(c_, i, e);
      if (end <= i) return fail("could not parse a statement");
      statements.push_back({i, end, StatementKind::thread});
      i = end;
    }
    std::vector<PlanStep> nested(statements.size());  // the step of each statement that holds a list
    std::vector<int> strided(statements.size(), -1);   // RegionPlan::strided_loops index
    for (size_t k = 0; k < statements.size(); ++k) {
      Statement& s = statements[k];
      PlanStep& step = nested[k];
      bool barrier = contains_barrier(s.begin, s.end);
      if (barrier_statement(s.begin, s.end)) {
        s.kind = StatementKind::barrier;
      } else if (barrier) {
        size_t first = s.begin;
        while (first < s.end && c_.directive(first)) ++first;
        if (c_.is(first, "{")) {
          // A braced block (an inlined call): a statement list of its own.
          step.kind = PlanStep::Kind::block;
          if (!process_list(first + 1, s.end - 1, uniform, false, &step.body)) return false;
        } else if (guard_around_warp_collectives(first, s.end)) {
          if (!guarded_block(first, s.end, uniform, &step, true)) return false;
          s.kind = StatementKind::guard;
          continue;
        } else if (!c_.is(first, "for")) {
          return fail("has a __syncthreads() inside a statement other than a 'for' loop");
        } else if (!barrier_loop(first, s.end, uniform, &step.body)) {
          return false;
        }
        s.kind = StatementKind::barrier_loop;
      } else if (top_level && block_return(s.begin, s.end, uniform)) {
        s.kind = StatementKind::uniform;
      } else if (uniform_statement(s.begin, s.end, uniform)) {
        s.kind = StatementKind::uniform;
      } else if (UniformLoop loop; m_interchange_loops && interchangeable_loop(s.begin, s.end, uniform, &loop)) {
        if (!interchanged_loop(s.end, loop, &step.body)) return false;
        s.kind = StatementKind::barrier_loop;
      } else if (StridedLoop loop; m_strided_loops && strided_loop(s.begin, s.end, uniform, &loop)) {
        ++m_plan.interchanged_loops;
        strided[k] = int(m_plan.strided_loops.size());
        m_plan.strided_loops.push_back(loop);
        s.kind = StatementKind::strided;
      } else if ((m_interchange_loops || m_strided_loops) && guard_around_loops(s.begin, s.end, uniform)) {
        if (!guarded_block(s.begin, s.end, uniform, &step)) return false;
        s.kind = StatementKind::guard;
      } else if (m_interchange_loops && sparse_guard(s.begin, s.end, uniform)) {
        if (!guarded_block(s.begin, s.end, uniform, &step, true)) return false;
        s.kind = StatementKind::guard;
      }
    }
    // Regions: runs of thread statements.
    int region = -1;
    bool in_region = false;
    for (size_t k = 0; k < statements.size(); ++k) {
      const Statement& s = statements[k];
      if (s.kind == StatementKind::guard) {
        // Its header `if (condition) {` is a region of its own, which sets
        // the guard's flag per thread.
        size_t brace = m_plan.guards[size_t(nested[k].guard)].open_brace;
        int header = int(m_plan.regions.size());
        m_plan.regions.push_back({s.begin, brace + 1, top_level, false, m_guard_stack});
        m_plan.regions.back().uniform_in_scope = uniform;
        for (size_t j = s.begin; j <= brace; ++j) m_plan.region_of[j] = header;
        steps->push_back({PlanStep::Kind::region, header, {}});
      }
      if (s.kind == StatementKind::strided) {
        // A region of its own: the block runs it in rounds.
        in_region = false;
        int own = int(m_plan.regions.size());
        m_plan.regions.push_back({s.begin, s.end, top_level, false, m_guard_stack, strided[k]});
        m_plan.regions.back().uniform_in_scope = uniform;
        for (size_t j = s.begin; j < s.end; ++j) m_plan.region_of[j] = own;
        steps->push_back({PlanStep::Kind::region, own, {}});
        continue;
      }
      if (s.kind != StatementKind::thread) {
        in_region = false;
        if (s.kind == StatementKind::barrier) {
          m_plan.barriers.push_back({s.begin, s.end});
          steps->push_back({PlanStep::Kind::barrier, -1, {}, c_.is(s.begin, kWarpBarrier)});
        } else if (s.kind == StatementKind::uniform) {
          PlanStep uniform_step{PlanStep::Kind::uniform};
          uniform_step.first = s.begin;
          uniform_step.last = s.end;
          steps->push_back(std::move(uniform_step));
        } else {
          steps->push_back(std::move(nested[k]));
        }
        continue;
      }
      if (!in_region) {
        region = int(m_plan.regions.size());
        m_plan.regions.push_back({s.begin, s.end, top_level, false, m_guard_stack});
        m_plan.regions.back().uniform_in_scope = uniform;
        steps->push_back({PlanStep::Kind::region, region, {}});
        in_region = true;
      }
      m_plan.regions[size_t(region)].last = s.end;
      for (size_t j = s.begin; j < s.end; ++j) m_plan.region_of[j] = region;
      RegionLocal local{};
      if (parse_declaration(c_, s.begin, s.end, &local.syntax)) {
        local.scope_end = e;
        local.region = region;
        local.uniform_in_scope = uniform;
        m_plan.locals.push_back(local);
      }
    }
    // The kernel's last region may hold `return`s (the thread exits), if no
    // barrier follows it.
    if (top_level) {
      for (size_t k = statements.size(); k-- > 0;) {
        if (statements[k].kind == StatementKind::barrier || statements[k].kind == StatementKind::barrier_loop ||
            statements[k].kind == StatementKind::guard || statements[k].kind == StatementKind::strided) {
          break;
        }
        if (statements[k].kind == StatementKind::thread) {
          m_final_region = m_plan.region_of[statements[k].begin];
          break;
        }
      }
    }
    return true;
  }

  // `if (condition) return;` (or `{ return; }`) whose condition is the same
  // for the whole block (`if (row >= rows) return;` with `row` from
  // blockIdx): run once between the thread loops, it ends the block.
  bool block_return(size_t b, size_t e, const std::vector<std::string>& uniform) {
    if (!c_.is(b, "if") || !c_.is(b + 1, "(")) return false;
    size_t close = c_.closing_bracket(b + 1, e);
    if (close >= e) return false;
    size_t at = close + 1;
    const bool braced = c_.is(at, "{");
    if (braced) ++at;
    if (!c_.is(at, "return") || !c_.is(at + 1, ";")) return false;
    if (at + 2 + (braced ? 1 : 0) != e || (braced && !c_.is(at + 2, "}"))) return false;
    if (!m_uniformity.is_uniform(b + 2, close, uniform)) return false;
    m_plan.block_returns.push_back(at);
    return true;
  }

  // A declaration whose value is the same for every thread, or a declaration
  // that is per block anyway (static, shared, constexpr, type aliases).
  bool uniform_statement(size_t b, size_t e, std::vector<std::string>& uniform) {
    for (size_t j = b; j < e; ++j) {
      if (c_.punctuation(j) && (c_.is(j, "(") || c_.is(j, "[") || c_.is(j, "{"))) {
        // `__shared__` inside brackets is not at this level
        j = c_.closing_bracket(j, m_body_end);
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
    if (m_uniform_assignments.count(b)) return true;
    auto group = m_groups.declarations.find(b);
    if (group != m_groups.declarations.end() && group->second == e) {
      uniform.push_back(m_groups.declared_name.at(b));
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
    if (!m_uniformity.is_uniform(equals + 1, e - 1, uniform)) return false;
    for (size_t j = b; j < name_at; ++j) {
      if (c_.is(j, "&")) return false;  // a reference could alias per-thread data
    }
    std::vector<size_t> assignments;
    if (!only_uniform_assignments(name, d.statement_end, uniform, &assignments)) return false;
    if (!assignments.empty()) m_uniformity.add_reassigned_uniform(name);
    for (size_t a : assignments) m_uniform_assignments.insert(a);
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
    for (size_t i = from; i < m_body_end; ++i) {
      if (!c_.identifier(i) || c_.text(i) != name || c_.member_access(i) || !modifies_at(c_, i, m_body_end)) continue;
      size_t begin = i;
      if (i >= 2 && (c_.is(i - 1, "+") || c_.is(i - 1, "-")) && c_.is(i - 2, c_.text(i - 1))) begin = i - 2;
      auto statement = m_level_statements.find(begin);
      if (statement == m_level_statements.end() || !c_.is(statement->second - 1, ";")) return false;
      size_t end = statement->second - 1;
      size_t rhs = i + 1;
      if (size_t length = assignment_operator_length(c_, rhs)) {
        rhs += length;
      } else if ((c_.is(rhs, "+") || c_.is(rhs, "-")) && c_.is(rhs + 1, c_.text(rhs))) {
        rhs += 2;
      } else if (begin == i) {
        return false;  // &name
      }
      if (!m_uniformity.is_uniform(rhs, end, readable)) return false;
      statements->push_back(begin);
    }
    return true;
  }

  // Records the statements at barrier levels (see only_uniform_assignments).
  void collect_level_statements(size_t b, size_t e) {
    for (size_t i = b; i < e;) {
      size_t end = statement_end(c_, i, e);
      if (end <= i) return;
      m_level_statements[i] = end;
      if (c_.is(i, "for") && c_.is(i + 1, "(") && contains_barrier(i, end)) {
        size_t body = c_.closing_bracket(i + 1, m_body_end) + 1;
        if (c_.is(body, "{")) collect_level_statements(body + 1, c_.closing_bracket(body, m_body_end));
      } else if (c_.is(i, "{") && contains_barrier(i, end)) {
        collect_level_statements(i + 1, end - 1);
      }
      i = end;
    }
  }

  // for (TYPE var = uniform; uniform cond; var update) { body with barriers }
  bool barrier_loop(size_t b, size_t e, const std::vector<std::string>& outer_uniform, std::vector<PlanStep>* steps) {
    size_t body = c_.closing_bracket(b + 1, m_body_end) + 1;
    if (!c_.is(body, "{") || c_.closing_bracket(body, m_body_end) + 1 != e) {
      return fail("has a barrier in a 'for' loop without a braced body");
    }
    std::vector<std::string> uniform = outer_uniform;
    std::string why = uniform_loop_header(b, e, &uniform);
    if (!why.empty()) return fail("has a barrier in a 'for' loop " + why);
    if (stray_jump(c_, body + 1, e - 1)) return fail("has 'break' or 'continue' in a loop with a barrier");
    return process_list(body + 1, e - 1, uniform, false, steps);
  }

  // A loop without barriers that every thread runs the same number of
  // times (its header as a barrier loop's): the loop moves out of the
  // threads' code and runs once per block, each iteration one loop over
  // the threads. Each thread keeps its own values and order of operations;
  // only the interleaving between threads changes, as with any barrier
  // split adds. What was one thread's chain of dependent operations
  // (`sum += a[row * n + k] * b[k * n + col]`) becomes independent work of
  // many threads per iteration. Not for loops whose body leaves early
  // (`return`, `break`, `continue`): the thread's own loop would end, not
  // the block's. Nor for loops bounded by constants alone (`p < 16` over a
  // shared tile): short, unrolled by g++ in each thread, they ran slower
  // interchanged (harness/cpu/README.md, Speed).
  // `loop`, if given, receives the header's closing parenthesis and the
  // uniform names in the body (the counter added).
  bool interchangeable_loop(size_t b, size_t e, const std::vector<std::string>& outer_uniform,
                            UniformLoop* loop = nullptr) {
    size_t first = b;
    while (first < e && c_.directive(first)) ++first;
    if (!c_.is(first, "for") || !c_.is(first + 1, "(")) return false;
    size_t body = c_.closing_bracket(first + 1, m_body_end) + 1;
    if (body >= e || c_.is(body, ";")) return false;
    bool braced = c_.is(body, "{");
    if (braced && c_.closing_bracket(body, m_body_end) + 1 != e) return false;
    if (braced && body + 2 == e) return false;  // an empty body
    for (size_t j = body; j < e; ++j) {
      if (c_.is(j, "return") || c_.is(j, "goto")) return false;
    }
    if (stray_jump(c_, body, e)) return false;
    std::vector<std::string> uniform = outer_uniform;
    if (!uniform_loop_header(first, e, &uniform).empty()) return false;
    if (!bound_read_at_run_time(first + 1, body - 1, outer_uniform)) return false;
    if (loop != nullptr) *loop = {body - 1, std::move(uniform)};
    return true;
  }

  // A strided loop (barrier_regions.h, StridedLoop): `for (T k = start; k <
  // bound; k += stride)` or `++k`/`k++`, T an integer type, start
  // per-thread, bound and stride block-uniform. Each round evaluates start
  // again, so it must give the same value every time: arithmetic on locals
  // the body leaves alone (no element read, call or assignment). The body
  // leaves the loop only at its end (as interchangeable_loop's) and leaves
  // the counter alone. Like interchangeable_loop, only loops whose header
  // reads a value known at run time (a parameter, the launch's dimensions).
  bool strided_loop(size_t b, size_t e, const std::vector<std::string>& uniform, StridedLoop* loop = nullptr) {
    if (!c_.is(b, "for") || !c_.is(b + 1, "(") || m_strided_in_threads.count(b)) return false;
    const size_t open = b + 1, close = c_.closing_bracket(open, m_body_end), body = close + 1;
    if (body >= e || c_.is(body, ";")) return false;
    const bool braced = c_.is(body, "{");
    if (braced && (c_.closing_bracket(body, m_body_end) + 1 != e || body + 2 == e)) return false;
    for (size_t j = body; j < e; ++j) {
      if (c_.is(j, "return") || c_.is(j, "goto") || c_.directive(j)) return false;
    }
    if (stray_jump(c_, body, e)) return false;
    for (size_t j = open + 1; j < close; ++j) {
      if (c_.directive(j)) return false;
    }
    const std::vector<size_t> semicolons = header_semicolons(open, close);
    if (semicolons.size() != 2) return false;
    Declaration d{};
    if (!parse_declaration(c_, open + 1, semicolons[0] + 1, &d) || d.declarators.size() != 1 ||
        !d.declarators[0].has_initializer || !c_.is(d.declarators[0].name + 1, "=")) {
      return false;
    }
    if (!integer_type(d)) return false;
    const size_t name_at = d.declarators[0].name;
    const std::string counter = c_.word(name_at);
    const size_t start_begin = name_at + 2, start_end = semicolons[0];
    if (start_begin >= start_end || m_uniformity.is_uniform(start_begin, start_end, uniform)) return false;
    if (!repeatable_expression(start_begin, start_end, body, e)) return false;
    const size_t bound_begin = semicolons[0] + 3;
    if (!less_than_bound(counter, semicolons[0], semicolons[1]) ||
        !m_uniformity.is_uniform(bound_begin, semicolons[1], uniform)) {
      return false;
    }
    // The update: `k += stride`, `++k` or `k++`.
    size_t stride_begin = close, stride_end = close;
    const size_t update = semicolons[1] + 1;
    if (c_.is(update, counter) && c_.is(update + 1, "+") && c_.is(update + 2, "=") && c_.adjacent(update + 1, update + 2)) {
      stride_begin = update + 3;
      stride_end = close;
      if (stride_begin >= stride_end || !tighter_than_less(stride_begin, stride_end) ||
          !m_uniformity.is_uniform(stride_begin, stride_end, uniform)) {
        return false;
      }
    } else if (!increment(counter, update, close)) {
      return false;
    }
    if (modified(c_, counter, body, e)) return false;
    if (!bound_read_at_run_time(open, close, uniform)) return false;
    if (loop != nullptr) {
      *loop = {d.type_begin, d.type_end, name_at + 1, semicolons[0], bound_begin, semicolons[1],
               stride_begin, stride_end, close, e - 1};
      loop->start_is_thread_x = thread_x_plus_uniform(start_begin, start_end, uniform);
      if (!declared_names(c_, body, e).count(counter)) {
        for (size_t j = body; j + 3 < e; ++j) {
          if (c_.identifier(j) && !c_.member_access(j) && c_.is(j + 1, "[") && c_.is(j + 2, counter) &&
              c_.is(j + 3, "]") && m_uniformity.is_uniform(j, j + 1, uniform)) {
            loop->own_elements.push_back(j + 1);
          }
        }
      }
    }
    return true;
  }

  // Is [b, e) `threadIdx.x`, `threadIdx.x + u` or `u + threadIdx.x`, u
  // block-uniform and bound tighter than the `+` (no shift, comparison or
  // `?:` outside brackets)? Then threads of a 1-D block start at
  // consecutive values.
  bool thread_x_plus_uniform(size_t b, size_t e, const std::vector<std::string>& uniform) const {
    auto plus = [&](size_t i) {
      return c_.is(i, "+") && !c_.is(i + 1, "+") && !c_.is(i + 1, "=") && !c_.is(i - 1, "+");
    };
    auto additive_operand = [&](size_t from, size_t to) {
      for (size_t i = from; i < to; ++i) {
        if (c_.is(i, "(") || c_.is(i, "[")) {
          i = c_.closing_bracket(i, to);
          continue;
        }
        const bool shift = (c_.is(i, "<") || c_.is(i, ">")) && c_.is(i + 1, c_.text(i)) && c_.adjacent(i, i + 1);
        if (shift) return false;
      }
      return from < to && tighter_than_less(from, to) && m_uniformity.is_uniform(from, to, uniform);
    };
    if (e == b + 3) return is_thread_index_x(c_, b);
    if (e > b + 4 && is_thread_index_x(c_, b) && plus(b + 3)) return additive_operand(b + 4, e);
    if (e > b + 4 && is_thread_index_x(c_, e - 3) && plus(e - 4)) return additive_operand(b, e - 4);
    return false;
  }

  // Is [b, e) one operand of `<`: outside brackets only arithmetic, shifts,
  // member access and casts, so that `k < b + c` compares k with all of it
  // (`k < n && ok` does not).
  bool tighter_than_less(size_t b, size_t e) const {
    for (size_t i = b; i < e; ++i) {
      if (c_.is(i, "(") || c_.is(i, "[") || c_.is(i, "{")) {
        i = c_.closing_bracket(i, e);
        continue;
      }
      if (!c_.punctuation(i)) continue;
      std::string_view w = c_.text(i);
      if (w == "<" && i > b && c_.is(i - 1, "static_cast")) {
        while (i < e && !c_.is(i, ">")) ++i;  // static_cast<T>
        if (i >= e) return false;
        continue;
      }
      const bool shift = (w == "<" || w == ">") && c_.is(i + 1, w) && c_.adjacent(i, i + 1);
      if (shift) {
        if (c_.is(i + 2, "=") && c_.adjacent(i + 1, i + 2)) return false;
        ++i;
        continue;
      }
      if (w != "+" && w != "-" && w != "*" && w != "/" && w != "%" && w != "." && w != ":") return false;
      if ((w == "+" || w == "-") && c_.is(i + 1, w) && c_.adjacent(i, i + 1)) return false;
      if (c_.is(i + 1, "=") && c_.adjacent(i, i + 1)) return false;  // a compound assignment
    }
    return true;
  }

  // Does [b, e) evaluate to the same value again and again while the loop
  // body [body, body_end) runs? Names, numbers, member access, arithmetic and
  // casts, reading no element and calling nothing, over names the body does
  // not modify and the kernel never takes the address of.
  bool repeatable_expression(size_t b, size_t e, size_t body, size_t body_end) const {
    static const std::set<std::string_view> kCastWords = {"static_cast", "size_t", "unsigned", "int", "long",
                                                          "int32_t", "uint32_t", "int64_t", "uint64_t"};
    for (size_t i = b; i < e; ++i) {
      if (c_.directive(i)) return false;
      if (c_.punctuation(i)) {
        std::string_view w = c_.text(i);
        if (w == "[" || w == "=" || w == ";" || w == ",") return false;
        if ((w == "+" || w == "-") && c_.is(i + 1, w) && c_.adjacent(i, i + 1)) return false;
        if (w == "-" && c_.is(i + 1, ">") && c_.adjacent(i, i + 1)) return false;
        if ((w == "*" || w == "&") && unary_operator(c_, b, i)) return false;  // a dereference or an address
        continue;
      }
      if (!c_.identifier(i)) continue;
      if (c_.is(i + 1, "(") && !kCastWords.count(c_.text(i))) return false;  // a call
      if (c_.member_access(i)) continue;
      // Written in the body, or perhaps through a pointer.
      if (modified(c_, c_.word(i), body, body_end) || address_taken(c_, c_.word(i), m_body_begin, m_body_end)) {
        return false;
      }
    }
    return true;
  }

  // Does the header (open, close) read a kernel parameter, a uniform local,
  // an enclosing loop's counter or the launch's dimensions?
  bool bound_read_at_run_time(size_t open, size_t close, const std::vector<std::string>& outer_uniform) const {
    for (size_t j = open + 1; j < close; ++j) {
      if (!c_.identifier(j) || c_.member_access(j)) continue;
      std::string_view word = c_.text(j);
      if (word == "__cucpu_builtin_blockDim" || word == "__cucpu_builtin_gridDim") return true;
      if (std::find(outer_uniform.begin(), outer_uniform.end(), word) != outer_uniform.end()) return true;
    }
    return false;
  }

  // `if (condition) { ... }` (no else) whose braced body holds a loop that
  // interchangeable_loop accepts, at its own top level or under such a
  // guard: the body's statements become a statement list of the block, each
  // thread's condition is kept in a per-thread flag (RegionPlan's guards),
  // and every region inside skips the threads whose condition was false.
  // The commonest naive kernel's `if (row < n && col < n) { for ... }`.
  bool guard_around_loops(size_t b, size_t e, const std::vector<std::string>& uniform) {
    if (!c_.is(b, "if") || !c_.is(b + 1, "(")) return false;
    size_t brace = c_.closing_bracket(b + 1, m_body_end) + 1;
    if (brace >= e || !c_.is(brace, "{") || c_.closing_bracket(brace, m_body_end) + 1 != e) return false;
    for (size_t j = b + 2; j < brace - 1; ++j) {
      if (c_.is(j, "{")) return false;  // a lambda or braced value in the condition
    }
    for (size_t j = brace + 1; j < e - 1;) {
      size_t end = statement_end(c_, j, e - 1);
      if (end <= j) return false;
      if ((m_interchange_loops && interchangeable_loop(j, end, uniform)) ||
          (m_strided_loops && strided_loop(j, end, uniform)) || guard_around_loops(j, end, uniform)) {
        return true;
      }
      j = end;
    }
    return false;
  }

  // `if (condition) { ... }` (no else) whose body holds warp collectives
  // (their barriers, warp_slots.h) and no block barrier: the warp-uniform
  // `if (warp == 0) { v = warp_sum(v); ... }` of a block reduction. As a
  // guard, every thread loop inside skips the threads whose condition was
  // false, as lanes outside the branch take no part in the collective on a
  // GPU (where a lane outside it but named in the mask is an error).
  bool guard_around_warp_collectives(size_t b, size_t e) const {
    if (!c_.is(b, "if") || !c_.is(b + 1, "(")) return false;
    size_t brace = c_.closing_bracket(b + 1, m_body_end) + 1;
    if (brace >= e || !c_.is(brace, "{") || c_.closing_bracket(brace, m_body_end) + 1 != e) return false;
    for (size_t j = b + 2; j < brace - 1; ++j) {
      if (c_.is(j, "{")) return false;  // a lambda or braced value in the condition
    }
    return !contains_block_barrier(brace, e);
  }

  bool guarded_block(size_t b, size_t e, const std::vector<std::string>& uniform, PlanStep* step,
                     bool listed = false) {
    size_t close = c_.closing_bracket(b + 1, m_body_end);
    Guard guard{b, close + 1, e - 1, listed};
    guard.braced = c_.is(close + 1, "{");
    if (!guard.braced) guard.open_brace = close;
    guard.launch_invariant = listed && enclosing_guards_launch_invariant() &&
                             m_uniformity.is_launch_invariant(b + 2, close, invariant_names(b));
    m_plan.guards.push_back(guard);
    step->kind = PlanStep::Kind::block;
    step->guard = int(m_plan.guards.size()) - 1;
    m_guard_stack.push_back(step->guard);
    bool planned = guard.braced ? process_list(close + 2, e - 1, uniform, false, &step->body)
                                : process_list(close + 1, e, uniform, false, &step->body);
    m_guard_stack.pop_back();
    return planned;
  }

  bool enclosing_guards_launch_invariant() const {
    for (int g : m_guard_stack) {
      if (!m_plan.guards[size_t(g)].launch_invariant) return false;
    }
    return true;
  }

  // `if (condition) statement` (no else), a thread statement, as a sparse
  // guard (plan_barrier_regions): the condition an equality or negation
  // (few_threads_pass), launch-invariant, and not the same for the whole
  // block; the guards around it launch-invariant too (else its list would
  // be made per block, a pass over all threads); no thread returns before
  // it; the statement never leaves it (return, break, continue, goto) or
  // holds a case label.
  bool sparse_guard(size_t b, size_t e, const std::vector<std::string>& uniform) {
    if (!c_.is(b, "if") || !c_.is(b + 1, "(")) return false;
    size_t close = c_.closing_bracket(b + 1, e);
    if (close + 1 >= e || statement_end(c_, close + 1, e) != e) return false;  // an else follows
    for (size_t j = b + 2; j < close; ++j) {
      if (c_.is(j, "{")) return false;  // a lambda or braced value in the condition
    }
    for (size_t j = close + 1; j < e; ++j) {
      if (c_.is(j, "return") || c_.is(j, "break") || c_.is(j, "continue") || c_.is(j, "goto") || c_.is(j, "case") ||
          c_.is(j, "default")) {
        return false;
      }
    }
    if (!enclosing_guards_launch_invariant() || !few_threads_pass(b + 2, close)) return false;
    if (m_uniformity.is_uniform(b + 2, close, uniform)) return false;
    // After a thread's `return` the statement would end the kernel's last
    // region, which may hold one (check_returns), and its list would be
    // made per block.
    for (size_t j = m_body_begin; j < b; ++j) {
      if (c_.is(j, "return") && std::find(m_plan.block_returns.begin(), m_plan.block_returns.end(), j) ==
                                    m_plan.block_returns.end()) {
        return false;
      }
    }
    if (!m_uniformity.is_launch_invariant(b + 2, close, invariant_names(b))) return false;
    return locals_can_cross(close + 1, e, uniform) && hides_no_race(b, e);
  }

  // Do the locals that the statement [b, e) reads from outside it reach it
  // from another region? Declared plain (thread_storage.h) or uniform.
  bool locals_can_cross(size_t b, size_t e, const std::vector<std::string>& uniform) const {
    const std::set<std::string> own = declared_names(c_, b, e);
    for (size_t i = b; i < e; ++i) {
      if (!c_.identifier(i) || c_.member_access(i)) continue;
      const std::string name = c_.word(i);
      if (own.count(name) || !m_body_names.count(name)) continue;
      if (std::find(uniform.begin(), uniform.end(), name) != uniform.end()) continue;
      const Declaration* d = declaration_of(name);
      if (d == nullptr || !d->plain) return false;
    }
    return true;
  }

  // Would running the statement [b, e) apart from the code around it (as
  // if barriers stood before and after it) hide a race the shuffled order
  // shows (a missing __syncwarp() between `if (lane == 0) s[warp] = v;`
  // and a read of s[warp])? Not where nothing else between the barriers
  // around it names the memory it names: its shared variables, parameters,
  // globals and pointer or array locals. Inside a loop, that is all of the
  // outermost loop (its iterations follow each other without a barrier)
  // and the code between it and the barriers around it.
  bool hides_no_race(size_t b, size_t e) const {
    std::set<std::string> memory;
    const std::set<std::string> own = declared_names(c_, b, e);
    for (size_t i = b; i < e; ++i) {
      if (!c_.identifier(i) || c_.member_access(i) || c_.is(i + 1, "(") || is_expression_keyword(c_.text(i))) continue;
      const std::string name = c_.word(i);
      if (own.count(name)) continue;
      if (!m_body_names.count(name) && std::find(m_parameters.begin(), m_parameters.end(), name) == m_parameters.end()) {
        // A global array, or a global the statement assigns (not a type
        // or a constant).
        if (c_.is(i + 1, "[") || modifies_at(c_, i, e)) memory.insert(name);
        continue;
      }
      const Declaration* d = declaration_of(name);
      bool private_scalar = d != nullptr && d->plain;
      if (private_scalar) {
        for (size_t j = d->statement_begin; j < d->type_end; ++j) {
          private_scalar = private_scalar && !c_.is(j, "*") && !c_.is(j, "&") && !c_.is(j, "__cucpu_shared__") &&
                           !c_.is(j, "static") && !c_.is(j, "extern");
        }
        for (const Declarator& v : d->declarators) {
          if (c_.word(v.name) == name) private_scalar = private_scalar && v.suffix_begin == v.suffix_end;
        }
      }
      if (!private_scalar) memory.insert(name);
    }
    size_t first = b, last = e;
    for (size_t j = b; j-- > m_body_begin;) {
      if (!c_.is(j, "{")) continue;
      size_t close = c_.closing_bracket(j, m_body_end);
      if (close < b) continue;  // a block that ended before
      if (loop_body(j)) first = std::min(first, loop_start(j)), last = std::max(last, close + 1);
    }
    while (first > m_body_begin && !barrier_token(first - 1)) --first;
    while (last < m_body_end && !barrier_token(last)) ++last;
    for (size_t i = first; i < last; ++i) {
      if (i == b) i = e;
      if (i >= last || !c_.identifier(i) || c_.member_access(i) || !memory.count(c_.word(i))) continue;
      if (declared_names(c_, i - 1, i + 2).empty()) return false;  // not its declaration
    }
    return true;
  }

  bool barrier_token(size_t i) const {
    return c_.is(i, "__syncthreads") || c_.is(i, kWarpBarrier) || m_groups.barriers.count(i);
  }

  // Is the `{` at `brace` a `for`, `while` or `do` body?
  bool loop_body(size_t brace) const { return loop_start(brace) != brace; }

  // The loop keyword before the body `{` at `brace`, or `brace` itself.
  size_t loop_start(size_t brace) const {
    if (brace > m_body_begin && c_.is(brace - 1, "do")) return brace - 1;
    if (brace == 0 || !c_.is(brace - 1, ")")) return brace;
    long open = c_.opening_bracket(brace - 1);
    if (open <= 0) return brace;
    size_t keyword = size_t(open) - 1;
    return c_.is(keyword, "for") || c_.is(keyword, "while") ? keyword : brace;
  }

  // The declaration collect_declarations found for `name`, if it is the only one.
  const Declaration* declaration_of(const std::string& name) const {
    const Declaration* found = nullptr;
    for (const Declaration& d : m_declarations) {
      for (const Declarator& v : d.declarators) {
        if (c_.word(v.name) != name) continue;
        if (found != nullptr) return nullptr;
        found = &d;
      }
    }
    return found;
  }

  // Is [b, e) tests joined by `&&` (no `||` or `?` outside brackets), one
  // an equality (`lane == 0`) or the negation of a name (`!tid`,
  // `!threadIdx.x`), which few threads pass?
  bool few_threads_pass(size_t b, size_t e) const {
    while (c_.is(b, "(") && c_.closing_bracket(b, e) == e - 1) ++b, --e;
    bool part_start = true, few = false;
    for (size_t i = b; i < e; ++i) {
      if (c_.directive(i)) continue;
      if (c_.is(i, "(") || c_.is(i, "[")) {
        i = c_.closing_bracket(i, e);
        part_start = false;
        continue;
      }
      bool doubled = i + 1 < e && c_.adjacent(i, i + 1) && c_.is(i + 1, c_.text(i));
      if (c_.is(i, "&") && doubled) {
        part_start = true;
        ++i;
        continue;
      }
      if ((c_.is(i, "|") && doubled) || c_.is(i, "?")) return false;
      bool after_operator = i > b && c_.adjacent(i - 1, i) &&
                            (c_.is(i - 1, "<") || c_.is(i - 1, ">") || c_.is(i - 1, "!") || c_.is(i - 1, "="));
      if (c_.is(i, "=") && doubled && !after_operator) {
        few = true;
        ++i;
      } else if (part_start && c_.is(i, "!") && !c_.is(i + 1, "=") && c_.identifier(i + 1)) {
        size_t end = i + 2;
        while (end + 1 < e && c_.is(end, ".") && c_.identifier(end + 1)) end += 2;
        if (end == e || (c_.is(end, "&") && c_.is(end + 1, "&"))) few = true;
      }
      part_start = false;
    }
    return few;
  }

  // Every declaration statement of the body, in nested blocks and
  // statements' bodies too (not in `for` headers).
  void collect_declarations(size_t b, size_t e) {
    for (size_t i = b; i < e;) {
      size_t end = statement_end(c_, i, e);
      if (end <= i) return;
      size_t first = i;
      while (first < end && c_.directive(first)) ++first;
      Declaration d{};
      if (c_.is(first, "{")) {
        collect_declarations(first + 1, end - 1);
      } else if ((c_.is(first, "if") || c_.is(first, "for") || c_.is(first, "while") || c_.is(first, "switch")) &&
                 c_.is(first + 1, "(")) {
        size_t body = c_.closing_bracket(first + 1, end) + 1;
        size_t body_end = statement_end(c_, body, end);
        collect_declarations(body, body_end);
        if (c_.is(body_end, "else")) collect_declarations(body_end + 1, end);
      } else if (c_.is(first, "do")) {
        collect_declarations(first + 1, statement_end(c_, first + 1, end));
      } else if (parse_declaration(c_, i, end, &d)) {
        m_declarations.push_back(d);
      }
      i = end;
    }
  }

  // The names whose value in a thread is the same in every block of the
  // launch where `at` is: parameters the kernel never writes, and locals
  // declared once, before `at` and in scope there, never written after,
  // whose initialisers read only such names, the thread index, blockDim,
  // gridDim and constants (BlockUniformity::is_launch_invariant).
  std::vector<std::string> invariant_names(size_t at) const {
    std::vector<std::string> names = m_unwritten_parameters;
    for (bool grew = true; grew;) {
      grew = false;
      for (const Declaration& d : m_declarations) {
        if (d.statement_end > at || !in_scope_at(d.statement_begin, at)) continue;
        for (const Declarator& v : d.declarators) {
          std::string name = c_.word(v.name);
          if (!v.has_initializer || !c_.is(v.name + 1, "=") ||
              std::find(names.begin(), names.end(), name) != names.end()) {
            continue;
          }
          if (!declared_once(name, v.name) || modified(c_, name, d.statement_end, m_body_end) ||
              address_taken(c_, name, m_body_begin, m_body_end) ||
              !m_uniformity.is_launch_invariant(v.init_begin, v.init_end, names)) {
            continue;
          }
          names.push_back(name);
          grew = true;
        }
      }
    }
    return names;
  }

  // Is the declarator `name` at token `at` the body's only declaration of
  // it? (declaration_count sees declarators after the first of a
  // statement's, `warp` in `unsigned lane = t % 32, warp = t / 32;`, only
  // in the statements collect_declarations parsed.)
  bool declared_once(const std::string& name, size_t at) const {
    const size_t seen_by_count = c_.is(at - 1, ",") ? 0 : 1;
    return declaration_of(name) != nullptr && declaration_count(c_, name, m_body_begin, m_body_end) == seen_by_count;
  }

  // Is the statement at `declared` in a block that still holds `at`?
  bool in_scope_at(size_t declared, size_t at) const {
    int depth = 0;
    for (size_t j = declared; j-- > m_body_begin;) {
      if (c_.is(j, "}")) ++depth;
      if (c_.is(j, "{") && depth-- == 0) return at < c_.closing_bracket(j, m_body_end);
    }
    return at < m_body_end;
  }

  // Plans the body of the interchangeable loop that ends before e.
  bool interchanged_loop(size_t e, const UniformLoop& loop, std::vector<PlanStep>* steps) {
    ++m_plan.interchanged_loops;
    size_t close = loop.header_close;
    bool planned;
    if (c_.is(close + 1, "{")) {
      planned = process_list(close + 2, e - 1, loop.body_uniform, false, steps);
    } else {
      // A single statement gets braces: its thread loop is more than one.
      m_plan.added_braces.push_back({close, e - 1});
      planned = process_list(close + 1, e, loop.body_uniform, false, steps);
    }
    JammedLoop jammed{};
    if (planned && steps->size() == 1 && (*steps)[0].kind == PlanStep::Kind::region &&
        m_plan.regions[size_t((*steps)[0].region)].strided < 0 && jammable_header(close, &jammed)) {
      m_plan.regions[size_t((*steps)[0].region)].jammed = int(m_plan.jammed_loops.size());
      m_plan.jammed_loops.push_back(jammed);
    }
    return planned;
  }

  // The header of an interchangeable loop that closes at `close` as a
  // JammedLoop's: `for (T k = init; k < bound; ++k)`, `k++` or `k += 1`, T
  // an integer type, bound not reading k.
  bool jammable_header(size_t close, JammedLoop* loop) const {
    const long open = c_.opening_bracket(close);
    if (open <= 0) return false;
    for (size_t j = size_t(open) + 1; j < close; ++j) {
      if (c_.directive(j)) return false;
    }
    const std::vector<size_t> semicolons = header_semicolons(size_t(open), close);
    if (semicolons.size() != 2) return false;
    Declaration d{};
    if (!parse_declaration(c_, size_t(open) + 1, semicolons[0] + 1, &d) || d.declarators.size() != 1 ||
        !c_.is(d.declarators[0].name + 1, "=")) {
      return false;
    }
    if (!integer_type(d)) return false;
    const size_t counter = d.declarators[0].name;
    const std::string name = c_.word(counter);
    const size_t bound_begin = semicolons[0] + 3, bound_end = semicolons[1];
    if (!less_than_bound(name, semicolons[0], semicolons[1])) return false;
    for (size_t j = bound_begin; j < bound_end; ++j) {
      if (c_.is(j, name) && !c_.member_access(j)) return false;
    }
    const size_t update = semicolons[1] + 1;
    const bool plus_one = close == update + 4 && c_.is(update, name) && c_.is(update + 1, "+") &&
                          c_.is(update + 2, "=") && c_.is(update + 3, "1");
    if (!increment(name, update, close) && !plus_one) return false;
    *loop = {counter, semicolons[0] + 1, bound_begin, bound_end, update, close, close};
    return true;
  }

  // Helpers for the headers of strided and jammed loops.
  // Is the declaration's type an integer type?
  bool integer_type(const Declaration& d) const {
    static const std::set<std::string_view> kIntegerTypeWords = {
        "unsigned", "signed", "int", "long", "short", "size_t", "std", ":", "int32_t", "uint32_t",
        "int64_t", "uint64_t", "ptrdiff_t"};
    for (size_t j = d.type_begin; j < d.type_end; ++j) {
      if (!kIntegerTypeWords.count(c_.text(j))) return false;
    }
    return true;
  }

  // Is the condition between the header's semicolons `counter < bound`,
  // bound all of the right side of the `<`?
  bool less_than_bound(const std::string& counter, size_t first_semicolon, size_t second_semicolon) const {
    const size_t bound_begin = first_semicolon + 3;
    return c_.is(first_semicolon + 1, counter) && c_.is(first_semicolon + 2, "<") && !c_.is(bound_begin, "<") &&
           !c_.is(bound_begin, "=") && bound_begin < second_semicolon &&
           tighter_than_less(bound_begin, second_semicolon);
  }

  // Is the update [update, close) `++counter` or `counter++`?
  bool increment(const std::string& counter, size_t update, size_t close) const {
    if (close != update + 3) return false;
    return (c_.is(update, "+") && c_.is(update + 1, "+") && c_.is(update + 2, counter)) ||
           (c_.is(update, counter) && c_.is(update + 1, "+") && c_.is(update + 2, "+"));
  }

  // The `;` tokens of a `for` header between `open` and `close`, outside
  // brackets.
  std::vector<size_t> header_semicolons(size_t open, size_t close) const {
    std::vector<size_t> semicolons;
    for (size_t j = open + 1; j < close; ++j) {
      if (c_.punctuation(j) && (c_.is(j, "(") || c_.is(j, "[") || c_.is(j, "{"))) {
        j = c_.closing_bracket(j, m_body_end);
        continue;
      }
      if (c_.is(j, ";")) semicolons.push_back(j);
    }
    return semicolons;
  }

  // Checks that the header of the `for` loop [b, e) is block-uniform and
  // that nothing but its update changes its counter; adds the counter to
  // `uniform`. Returns why not ("whose ..."), or "".
  std::string uniform_loop_header(size_t b, size_t e, std::vector<std::string>* uniform) {
    size_t open = b + 1;
    size_t close = c_.closing_bracket(open, m_body_end);
    size_t body = close + 1;
    for (size_t j = open + 1; j < close; ++j) {
      if (c_.punctuation(j) && (c_.is(j, "(") || c_.is(j, "[") || c_.is(j, "{"))) {
        j = c_.closing_bracket(j, m_body_end);
        continue;
      }
      if (c_.is(j, ":") && !c_.is(j + 1, ":") && !c_.is(j - 1, ":")) return "that is a range-for loop";
    }
    const std::vector<size_t> semicolons = header_semicolons(open, close);
    if (semicolons.size() != 2) return "that it cannot parse";
    std::string counter;
    if (semicolons[0] != open + 1) {
      Declaration d{};
      if (!parse_declaration(c_, open + 1, semicolons[0] + 1, &d) || !d.declarators[0].has_initializer ||
          !c_.is(d.declarators[0].name + 1, "=") || d.declarators.size() != 1) {
        return "whose initialisation is not one declaration";
      }
      size_t name_at = d.declarators[0].name;
      counter = c_.word(name_at);
      if (!m_uniformity.is_uniform(name_at + 2, semicolons[0], *uniform)) {
        return "whose counter '" + counter + "' may differ between threads";
      }
    }
    if (!counter.empty()) uniform->push_back(counter);
    if (!m_uniformity.is_uniform(semicolons[0] + 1, semicolons[1], *uniform)) {
      return "whose condition may differ between threads";
    }
    // The update may assign the counter only.
    for (size_t j = semicolons[1] + 1; j < close; ++j) {
      if (c_.identifier(j) && c_.text(j) != counter && modified(c_, c_.word(j), semicolons[1] + 1, close)) {
        return "whose update assigns '" + c_.word(j) + "'";
      }
    }
    if (!counter.empty()) {
      // The update reads the counter; the rest must be uniform.
      for (size_t j = semicolons[1] + 1; j < close; ++j) {
        if (c_.identifier(j) && c_.text(j) != counter && !c_.member_access(j) &&
            !m_uniformity.is_uniform(j, j + 1, *uniform)) {
          return "whose update may differ between threads";
        }
      }
      if (modified(c_, counter, body, e)) return "whose counter the body assigns";
    }
    return "";
  }

  // A `return` ends its thread. In the kernel's last region that needs
  // nothing; before it (code that loops were interchanged around, or that
  // a uniform statement follows), the
  // thread's exit is remembered and the later regions skip it (RegionPlan's
  // exit_flags), when the kernel has no barrier (a barrier after an exit
  // stays with the fibers' rules) and no lambda (whose `return` is its own).
  bool check_returns() {
    std::vector<size_t> returns;
    bool early = false;
    for (size_t i = m_body_begin; i < m_body_end; ++i) {
      if (!c_.is(i, "return")) continue;
      if (std::find(m_plan.block_returns.begin(), m_plan.block_returns.end(), i) != m_plan.block_returns.end()) continue;
      auto region = m_plan.region_of.find(i);
      if (region == m_plan.region_of.end()) return fail("returns before its last barrier");
      if (region->second != m_final_region) {
        if (!m_plan.barriers.empty() || !c_.is(i + 1, ";")) {
          return fail("returns before its last barrier");
        }
        early = true;
      }
      returns.push_back(i);
    }
    if (early) {
      for (size_t i = m_body_begin; i + 1 < m_body_end; ++i) {
        if (c_.is(i, "]") && (c_.is(i + 1, "(") || c_.is(i + 1, "{") || c_.is(i + 1, "mutable"))) {
          return fail("returns before its last barrier");
        }
      }
      m_plan.exit_flags = true;
      m_plan.returns = returns;
    }
    if (m_final_region >= 0) m_plan.regions[size_t(m_final_region)].final = true;
    return true;
  }

  const TokenCursor& c_;
  size_t m_body_begin;
  size_t m_body_end;
  const BlockGroups& m_groups;
  BlockUniformity& m_uniformity;
  bool m_interchange_loops;
  bool m_strided_loops;
  const std::set<size_t>& m_strided_in_threads;
  RegionPlan& m_plan;
  std::map<size_t, size_t> m_level_statements;  // first token -> one past the last
  std::set<size_t> m_uniform_assignments;       // first tokens of uniform assignment statements
  int m_final_region = -1;
  std::vector<int> m_guard_stack;  // the guards around the list being planned, outermost first
  std::vector<Declaration> m_declarations;  // collect_declarations
  std::set<std::string> m_body_names;       // every name the body may declare
  std::vector<std::string> m_parameters;
  std::vector<std::string> m_unwritten_parameters;
  std::string m_reason;
};

}  // namespace

bool plan_barrier_regions(const TokenCursor& c, size_t body_begin, size_t body_end,
                          const std::vector<std::string>& parameters, const BlockGroups& groups,
                          BlockUniformity& uniformity, bool interchange_loops, bool strided_loops, RegionPlan* plan,
                          std::string* reason, const std::set<size_t>& strided_in_threads) {
  RegionPlanner planner(c, body_begin, body_end, groups, uniformity, interchange_loops, strided_loops,
                        strided_in_threads, plan);
  if (planner.run(parameters)) return true;
  *reason = planner.reason();
  return false;
}

}  // namespace cucpu::compiler
