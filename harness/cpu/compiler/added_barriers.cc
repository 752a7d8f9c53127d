// See added_barriers.h.
#include "added_barriers.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

#include "statement_parsing.h"

namespace cucpu::compiler {
namespace {

constexpr const char* kAnything = "*";   // memory the check cannot name
constexpr const char* kGlobal = "global";
constexpr const char* kReadOnly = "const";  // a source of a read-only pointer (not an object)

// Memory objects touched (ThreadLocalCode::memory_touched), each with
// whether it may be written.
using Touched = std::map<std::string, bool>;

void add(Touched& to, const std::string& object, bool written) { to[object] = to[object] || written; }

void add(Touched& to, const Touched& more) {
  for (const auto& [object, written] : more) add(to, object, written);
}

// Can an access in `a` and one in `b` conflict: reach the same memory, one
// of them a write?
bool may_conflict(const Touched& a, const Touched& b) {
  for (const auto& [object, written] : a) {
    for (const auto& [other, other_written] : b) {
      if ((written || other_written) && (object == other || object == kAnything || other == kAnything)) return true;
    }
  }
  return false;
}

// Element types of a local array that is the thread's own storage: an
// element of it is a number, never a pointer into memory other threads see.
const std::set<std::string_view> kArithmeticTypeWords = {
    "const",   "float",   "double",   "int",     "unsigned", "signed",   "long",    "short",  "char",
    "bool",    "size_t",  "int8_t",   "uint8_t", "int16_t",  "uint16_t", "int32_t", "uint32_t",
    "int64_t", "uint64_t", "__half", "half",    "__nv_bfloat16"};

// Names that may stand before `(` in thread-local code: functions of their
// arguments alone (no memory, no other thread), keywords and functional
// casts.
const std::set<std::string_view> kPureCalls = {
    "min", "max", "abs", "fabs", "fabsf", "fmin", "fminf", "fmax", "fmaxf", "sqrt", "sqrtf", "rsqrt", "rsqrtf",
    "cbrt", "cbrtf", "exp", "expf", "exp2", "exp2f", "expm1", "expm1f", "log", "logf", "log2", "log2f",
    "log10", "log10f", "log1p", "log1pf", "pow", "powf", "sin", "sinf", "cos", "cosf", "tan", "tanf",
    "tanh", "tanhf", "sinh", "sinhf", "cosh", "coshf", "asin", "asinf", "acos", "acosf", "atan", "atanf",
    "atan2", "atan2f", "erf", "erff", "erfc", "erfcf", "floor", "floorf", "ceil", "ceilf", "round",
    "roundf", "rint", "rintf", "trunc", "truncf", "fma", "fmaf", "fmod", "fmodf", "copysign", "copysignf",
    "isnan", "isinf", "isfinite", "signbit", "__expf", "__logf", "__powf", "__sinf", "__cosf", "__tanf",
    "__fdividef", "__frcp_rn", "__fsqrt_rn", "__fmaf_rn", "__fmul_rn", "__fadd_rn", "__saturatef",
    "__float2int_rn", "__float2int_rz", "__float2uint_rn", "__int2float_rn", "__float2half", "__half2float",
    "__float2bfloat16", "__bfloat162float", "make_int2", "make_int3", "make_int4", "make_uint2", "make_uint3",
    "make_uint4", "make_float2", "make_float3", "make_float4", "make_double2", "static_cast", "sizeof",
    "alignof", "decltype", "if", "for", "while", "switch", "return", "int", "unsigned", "float", "double",
    "long", "short", "char", "bool", "size_t", "int64_t", "uint64_t", "int32_t", "uint32_t"};

class ThreadLocalCode {
 public:
  ThreadLocalCode(const TokenCursor& c, size_t body_begin, size_t body_end, const std::vector<std::string>& parameters)
      : c_(c),
        m_body_begin(body_begin),
        m_body_end(body_end),
        m_parameters(parameters.begin(), parameters.end()) {
    std::vector<Declaration> declarations;
    // Every declaration statement's names (a `for` header's too). Not
    // declared_names(), which guesses generously: a guess here could take a
    // global for a local.
    for (size_t i = body_begin; i < body_end; ++i) {
      if (i != body_begin && !c_.is(i - 1, ";") && !c_.is(i - 1, "{") && !c_.is(i - 1, "}") && !c_.is(i - 1, "(")) {
        continue;
      }
      Declaration declaration{};
      if (!parse_declaration(c_, i, statement_end(c_, i, body_end), &declaration)) continue;
      declarations.push_back(declaration);
      for (const Declarator& declarator : declaration.declarators) {
        m_locals.insert(c_.word(declarator.name));
        if (declarator.suffix_end > declarator.suffix_begin && c_.is(declarator.suffix_begin, "[") &&
            arithmetic_type(declaration.type_begin, declaration.type_end)) {
          m_local_arrays.insert(c_.word(declarator.name));
        }
      }
    }
    // A name that also stands before `[` outside the body may be a global
    // array the local only shadows in its own scope: not counted as private.
    for (size_t i = 0; i < c_.size(); ++i) {
      if (i == body_begin) i = body_end;
      if (c_.identifier(i) && c_.is(i + 1, "[")) m_local_arrays.erase(c_.word(i));
    }
    // __shared__ and static locals are the block's, not the thread's.
    for (size_t i = body_begin; i < body_end; ++i) {
      if (!c_.is(i, "__cucpu_shared__") && !c_.is(i, "static")) continue;
      size_t end = i;
      while (end < body_end && !c_.is(end, ";")) ++end;
      bool is_extern = false;
      for (size_t j = i; j > body_begin && !c_.is(j - 1, ";") && !c_.is(j - 1, "{") && !c_.is(j - 1, "}"); --j) {
        if (c_.is(j - 1, "extern")) is_extern = true;
      }
      for (const std::string& name : declared_names(c_, i, std::min(end + 1, body_end))) {
        m_block_names.insert(name);
        if (is_extern) m_extern_shared.insert(name);
        for (size_t j = i; j < end; ++j) {
          if (c_.word(j) == name && c_.is(j + 1, "[")) m_block_arrays.insert(name);
        }
      }
      i = end;
    }
    find_read_only_pointers(declarations);
  }

