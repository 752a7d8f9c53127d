// Text from problem files, made fit for a terminal: statements and titles
// are input from outside the judge, so no control character of theirs
// (an escape sequence could rewrite the screen or the title bar) reaches
// the terminal; and a statement's Markdown rendered for reading: headings
// underlined, list items indented, tables aligned, code and LaTeX as is.
#pragma once

#include <string>

namespace judge {

// `text` without C0 and C1 control characters and DEL (UTF-8 aware; an
// invalid byte becomes '?'); a tab becomes two spaces; newlines are kept
// only when `keep_newlines`.
std::string terminal_safe(const std::string& text, bool keep_newlines = false);

// The Markdown `text` for a terminal (terminal_safe applied first):
//   # Heading    -> Heading / =======      ## Heading -> Heading / -------
//   ### Heading  -> Heading / ~~~~~~~      - item, * item, 1. item -> indented,
//                                          with their continuation lines
//   | a | b |    -> columns padded to the widest cell, the |---| row a rule
//   **strong**   -> strong                 ``` fences and $$ blocks -> kept, indented
std::string render_markdown(const std::string& text);

// `text` and, on the next line, `rule` repeated to its width, each line
// ending in '\n'.
std::string underlined(const std::string& text, char rule);

// Columns `text` takes in a terminal: UTF-8 code points (continuation bytes
// do not count).
std::size_t display_width(const std::string& text);

}  // namespace judge
