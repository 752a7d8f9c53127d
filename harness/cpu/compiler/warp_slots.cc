// See warp_slots.h.
#include "warp_slots.h"

#include <map>
#include <vector>

#include "kernel_functions.h"
#include "source_edits.h"
#include "source_tokens.h"
#include "statement_parsing.h"
#include "token_cursor.h"

namespace cucpu::compiler {
namespace {

enum class Family { shuffle, vote, reduce, match_any, syncwarp };

struct Collective {
  Family family;
  const char* op;  // the WarpOp (shuffles and reductions) or the vote (split_warp.h)
};

const std::map<std::string_view, Collective>& collectives() {
  static const std::map<std::string_view, Collective> kCollectives = {
      {"__shfl_sync", {Family::shuffle, "shfl_idx"}},
      {"__shfl_up_sync", {Family::shuffle, "shfl_up"}},
      {"__shfl_down_sync", {Family::shuffle, "shfl_down"}},
      {"__shfl_xor_sync", {Family::shuffle, "shfl_xor"}},
      {"__ballot_sync", {Family::vote, "ballot"}},
      {"__any_sync", {Family::vote, "any"}},
      {"__all_sync", {Family::vote, "all"}},
      {"__reduce_add_sync", {Family::reduce, "reduce_add"}},
      {"__reduce_min_sync", {Family::reduce, "reduce_min"}},
      {"__reduce_max_sync", {Family::reduce, "reduce_max"}},
      {"__reduce_and_sync", {Family::reduce, "reduce_and"}},
      {"__reduce_or_sync", {Family::reduce, "reduce_or"}},
      {"__reduce_xor_sync", {Family::reduce, "reduce_xor"}},
      {"__match_any_sync", {Family::match_any, ""}},
      {"__syncwarp", {Family::syncwarp, ""}},
  };
  return kCollectives;
}

constexpr const char* kBarrier = "__cucpu_warp_barrier();";
constexpr const char* kDetail = "::cucpu::detail::";

class Lowerer {
 public:
  Lowerer(std::string_view src, const std::set<std::string>& only_kernels)
      : m_src(src), m_parsed(tokenize(src)), m_c(src, m_parsed), m_only_kernels(only_kernels) {}

  LoweredSource run() {
    LoweredSource out;
    std::vector<Edit> edits;
    for (const KernelDefinition& kernel : user_kernels(m_c, m_only_kernels)) {
      m_site = 0;
      size_t before = edits.size();
      lower_list(kernel.body_open + 1, kernel.body_close, &edits);
      if (edits.size() != before) out.kernels.insert(kernel.name);
    }
    out.text = apply_edits(m_src, std::move(edits));
    return out;
  }

 private:
  // A call of a collective at i (not a member or a declaration's name).
  bool collective_call(size_t i) const {
    return m_c.identifier(i) && !m_c.member_access(i) && m_c.is(i + 1, "(") && collectives().count(m_c.text(i));
  }

  bool holds_collective(size_t b, size_t e) const {
    for (size_t i = b; i < e; ++i) {
      if (collective_call(i)) return true;
    }
    return false;
  }

  void lower_list(size_t b, size_t e, std::vector<Edit>* edits) {
    for (size_t i = b; i < e;) {
      size_t end = statement_end(m_c, i, e);
      if (end <= i) return;
      lower_statement(i, end, true, edits);
      i = end;
    }
  }

  // `in_list`: the statement sits in a statement list (else it is the
  // unbraced body of a loop or branch, and gets braces).
  void lower_statement(size_t b, size_t e, bool in_list, std::vector<Edit>* edits) {
    if (!holds_collective(b, e)) return;
    size_t first = b;
    while (first < e && m_c.directive(first)) ++first;
    if (m_c.is(first, "{")) {
      lower_list(first + 1, e - 1, edits);
      return;
    }
    if (m_c.is(first, "for") || m_c.is(first, "if")) {
      size_t close = m_c.closing_bracket(first + 1, e);
      if (close >= e || holds_collective(first + 1, close)) return;  // in the header: left alone
      size_t body_end = statement_end(m_c, close + 1, e);
      lower_statement(close + 1, body_end, false, edits);
      if (m_c.is(first, "if") && m_c.is(body_end, "else")) lower_statement(body_end + 1, e, false, edits);
      return;
    }
    if (m_c.is(first, "while") || m_c.is(first, "do") || m_c.is(first, "switch") || m_c.is(first, "return")) return;
    lower_simple(first, e, in_list, edits);
  }