  bool only_own_locals(size_t b, size_t e) const { return memory_touched(b, e).empty(); }

  // What the code [b, e) touches beyond its thread's own locals, as memory
  // objects: a `__shared__` array or variable by name (every `extern
  // __shared__` array is one buffer), "global" for what a pointer
  // parameter reaches or a global the kernel writes, and kAnything where it
  // cannot tell (a local pointer's element, a call, a dereference).
  // `skipped`: subscripts (their `[`) to leave out.
  Touched memory_touched(size_t b, size_t e, const std::set<size_t>& skipped = {}) const {
    Touched touched;
    for (size_t i = b; i < e; ++i) {
      // A lowered collective's slot store or read: its exchange is the
      // collective's own, ordered as on a GPU; its arguments are checked.
      if (const size_t open = lowered_collective_call(i, e)) {
        i = open;
        continue;
      }
      if (c_.punctuation(i)) {
        // An element of memory, or a lambda; an element of the thread's own
        // array of numbers (`float acc[4][4]`) is a local like any other.
        if (c_.is(i, "[") && !subscripts_own_array(i) && !subscripts_read_only_pointer(i) && !skipped.count(i)) {
          add(touched, subscripted_object(i), element_written(i));
        }
        if (c_.is(i, "-") && c_.is(i + 1, ">") && c_.adjacent(i, i + 1)) add(touched, kAnything, true);
        if ((c_.is(i, "*") || c_.is(i, "&")) && unary(i)) add(touched, kAnything, true);  // a dereference or an address
        if (c_.is(i, "(") && i > b && (c_.is(i - 1, ")") || (c_.is(i - 1, ">") && !cast(i - 1)))) {
          add(touched, kAnything, true);  // a call through an expression, or a template's
        }
        continue;
      }
      if (!c_.identifier(i)) continue;
      std::string_view word = c_.text(i);
      if (c_.is(i - 1, ".") && c_.member_access(i)) continue;  // a member of a local or built-in
      if (c_.is(i + 1, "(") && !kPureCalls.count(word)) add(touched, kAnything, true);
      if (word == "asm" || word == "new" || word == "delete" || word == "throw") add(touched, kAnything, true);
      std::string name(word);
      if (m_block_names.count(name)) {
        // An element is touched at its `[`; an array's name alone is its
        // address (a pointer to it is followed to the array).
        if (!c_.is(i + 1, "[") && !m_block_arrays.count(name)) {
          add(touched, block_object(name), modifies_at(c_, i, m_body_end));
        }
        continue;
      }
      if (m_locals.count(name) || m_parameters.count(name)) continue;
      // A global, constant or type: private only if the kernel never writes it.
      if (modified(c_, name, m_body_begin, m_body_end)) add(touched, kGlobal, modifies_at(c_, i, m_body_end));
    }
    return touched;
  }

