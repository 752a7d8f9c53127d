// Text that came from outside the judge (a solution's output, its compiler's
// messages, its file name, a record's fields) made safe to print: on a
// terminal, in JSON, in Markdown and in a CI log. A hostile solution must not
// move the cursor, clear the screen, rewrite a line, forge a verdict line or
// start a GitHub workflow command (`::error ...`, `::add-mask::`,
// `::stop-commands::`) through anything the judge echoes.
//
// printable() is idempotent (its output contains no byte it would change) and
// never lengthens valid printable text, so it can be applied at every layer.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace judge {

// Keeps printable ASCII, '\t', '\n' and valid UTF-8 that prints. Escapes
//   other control bytes and DEL                 as \x1b, \x0d, \x7f
//   bytes that are not valid UTF-8              as \xff
//   C1 controls, bidi/zero-width format marks,
//   U+2028/U+2029 line separators, U+FEFF       as \u0085, \u202e, ...
// and neutralises a line that begins (after blanks) with "::" (a GitHub
// workflow command) by writing its first colon as \x3a.
std::string printable(std::string_view text);

// printable(), with '\n' escaped as well: the text stays on one line.
std::string printable_line(std::string_view text);

// Text the judge relays from someone else (a compiler's messages, the tail of
// a solution's output): every line printable() and prefixed with "| ", so no
// relayed line can look like one of the judge's own (a verdict line, a
// workflow command). A trailing newline adds no empty line.
std::string relayed(std::string_view text);

// A copy of `value` with every string (object keys included) printable(): the
// form in which hostile strings go into reports, events and records. nlohmann's
// dump() would otherwise throw on invalid UTF-8 and pass DEL, C1 controls and
// bidi marks through unchanged.
nlohmann::json printable_json(const nlohmann::json& value);

}  // namespace judge