  // The top-level arguments of the call whose `(` is at `open`.
  std::vector<std::pair<size_t, size_t>> arguments(size_t open) const {
    std::vector<std::pair<size_t, size_t>> out;
    size_t close = m_c.closing_bracket(open);
    size_t start = open + 1;
    for (size_t j = open + 1; j <= close; ++j) {
      if (j < close && m_c.punctuation(j) && (m_c.is(j, "(") || m_c.is(j, "[") || m_c.is(j, "{"))) {
        j = m_c.closing_bracket(j, close);
        continue;
      }
      if (j == close || m_c.is(j, ",")) {
        if (j > start) out.push_back({start, j});
        start = j + 1;
      }
    }
    return out;
  }

  std::string spell(std::pair<size_t, size_t> range) const {
    return "(" + m_c.spell(range.first, range.second, [this](size_t i) { return m_c.word(i); }) + ")";
  }

  void lower_simple(size_t b, size_t e, bool in_list, std::vector<Edit>* edits) {
    long call = -1;
    for (size_t i = b; i < e; ++i) {
      if (!collective_call(i)) continue;
      if (call >= 0) return;  // two collectives in one statement
      call = long(i);
    }
    // Inside a lambda the statement is not the kernel's own.
    for (size_t i = b; i < e; ++i) {
      if (m_c.is(i, "]") && (m_c.is(i + 1, "(") || m_c.is(i + 1, "{"))) return;
    }
    const size_t name = size_t(call), open = name + 1, close = m_c.closing_bracket(open, e);
    if (close >= e) return;
    const Collective& what = collectives().at(m_c.text(name));
    const std::vector<std::pair<size_t, size_t>> args = arguments(open);
    const std::string collective = std::string(kDetail) + "split_warp<" + std::to_string(m_site) + ">::";
    std::string store, read;
    switch (what.family) {
      case Family::syncwarp:
        // Only as a statement of its own.
        if (name != b || close + 2 != e || !m_c.is(close + 1, ";")) return;
        edits->push_back({m_c.token(b).begin, m_c.token(e - 1).end, kBarrier});
        return;
      case Family::shuffle: {
        if (args.size() != 3 && args.size() != 4) return;
        const std::string value = spell(args[1]);
        store = collective + "store(cucpu_t, " + value + ");";
        read = collective + "shfl<::std::decay_t<decltype(" + value + ")>>(cucpu_t, cucpu_whole_warps, " + kDetail + "WarpOp::" +
               what.op + ", " + spell(args[0]) + ", int" + spell(args[2]) + ", " +
               (args.size() == 4 ? "int" + spell(args[3]) : std::string("32")) + ")";
        break;
      }
      case Family::vote:
        if (args.size() != 2) return;
        store = collective + "store(cucpu_t, static_cast<unsigned>(" + spell(args[1]) + " != 0));";
        read = collective + what.op + "(cucpu_t, " + spell(args[0]) + ")";
        break;
      case Family::reduce: {
        if (args.size() != 2) return;
        const std::string operand = std::string(kDetail) + "split_warp_reduce_operand(" + spell(args[1]) + ")";
        store = collective + "store(cucpu_t, " + operand + ");";
        read = collective + "reduce<decltype(" + operand + ")>(cucpu_t, " + kDetail + "WarpOp::" + what.op + ", " +
               spell(args[0]) + ")";
        break;
      }
      case Family::match_any: {
        if (args.size() != 2) return;
        const std::string value = spell(args[1]);
        store = collective + "store(cucpu_t, " + value + ");";
        read = collective + "match_any<::std::decay_t<decltype(" + value + ")>>(cucpu_t, " + spell(args[0]) + ")";
        break;
      }
    }
    ++m_site;
    const size_t at = m_c.token(b).begin;
    edits->push_back({at, at, (in_list ? "" : "{ ") + store + " " + kBarrier + " "});
    // The call's lines stay: the statement's later lines keep their numbers.
    for (size_t k = m_c.token(name).begin; k < m_c.token(close).end; ++k) {
      if (m_src[k] == '\n') read += '\n';
    }
    edits->push_back({m_c.token(name).begin, m_c.token(close).end, read});
    if (!in_list) edits->push_back({m_c.token(e - 1).end, m_c.token(e - 1).end, " }"});
  }

  std::string_view m_src;
  TokenizedSource m_parsed;
  TokenCursor m_c;
  const std::set<std::string>& m_only_kernels;
  int m_site = 0;  // collectives lowered so far in the kernel: each its own slots
};

}  // namespace

LoweredSource lower_warp_collectives(std::string_view preprocessed, const std::set<std::string>& only_kernels) {
  return Lowerer(preprocessed, only_kernels).run();
}

}  // namespace cucpu::compiler