  // Does each thread of the strided loop [first, last) touch only its own
  // elements besides what no thread writes? Every access but loads through
  // read-only pointers is `P[k]` for one block-uniform P (StridedLoop's
  // own_elements), and nothing else in the loop reaches P's memory.
  bool touches_own_elements(size_t first, size_t last, const StridedLoop& loop) const {
    if (!loop.start_is_thread_x) return false;
    std::set<size_t> own;
    std::string pointer;
    for (size_t open : loop.own_elements) {
      if (subscripts_read_only_pointer(open)) continue;
      const std::string name = c_.word(open - 1);
      if (!pointer.empty() && name != pointer) return false;  // two pointers may overlap, shifted
      pointer = name;
      own.insert(open);
    }
    if (own.empty()) return false;
    Touched elements;
    for (size_t open : own) add(elements, subscripted_object(open), element_written(open));
    const Touched rest = memory_touched(first, last, own);
    return !may_conflict(rest, rest) && !may_conflict(rest, elements);
  }

 private:
  // May the element whose (first) `[` is at `open` be written there: an
  // assignment's or increment's operand, or a member of it (conservative)?
  bool element_written(size_t open) const {
    size_t close = c_.closing_bracket(open, m_body_end);
    while (close < m_body_end && c_.is(close + 1, "[")) close = c_.closing_bracket(close + 1, m_body_end);
    if (close >= m_body_end) return true;
    const size_t next = close + 1;
    auto doubled = [&](size_t at, const char* sign) {
      return c_.is(at, sign) && c_.is(at + 1, sign) && c_.adjacent(at, at + 1);
    };
    if (assignment_operator_length(c_, next) > 0 || doubled(next, "+") || doubled(next, "-") || c_.is(next, ".") ||
        (c_.is(next, "-") && c_.is(next + 1, ">"))) {
      return true;
    }
    const long base = subscripted_base(open);  // `++s[i]`: before the base
    if (base < 0) return true;
    return base >= 2 && (doubled(size_t(base) - 2, "+") || doubled(size_t(base) - 2, "-"));
  }

  // The token before the first `[` of the subscripts that end with the one
  // at `open` (`acc` in `acc[i][j]`), or -1.
  long subscripted_base(size_t open) const {
    size_t base = open - 1;
    while (c_.is(base, "]")) {
      const long group = c_.opening_bracket(base);
      if (group <= 0) return -1;
      base = size_t(group) - 1;
    }
    return long(base);
  }

