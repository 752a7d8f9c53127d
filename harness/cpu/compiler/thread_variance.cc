// See thread_variance.h.
#include "thread_variance.h"

#include <vector>

#include "statement_parsing.h"

namespace cucpu::compiler {
namespace {

// A write to `name` whose new value is computed from tokens [from, to).
struct Assignment {
  std::string name;
  size_t from;
  size_t to;
};

// One past the expression starting at b: the first `;` or `,` at its own
// bracket depth, or a bracket that closes a group opened before it.
size_t expression_end(const TokenCursor& c, size_t b, size_t e) {
  for (size_t j = b; j < e; ++j) {
    if (c.punctuation(j) && (c.is(j, "(") || c.is(j, "[") || c.is(j, "{"))) {
      j = c.closing_bracket(j, e);
      continue;
    }
    if (c.is(j, ";") || c.is(j, ",") || c.is(j, ")") || c.is(j, "]") || c.is(j, "}")) return j;
  }
  return e;
}

// `T name(args)` or `T name{args}`: a name after a type word, `*`, `&` or `>`.
bool declared_with_brackets(const TokenCursor& c, size_t i) {
  if (i == 0 || !(c.is(i + 1, "(") || c.is(i + 1, "{"))) return false;
  return (c.identifier(i - 1) && !is_expression_keyword(c.text(i - 1))) || c.is(i - 1, "*") || c.is(i - 1, "&") ||
         c.is(i - 1, ">");
}

std::vector<Assignment> assignments_in(const TokenCursor& c, size_t b, size_t e, std::set<std::string>* varying) {
  std::vector<Assignment> found;
  for (size_t i = b; i < e; ++i) {
    if (!c.identifier(i) || c.member_access(i)) continue;
    std::string name = c.word(i);
    if (size_t length = assignment_operator_length(c, i + 1)) {
      size_t from = i + 1 + length;
      found.push_back({name, from, expression_end(c, from, e)});
    } else if (declared_with_brackets(c, i)) {
      found.push_back({name, i + 2, c.closing_bracket(i + 1, e)});
    } else if (i > 0 && c.is(i - 1, "&") && !(i > 1 && c.is(i - 2, "&") && c.adjacent(i - 2, i - 1)) &&
               !c.is(i + 1, "[")) {
      varying->insert(name);  // &name: written through a pointer we do not follow
    }
  }
  return found;
}

}  // namespace

bool reads_thread_identity(const TokenCursor& c, size_t i) {
  if (!c.identifier(i)) return false;
  std::string_view word = c.text(i);
  if (word == "threadIdx" || word == "__cucpu_builtin_threadIdx") return !c.member_access(i) || c.is(i - 1, ":");
  // The runtime's thread context, as the built-ins expand.
  if ((word == "thread_idx" || word == "linear") && i >= 2 && c.is(i - 1, ".") && c.is(i - 2, "tls_context")) {
    return true;
  }
  // Cooperative groups: a thread's rank and index in its group.
  if (word == "__lane_id" || word == "thread_rank" || word == "thread_index" || word == "__activemask") return true;
  static const std::string_view kWarpCollectives[] = {"__shfl", "__ballot", "__any_sync", "__all_sync",
                                                      "__reduce_", "__match"};
  for (std::string_view prefix : kWarpCollectives) {
    if (word.substr(0, prefix.size()) == prefix) return true;
  }
  return false;
}

std::set<std::string> thread_varying_locals(const TokenCursor& c, size_t body_begin, size_t body_end) {
  std::set<std::string> varying;
  std::vector<Assignment> assignments = assignments_in(c, body_begin, body_end, &varying);
  for (bool changed = true; changed;) {
    changed = false;
    for (const Assignment& a : assignments) {
      if (varying.count(a.name)) continue;
      for (size_t j = a.from; j < a.to; ++j) {
        bool varying_local = c.identifier(j) && !c.member_access(j) && varying.count(c.word(j));
        if (varying_local || reads_thread_identity(c, j)) {
          varying.insert(a.name);
          changed = true;
          break;
        }
      }
    }
  }
  return varying;
}

}  // namespace cucpu::compiler
