#include "judge/common/printable.h"

#include <cstdint>
#include <cstdio>

namespace judge {

namespace {

void append_byte_escape(std::string& out, unsigned char byte) {
  char text[5];
  std::snprintf(text, sizeof text, "\\x%02x", byte);
  out += text;
}

void append_code_point_escape(std::string& out, char32_t code_point) {
  char text[11];
  std::snprintf(text, sizeof text, "\\u%04x", static_cast<unsigned>(code_point));
  out += text;
}

// The length (2..4) and code point of the well-formed UTF-8 sequence at
// text[at] (RFC 3629: no overlong forms, no surrogates, nothing past
// U+10FFFF), or 0 when the bytes there are not one.
std::size_t utf8_sequence(std::string_view text, std::size_t at, char32_t& code_point) {
  const unsigned char lead = static_cast<unsigned char>(text[at]);
  std::size_t length;
  char32_t minimum;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2, code_point = lead & 0x1f, minimum = 0x80;
  else if (lead >= 0xe0 && lead <= 0xef) length = 3, code_point = lead & 0x0f, minimum = 0x800;
  else if (lead >= 0xf0 && lead <= 0xf4) length = 4, code_point = lead & 0x07, minimum = 0x10000;
  else return 0;
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    const unsigned char next = static_cast<unsigned char>(text[at + i]);
    if ((next & 0xc0) != 0x80) return 0;
    code_point = (code_point << 6) | (next & 0x3f);
  }
  if (code_point < minimum || code_point > 0x10ffff || (code_point >= 0xd800 && code_point <= 0xdfff)) return 0;
  return length;
}

// Code points that print nothing yet change how a line reads: C1 controls,
// zero-width and bidirectional format marks ("Trojan Source"), line and
// paragraph separators, the byte-order mark, interlinear annotations.
bool invisible(char32_t c) {
  return (c >= 0x80 && c <= 0x9f) || c == 0xad || (c >= 0x200b && c <= 0x200f) || (c >= 0x2028 && c <= 0x202e) ||
         (c >= 0x2060 && c <= 0x206f) || c == 0xfeff || (c >= 0xfff9 && c <= 0xfffb);
}

std::string escape(std::string_view text, bool keep_newlines, bool neutralise_commands = true) {
  std::string out;
  out.reserve(text.size());
  bool line_start = true;  // only blanks so far on this line
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char byte = static_cast<unsigned char>(text[i]);
    if (byte == '\n' && keep_newlines) {
      out += '\n';
      line_start = true;
      ++i;
    } else if (byte == '\t' || byte == ' ') {
      out += static_cast<char>(byte);
      ++i;
    } else if (byte < 0x20 || byte == 0x7f) {
      append_byte_escape(out, byte);
      line_start = false;
      ++i;
    } else if (byte < 0x80) {
      if (neutralise_commands && line_start && byte == ':' && i + 1 < text.size() && text[i + 1] == ':') {
        append_byte_escape(out, byte);  // "::command" -> "\x3a:command"
      } else {
        out += static_cast<char>(byte);
      }
      line_start = false;
      ++i;
    } else {
      char32_t code_point = 0;
      const std::size_t length = utf8_sequence(text, i, code_point);
      if (length == 0) {
        append_byte_escape(out, byte);
        ++i;
      } else {
        if (invisible(code_point)) append_code_point_escape(out, code_point);
        else out.append(text.substr(i, length));
        i += length;
      }
      line_start = false;
    }
  }
  return out;
}

}  // namespace

std::string printable(std::string_view text) { return escape(text, true); }

std::string printable_line(std::string_view text) { return escape(text, false); }

std::string relayed(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (!out.empty()) out += '\n';
    // The prefix already keeps a command off the line's start.
    out += "| " + escape(text.substr(start, end - start), false, false);
    start = end + 1;
  }
  return out;
}

nlohmann::json printable_json(const nlohmann::json& value) {
  if (value.is_string()) return printable(value.get_ref<const std::string&>());
  if (value.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (const nlohmann::json& element : value) out.push_back(printable_json(element));
    return out;
  }
  if (value.is_object()) {
    nlohmann::json out = nlohmann::json::object();
    for (auto it = value.begin(); it != value.end(); ++it) out[printable(it.key())] = printable_json(it.value());
    return out;
  }
  return value;
}

}  // namespace judge