  // The object whose element the `[` at `open` reads or writes.
  std::string subscripted_object(size_t open) const {
    const long base = subscripted_base(open);
    if (base < 0 || !c_.identifier(size_t(base)) || c_.member_access(size_t(base))) return kAnything;
    const std::string name = c_.word(size_t(base));
    if (m_block_names.count(name)) return block_object(name);
    // A parameter's pointer comes from the host: global memory, never a
    // block's shared memory.
    if (m_parameters.count(name) && !m_locals.count(name)) return kGlobal;
    if (auto mapped = m_pointer_objects.find(name); mapped != m_pointer_objects.end()) return mapped->second;
    return kAnything;
  }

  std::string block_object(const std::string& name) const {
    return m_extern_shared.count(name) ? "extern __shared__" : name;
  }

  bool arithmetic_type(size_t b, size_t e) const {
    for (size_t j = b; j < e; ++j) {
      if (!kArithmeticTypeWords.count(c_.text(j))) return false;
    }
    return b < e;
  }

  // Pointers through which the kernel only reads memory it never writes:
  // `const T*` parameters, and `const T*` locals that are never reassigned
  // and start from those alone (`const float* row = in + r * n;`). That
  // takes a const parameter not to alias a written one, as the judge's
  // tensors never do; an element read through one is no one else's write.
  void find_read_only_pointers(const std::vector<Declaration>& declarations) {
    const size_t close = m_body_begin - 2;
    if (m_body_begin < 2 || !c_.is(close, ")")) return;
    const long open = c_.opening_bracket(close);
    if (open < 0) return;
    std::set<std::string> writable;  // names that may reach written memory: not numbers, not read-only
    for (size_t b = size_t(open) + 1, j = b; j <= close; ++j) {
      if (c_.is(j, "(") || c_.is(j, "[") || c_.is(j, "<")) {
        if (c_.is(j, "<")) return;  // a template's arguments: not read
        j = c_.closing_bracket(j, close);
        continue;
      }
      if (j < close && !c_.is(j, ",")) continue;
      if (j > b && c_.identifier(j - 1)) {
        const std::string name = c_.word(j - 1);
        bool to_const = false;
        if (pointer_type(b, j - 1, &to_const) && to_const) {
          m_read_only_pointers.insert(name);
        } else if (!arithmetic_type(b, j - 1)) {
          writable.insert(name);
        }
      }
      b = j + 1;
    }
    for (const Declaration& declaration : declarations) {
      bool to_const = false;
      const bool pointer = pointer_type(declaration.type_begin, declaration.type_end, &to_const);
      for (const Declarator& declarator : declaration.declarators) {
        const std::string name = c_.word(declarator.name);
        std::vector<std::string> sources;
        const bool fixed = pointer && declarator.has_initializer && declarator.suffix_end == declarator.suffix_begin &&
                           !m_block_names.count(name) && !modified(c_, name, m_body_begin, m_body_end) &&
                           pointer_sources(declarator.init_begin, declarator.init_end, writable, &sources);
        const bool from_read_only =
            !sources.empty() && std::all_of(sources.begin(), sources.end(),
                                            [](const std::string& source) { return source == kReadOnly; });
        if (fixed && to_const && from_read_only) {
          m_read_only_pointers.insert(name);
        } else if (fixed && sources.size() == 1 && sources[0] != kReadOnly && sources[0] != kAnything) {
          // Declared twice, to two objects: anything.
          auto [at, added] = m_pointer_objects.emplace(name, sources[0]);
          if (!added && at->second != sources[0]) at->second = kAnything;
        } else if (!arithmetic_type(declaration.type_begin, declaration.type_end)) {
          writable.insert(name);
        }
      }
    }
    // A name declared both ways (in two scopes) is neither.
    for (const std::string& name : writable) {
      m_read_only_pointers.erase(name);
      m_pointer_objects.erase(name);
    }
  }

