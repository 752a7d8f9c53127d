// See added_barriers.h.
#include "added_barriers.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "statement_parsing.h"

namespace cucpu::compiler {
namespace {

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
    // Every declaration statement's names (a `for` header's too). Not
    // declared_names(), which guesses generously: a guess here could take a
    // global for a local.
    for (size_t i = body_begin; i < body_end; ++i) {
      if (i != body_begin && !c_.is(i - 1, ";") && !c_.is(i - 1, "{") && !c_.is(i - 1, "}") && !c_.is(i - 1, "(")) {
        continue;
      }
      Declaration declaration{};
      if (!parse_declaration(c_, i, statement_end(c_, i, body_end), &declaration)) continue;
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
      for (const std::string& name : declared_names(c_, i, std::min(end + 1, body_end))) {
        m_block_names.insert(name);
      }
      i = end;
    }
  }

  bool only_own_locals(size_t b, size_t e) const {
    for (size_t i = b; i < e; ++i) {
      if (c_.punctuation(i)) {
        // An element of memory, or a lambda; an element of the thread's own
        // array of numbers (`float acc[4][4]`) is a local like any other.
        if (c_.is(i, "[") && !subscripts_own_array(i)) return false;
        if (c_.is(i, "-") && c_.is(i + 1, ">") && c_.adjacent(i, i + 1)) return false;
        if ((c_.is(i, "*") || c_.is(i, "&")) && unary(i)) return false;  // a dereference or an address
        if (c_.is(i, "(") && i > b && (c_.is(i - 1, ")") || (c_.is(i - 1, ">") && !cast(i - 1)))) {
          return false;  // a call through an expression, or a template's
        }
        continue;
      }
      if (!c_.identifier(i)) continue;
      std::string_view word = c_.text(i);
      if (c_.is(i - 1, ".") && c_.member_access(i)) continue;  // a member of a local or built-in
      if (c_.is(i + 1, "(") && !kPureCalls.count(word)) return false;
      if (word == "asm" || word == "new" || word == "delete" || word == "throw") return false;
      std::string name(word);
      if (m_block_names.count(name)) return false;
      if (m_locals.count(name) || m_parameters.count(name)) continue;
      // A global, constant or type: private only if the kernel never writes it.
      if (modified(c_, name, m_body_begin, m_body_end)) return false;
    }
    return true;
  }

 private:
  bool arithmetic_type(size_t b, size_t e) const {
    for (size_t j = b; j < e; ++j) {
      if (!kArithmeticTypeWords.count(c_.text(j))) return false;
    }
    return b < e;
  }

  // Does the `[` at `open` subscript a local array of numbers, directly or
  // after earlier subscripts (`acc[i][j]`)?
  bool subscripts_own_array(size_t open) const {
    size_t base = open - 1;
    while (c_.is(base, "]")) {
      const long group = c_.opening_bracket(base);
      if (group <= 0) return false;
      base = static_cast<size_t>(group) - 1;
    }
    if (!c_.identifier(base) || c_.member_access(base)) return false;
    const std::string name = c_.word(base);
    return m_local_arrays.count(name) && !m_block_names.count(name);
  }

  // `*` or `&` that is not multiplication, a bitwise or logical and, or part
  // of an assignment operator (`*=`, `&=`).
  bool unary(size_t i) const {
    std::string_view op = c_.text(i);
    if (c_.is(i + 1, "=") && c_.adjacent(i, i + 1)) return false;
    if (op == "&" && ((c_.is(i + 1, "&") && c_.adjacent(i, i + 1)) || (c_.is(i - 1, "&") && c_.adjacent(i - 1, i)))) {
      return false;
    }
    bool after_operand = (c_.identifier(i - 1) && !is_expression_keyword(c_.text(i - 1))) ||
                         c_.token(i - 1).kind == TokenKind::number || c_.is(i - 1, ")") || c_.is(i - 1, "]");
    return !after_operand;
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
};

// Walks the steps in the order the block runs them. `shared_since_barrier`:
// a region that touches more than its thread's locals has run since the
// last real barrier (on some path). A region like that meeting another one
// across an added barrier is what could be observed.
class AddedBarrierWalk {
 public:
  AddedBarrierWalk(const TokenCursor& c, const ThreadLocalCode& code, const RegionPlan& plan)
      : c_(c), m_code(code), m_plan(plan) {}

  bool walk(const std::vector<PlanStep>& steps, bool& shared_since_barrier) {
    for (const PlanStep& step : steps) {
      switch (step.kind) {
        case PlanStep::Kind::barrier:
          shared_since_barrier = false;
          break;
        case PlanStep::Kind::region: {
          const ThreadRegion& region = m_plan.regions[size_t(step.region)];
          if (m_code.only_own_locals(region.first, region.last)) break;
          if (shared_since_barrier) {
            m_reason = "splitting would add a barrier before line " + std::to_string(c_.token(region.first).line) +
                       " that its threads could observe";
            return false;
          }
          shared_since_barrier = true;
          break;
        }
        case PlanStep::Kind::block:
          if (!walk(step.body, shared_since_barrier)) return false;
          break;
        case PlanStep::Kind::loop: {
          // Zero or more iterations; the end of one meets the start of the next.
          bool after = shared_since_barrier;
          if (!walk(step.body, after)) return false;
          if (after && !shared_since_barrier) {
            bool again = true;
            if (!walk(step.body, again)) return false;
          }
          shared_since_barrier = shared_since_barrier || after;
          break;
        }
      }
    }
    return true;
  }

  const std::string& reason() const { return m_reason; }

 private:
  const TokenCursor& c_;
  const ThreadLocalCode& m_code;
  const RegionPlan& m_plan;
  std::string m_reason;
};

}  // namespace

std::string observable_added_barrier(const TokenCursor& c, size_t body_begin, size_t body_end,
                                     const std::vector<std::string>& parameters, const RegionPlan& plan) {
  ThreadLocalCode code(c, body_begin, body_end, parameters);
  AddedBarrierWalk walk(c, code, plan);
  bool shared_since_barrier = false;
  if (walk.walk(plan.steps, shared_since_barrier)) return "";
  return walk.reason();
}

bool touches_only_thread_locals(const TokenCursor& c, size_t body_begin, size_t body_end,
                                const std::vector<std::string>& parameters, size_t b, size_t e) {
  return ThreadLocalCode(c, body_begin, body_end, parameters).only_own_locals(b, e);
}

}  // namespace cucpu::compiler
