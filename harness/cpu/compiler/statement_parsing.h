// Just enough C++ statement syntax, over tokens, for the barrier splitter:
// where a statement ends, what a simple declaration declares, and whether a
// name is written at a given place. Kernel bodies are parsed, not
// type-checked: what cannot be read with certainty reads as "not plain" or
// "written", which keeps a kernel on fibers rather than miscompiling it.
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "token_cursor.h"

namespace cucpu::compiler {

struct Declarator {
  size_t name;                      // token index
  size_t suffix_begin, suffix_end;  // `[4]` after the name
  bool has_initializer;
  size_t init_begin, init_end;      // after `=`
};

// `TYPE name [suffix] [= init], name2 [= init2] ...;`
struct Declaration {
  size_t statement_begin;
  size_t statement_end;  // one past the ';'
  size_t type_begin;     // TYPE tokens [type_begin, type_end)
  size_t type_end;
  std::vector<Declarator> declarators;
  // TYPE spelled out (no auto, reference, static...), no brace initialiser,
  // arrays only alone and uninitialised: its locals can move to per-thread
  // storage.
  bool plain;
};

// One past the last token of the statement starting at i, within [i, end).
size_t statement_end(const TokenCursor& c, size_t i, size_t end);

// The declaration that the simple statement [b, e) (e past its ';') makes,
// if it is one.
bool parse_declaration(const TokenCursor& c, size_t b, size_t e, Declaration* out);

// Is the name at token i assigned, incremented or its address taken there?
// (`p[i] = x` writes an element, not p; `s.x = v` writes part of s.)
// `limit`: the end of the enclosing body.
bool modifies_at(const TokenCursor& c, size_t i, size_t limit);

// Is `name` (as itself, not a member) written or its address taken in [b, e)?
bool modified(const TokenCursor& c, const std::string& name, size_t b, size_t e);

// Is `name` ever the operand of a unary `&` in [b, e)? A binary `&` counts
// too: that only keeps a variable in memory.
bool address_taken(const TokenCursor& c, const std::string& name, size_t b, size_t e);

// Tokens of an assignment operator at n (`=` 1, `+=` 2, `<<=` 3), or 0;
// `==` is no assignment.
size_t assignment_operator_length(const TokenCursor& c, size_t n);

// A `break` or `continue` in [b, e) that is not inside a nested loop or switch.
bool stray_jump(const TokenCursor& c, size_t b, size_t e);

// Keywords that can precede an identifier without declaring it.
bool is_expression_keyword(std::string_view word);

// Is `threadIdx.x` (or its prelude marker's form) at tokens i, i+1, i+2?
bool is_thread_index_x(const TokenCursor& c, size_t i);

// Is the `*` or `&` at i, in an expression that starts at b, a dereference
// or an address: no operand ends right before it (a name other than a
// keyword such as `return`, a number, `)`, `]`, or a braced value's `}`
// as in `size_t{n}`), and it is not part of `*=`, `&=` or `&&`?
bool unary_operator(const TokenCursor& c, size_t b, size_t i);

// Every identifier in (b, e - 1) that sits where a declarator name would:
// after a type name, `*`, `&` or `>`, before `=`, `;`, `,`, `[`, `(`, `{`,
// `)` or `:`. Over-inclusive on purpose: callers treat these names as
// possibly declared (never uniform, renamed when inlined).
std::set<std::string> declared_names(const TokenCursor& c, size_t b, size_t e);

// How many times `name` sits where declared_names finds names in [b, e).
size_t declaration_count(const TokenCursor& c, std::string_view name, size_t b, size_t e);

}  // namespace cucpu::compiler