  // TYPE [b, e) is `T*` (one `*`; `__restrict__` allowed); `to_const`: a
  // `const` before the `*`.
  bool pointer_type(size_t b, size_t e, bool* to_const) const {
    size_t stars = 0;
    *to_const = false;
    for (size_t j = b; j < e; ++j) {
      if (c_.is(j, "*")) {
        ++stars;
      } else if (c_.is(j, "const") && stars == 0) {
        *to_const = true;
      } else if (c_.punctuation(j) || c_.is(j, "static") || c_.is(j, "__cucpu_shared__")) {
        return false;
      }
    }
    return stars == 1;
  }

  // What a pointer's initializer [b, e) starts from, one entry per name that
  // is not a number: kReadOnly (a read-only pointer), the object of a
  // `__shared__` array or of a fixed local pointer, kGlobal (a pointer
  // parameter), kAnything (another name that may reach memory). False when
  // it reads memory or calls anything but pure arithmetic.
  bool pointer_sources(size_t b, size_t e, const std::set<std::string>& writable,
                       std::vector<std::string>* sources) const {
    for (size_t j = b; j < e; ++j) {
      if (c_.is(j, "[") || (c_.is(j, "*") && unary(j)) || (c_.is(j, "&") && unary(j))) return false;
      if (!c_.identifier(j) || (c_.is(j - 1, ".") && c_.member_access(j))) continue;
      const std::string name = c_.word(j);
      if (c_.is(j + 1, "(") && !kPureCalls.count(name)) return false;
      if (m_block_names.count(name)) {
        sources->push_back(block_object(name));
      } else if (auto mapped = m_pointer_objects.find(name); mapped != m_pointer_objects.end()) {
        sources->push_back(mapped->second);
      } else if (m_read_only_pointers.count(name)) {
        sources->push_back(kReadOnly);
      } else if (m_parameters.count(name) && writable.count(name) && !m_locals.count(name)) {
        sources->push_back(kGlobal);
      } else if (writable.count(name)) {
        sources->push_back(kAnything);
      }
    }
    return true;
  }

  bool subscripts_read_only_pointer(size_t open) const {
    return open > 0 && c_.identifier(open - 1) && !c_.member_access(open - 1) &&
           m_read_only_pointers.count(c_.word(open - 1));
  }

  // `::cucpu::detail::split_warp<N>::op<...>(` or
  // `::cucpu::detail::split_warp_reduce_operand(` at i (warp_slots.h): the
  // index of its `(`, else 0.
  size_t lowered_collective_call(size_t i, size_t e) const {
    static const char* const kQualifier[] = {":", ":", "cucpu", ":", ":", "detail", ":", ":"};
    for (const char* word : kQualifier) {
      if (i >= e || !c_.is(i++, word)) return 0;
    }
    if (c_.is(i, "split_warp_reduce_operand") && c_.is(i + 1, "(")) return i + 1;
    if (!c_.is(i, "split_warp") || !c_.is(i + 1, "<")) return 0;
    i = after_template_arguments(i + 1, e);
    if (!c_.is(i, ":") || !c_.is(i + 1, ":") || !c_.identifier(i + 2)) return 0;
    i += 3;
    if (c_.is(i, "<")) i = after_template_arguments(i, e);
    return i < e && c_.is(i, "(") ? i : 0;
  }

  // The token after the `>` that closes the template arguments opened at `open`.
  size_t after_template_arguments(size_t open, size_t e) const {
    int depth = 0;
    for (size_t j = open; j < e; ++j) {
      if (c_.is(j, "(")) {
        j = c_.closing_bracket(j, e);  // decltype(a > b)
      } else if (c_.is(j, "<")) {
        ++depth;
      } else if (c_.is(j, ">") && --depth == 0) {
        return j + 1;
      }
    }
    return e;
  }

  // Does the `[` at `open` subscript a local array of numbers, directly or
  // after earlier subscripts (`acc[i][j]`)?
  bool subscripts_own_array(size_t open) const {
    const long base = subscripted_base(open);
    if (base < 0 || !c_.identifier(size_t(base)) || c_.member_access(size_t(base))) return false;
    const std::string name = c_.word(size_t(base));
    return m_local_arrays.count(name) && !m_block_names.count(name);
  }

