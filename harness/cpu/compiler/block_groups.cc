// See block_groups.h.
#include "block_groups.h"

namespace cucpu::compiler {
namespace {

// Steps over `ns ::` qualifiers starting at i; the index of the name after them.
size_t skip_qualifiers(const TokenCursor& c, size_t i) {
  if (c.is(i, ":") && c.is(i + 1, ":")) i += 2;  // a leading ::
  while (c.identifier(i) && c.is(i + 1, ":") && c.is(i + 2, ":")) i += 3;
  return i;
}

// `[ns::]this_thread_block()` at i: one past its `)`, or 0.
size_t this_thread_block_call(const TokenCursor& c, size_t i) {
  i = skip_qualifiers(c, i);
  if (c.is(i, "this_thread_block") && c.is(i + 1, "(") && c.is(i + 2, ")")) return i + 3;
  return 0;
}

// `[ns::]this_thread_block()` or a known group's name, either possibly in
// parentheses, at i: one past it, or 0.
size_t initialiser_end(const TokenCursor& c, size_t i, const std::set<std::string>& names) {
  if (c.is(i, "(")) {
    size_t inner = initialiser_end(c, i + 1, names);
    return inner != 0 && c.is(inner, ")") ? inner + 1 : 0;
  }
  if (c.identifier(i) && names.count(c.word(i))) return i + 1;
  return this_thread_block_call(c, i);
}

// Does a statement start at i (after `;`, `{`, `}`, a directive or a label)?
bool statement_start(const TokenCursor& c, size_t i, size_t body_begin) {
  if (i == body_begin) return true;
  return c.is(i - 1, ";") || c.is(i - 1, "{") || c.is(i - 1, "}") || c.directive(i - 1);
}

}  // namespace

BlockGroups find_block_groups(const TokenCursor& c, size_t body_begin, size_t body_end) {
  BlockGroups groups;
  auto record = [&](std::map<size_t, size_t>& into, size_t b, size_t e) {
    into[b] = e;
    for (size_t j = b; j < e; ++j) groups.understood.insert(j);
  };
  // Declarations first: later statements refer to their names.
  for (size_t i = body_begin; i < body_end; ++i) {
    if (!statement_start(c, i, body_begin)) continue;
    size_t j = i;
    if (c.is(j, "const")) ++j;
    if (c.is(j, "auto")) {
      ++j;
    } else {
      j = skip_qualifiers(c, j);
      if (!c.is(j, "thread_block")) continue;
      ++j;
    }
    if (!c.identifier(j) || !c.is(j + 1, "=")) continue;
    size_t end = initialiser_end(c, j + 2, groups.names);
    if (end == 0 || !c.is(end, ";")) continue;
    groups.names.insert(c.word(j));
    groups.declared_name[i] = c.word(j);
    record(groups.declarations, i, end + 1);
  }
  for (size_t i = body_begin; i < body_end; ++i) {
    if (!statement_start(c, i, body_begin) || groups.declarations.count(i)) continue;
    size_t end = 0;
    if (c.identifier(i) && groups.names.count(c.word(i)) && c.is(i + 1, ".") && c.is(i + 2, "sync") &&
        c.is(i + 3, "(") && c.is(i + 4, ")")) {
      end = i + 5;  // NAME.sync()
    } else if (size_t call = this_thread_block_call(c, i)) {
      if (c.is(call, ".") && c.is(call + 1, "sync") && c.is(call + 2, "(") && c.is(call + 3, ")")) end = call + 4;
    } else {
      size_t name = skip_qualifiers(c, i);
      if (c.is(name, "sync") && c.is(name + 1, "(") && c.identifier(name + 2) &&
          groups.names.count(c.word(name + 2)) && c.is(name + 3, ")")) {
        end = name + 4;  // [cg::]sync(NAME)
      }
    }
    if (end != 0 && c.is(end, ";")) record(groups.barriers, i, end + 1);
  }
  return groups;
}

}  // namespace cucpu::compiler