  // `*` or `&` that is not multiplication, a bitwise or logical and, or part
  // of an assignment operator (`*=`, `&=`).
  bool unary(size_t i) const {
    return unary_operator(c_, m_body_begin, i);
  }

  // Does the `>` at `close` end a C++ cast's type (`static_cast<float>`)?
  bool cast(size_t close) const {
    int depth = 0;
    for (size_t j = close + 1; j-- > m_body_begin;) {
      if (c_.is(j, ">")) ++depth;
      if (c_.is(j, "<") && --depth == 0) {
        std::string_view name = j > 0 ? c_.text(j - 1) : std::string_view();
        return name == "static_cast" || name == "const_cast" || name == "reinterpret_cast";
      }
      if (c_.is(j, ";") || c_.is(j, "{") || c_.is(j, "}")) return false;
    }
    return false;
  }

  const TokenCursor& c_;
  size_t m_body_begin;
  size_t m_body_end;
  std::set<std::string> m_locals;
  std::set<std::string> m_local_arrays;  // arrays of numbers declared in the body
  std::set<std::string> m_parameters;
  std::set<std::string> m_block_names;
  std::set<std::string> m_read_only_pointers;
  std::map<std::string, std::string> m_pointer_objects;  // a fixed local pointer -> what it points into
  std::set<std::string> m_extern_shared;
  std::set<std::string> m_block_arrays;  // block names declared as arrays
};

// Walks the steps in the order the block runs them, keeping the memory
// objects that regions touched since the last real barrier (on some path).
// A region touching one of them across an added barrier is what could be
// observed.
class AddedBarrierWalk {
 public:
  AddedBarrierWalk(const TokenCursor& c, const ThreadLocalCode& code, const RegionPlan& plan)
      : c_(c), m_code(code), m_plan(plan) {}

  // `since_barrier`: the objects touched since the last real barrier.
  // `warp_barriers_real`: the steps run one warp at a time (a per-warp
  // guard's body), so a lowered collective's barrier orders all their
  // threads, as on a GPU.
  bool walk(const std::vector<PlanStep>& steps, Touched& since_barrier, bool warp_barriers_real) {
    for (const PlanStep& step : steps) {
      switch (step.kind) {
        case PlanStep::Kind::barrier:
          // Elsewhere a lowered collective's barrier is one the split adds
          // between warps: it ends nothing.
          if (!step.warp_barrier || warp_barriers_real) since_barrier.clear();
          break;
        case PlanStep::Kind::region:
        case PlanStep::Kind::uniform: {
          // A uniform statement runs once for every thread at one moment
          // (`const float total = partial[0];`): what it reads is read there.
          const size_t first = step.kind == PlanStep::Kind::region ? m_plan.regions[size_t(step.region)].first
                                                                   : step.first;
          const size_t last = step.kind == PlanStep::Kind::region ? m_plan.regions[size_t(step.region)].last
                                                                  : step.last;
          if (step.kind == PlanStep::Kind::uniform && declares_block_storage(first, last)) break;
          const Touched touched = m_code.memory_touched(first, last);
          const int strided = step.kind == PlanStep::Kind::region ? m_plan.regions[size_t(step.region)].strided : -1;
          if (strided >= 0 && may_conflict(touched, touched) &&
              m_code.touches_own_elements(first, last, m_plan.strided_loops[size_t(strided)])) {
            // Rounds that no two threads' elements meet in: allowed where
            // the launch keeps it so (StridedLoop::rounds_need_own_elements).
            m_own_element_rounds.push_back(strided);
          } else if (strided >= 0 && may_conflict(touched, touched)) {
            // A strided loop's rounds meet at added barriers: one round's
            // accesses against the next one's.
            m_reason = "running the strided loop at line " + std::to_string(c_.token(first).line) +
                       " in rounds would add barriers that its threads could observe";
            m_strided_for = first;
            return false;
          }
          if (may_conflict(touched, since_barrier)) {
            m_reason = "splitting would add a barrier before line " + std::to_string(c_.token(first).line) +
                       " that its threads could observe";
            return false;
          }
          add(since_barrier, touched);
          break;
        }
        case PlanStep::Kind::block:
          if (step.guard >= 0 && m_plan.guards[size_t(step.guard)].per_warp) {
            // Inside, one warp after another; for the threads of other warps
            // (and the code after the guard) nothing inside ended anything.
            Touched inside = since_barrier;
            if (!walk(step.body, inside, true)) return false;
            touched_in(step.body, since_barrier);
          } else if (!walk(step.body, since_barrier, warp_barriers_real)) {
            return false;
          }
          break;
        case PlanStep::Kind::loop: {
          // Zero or more iterations; the end of one meets the start of the next.
          Touched after = since_barrier;
          if (!walk(step.body, after, warp_barriers_real)) return false;
          if (after != since_barrier) {
            Touched again = after;
            if (!walk(step.body, again, warp_barriers_real)) return false;
          }
          since_barrier = std::move(after);
          break;
        }
      }
    }
    return true;
  }

  const std::string& reason() const { return m_reason; }
  // The `for` token of the strided loop whose rounds could be observed,
  // or -1 when something else could be.
  size_t strided_for() const { return m_strided_for; }
  // The strided loops (RegionPlan::strided_loops indexes) whose rounds are
  // allowed only while no two threads share an element.
  const std::vector<int>& own_element_rounds() const { return m_own_element_rounds; }

 private:
  // A `__shared__` or static declaration: storage, not an access.
  bool declares_block_storage(size_t first, size_t last) const {
    for (size_t i = first; i < last; ++i) {
      if (c_.is(i, "__cucpu_shared__") || c_.is(i, "static")) return true;
    }
    return false;
  }

  // Adds what every region and uniform statement in `steps` touches to `objects`.
  void touched_in(const std::vector<PlanStep>& steps, Touched& objects) const {
    for (const PlanStep& step : steps) {
      Touched touched;
      if (step.kind == PlanStep::Kind::region) {
        const ThreadRegion& region = m_plan.regions[size_t(step.region)];
        touched = m_code.memory_touched(region.first, region.last);
      } else if (step.kind == PlanStep::Kind::uniform && !declares_block_storage(step.first, step.last)) {
        touched = m_code.memory_touched(step.first, step.last);
      }
      add(objects, touched);
      touched_in(step.body, objects);
    }
  }

  const TokenCursor& c_;
  const ThreadLocalCode& m_code;
  const RegionPlan& m_plan;
  std::string m_reason;
  size_t m_strided_for = static_cast<size_t>(-1);
  std::vector<int> m_own_element_rounds;
};

}  // namespace

std::string observable_added_barrier(const TokenCursor& c, size_t body_begin, size_t body_end,
                                     const std::vector<std::string>& parameters, const RegionPlan& plan,
                                     size_t* strided_for, std::vector<int>* own_element_rounds) {
  ThreadLocalCode code(c, body_begin, body_end, parameters);
  AddedBarrierWalk walk(c, code, plan);
  Touched since_barrier;
  if (walk.walk(plan.steps, since_barrier, false)) {
    if (own_element_rounds != nullptr) *own_element_rounds = walk.own_element_rounds();
    return "";
  }
  if (strided_for != nullptr) *strided_for = walk.strided_for();
  return walk.reason();
}

bool touches_only_thread_locals(const TokenCursor& c, size_t body_begin, size_t body_end,
                                const std::vector<std::string>& parameters, size_t b, size_t e) {
  return ThreadLocalCode(c, body_begin, body_end, parameters).only_own_locals(b, e);
}

}  // namespace cucpu::compiler
