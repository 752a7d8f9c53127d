#include "judge/cli/terminal_text.h"

#include <sstream>
#include <vector>

namespace judge {
namespace {

std::string trimmed(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  const std::size_t last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

std::string without_strong(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "**") == 0) {
      ++i;
      continue;
    }
    out += text[i];
  }
  return out;
}

// Cells of a table row "| a | b |" (an escaped \| stays in its cell).
std::vector<std::string> table_cells(const std::string& row) {
  std::string body = trimmed(row);
  if (starts_with(body, "|")) body.erase(0, 1);
  if (!body.empty() && body.back() == '|' && (body.size() < 2 || body[body.size() - 2] != '\\')) body.pop_back();
  std::vector<std::string> cells;
  std::string cell;
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\\' && i + 1 < body.size() && body[i + 1] == '|') {
      cell += '|';
      ++i;
    } else if (body[i] == '|') {
      cells.push_back(without_strong(trimmed(cell)));
      cell.clear();
    } else {
      cell += body[i];
    }
  }
  cells.push_back(without_strong(trimmed(cell)));
  return cells;
}

bool is_rule_row(const std::vector<std::string>& cells) {
  for (const std::string& cell : cells) {
    if (cell.empty() || cell.find_first_not_of(":-") != std::string::npos) return false;
  }
  return true;
}

std::string padded(const std::string& text, std::size_t width) {
  const std::size_t used = display_width(text);
  return text + std::string(width > used ? width - used : 0, ' ');
}

void render_table(const std::vector<std::string>& rows, std::ostringstream& out) {
  std::vector<std::vector<std::string>> cells;
  std::vector<bool> rules;
  std::vector<std::size_t> widths;
  for (const std::string& row : rows) {
    cells.push_back(table_cells(row));
    rules.push_back(is_rule_row(cells.back()));
    if (rules.back()) continue;
    if (widths.size() < cells.back().size()) widths.resize(cells.back().size(), 0);
    for (std::size_t c = 0; c < cells.back().size(); ++c) widths[c] = std::max(widths[c], display_width(cells.back()[c]));
  }
  for (std::size_t r = 0; r < cells.size(); ++r) {
    std::string line = "  ";
    for (std::size_t c = 0; c < widths.size(); ++c) {
      if (rules[r]) {
        line += (c ? "-+-" : "") + std::string(widths[c], '-');
      } else {
        line += (c ? " | " : "") + padded(c < cells[r].size() ? cells[r][c] : "", widths[c]);
      }
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
}

}  // namespace

std::size_t display_width(const std::string& text) {
  std::size_t width = 0;
  for (unsigned char c : text) width += (c & 0xC0) != 0x80;
  return width;
}

std::string underlined(const std::string& text, char rule) {
  return text + "\n" + std::string(display_width(text), rule) + "\n";
}

std::string terminal_safe(const std::string& text, bool keep_newlines) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n' && keep_newlines) {
      out += '\n';
      ++i;
    } else if (c == '\t') {
      out += "  ";
      ++i;
    } else if (c < 0x20 || c == 0x7f) {
      ++i;  // C0 controls and DEL, ESC included
    } else if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
    } else {
      // A UTF-8 sequence: copied when well formed and not a C1 control
      // (U+0080..U+009F, which some terminals obey like ESC [).
      const std::size_t length = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
      bool valid = length > 0 && i + length <= text.size();
      for (std::size_t k = 1; valid && k < length; ++k) valid = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
      if (valid && length == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
        i += 2;  // C1 control
        continue;
      }
      if (!valid) {
        out += '?';
        ++i;
        continue;
      }
      out += text.substr(i, length);
      i += length;
    }
  }
  return out;
}

std::string render_markdown(const std::string& markdown) {
  std::istringstream lines(terminal_safe(markdown, true));
  std::ostringstream out;
  std::vector<std::string> table;
  std::string line;
  bool in_fence = false, in_math = false;
  std::size_t item_indent = 0;  // columns of the current list item's text; 0 outside items
  auto flush_table = [&] {
    if (!table.empty()) render_table(table, out);
    table.clear();
  };
  while (std::getline(lines, line)) {
    const std::string text = trimmed(line);
    if (in_fence || in_math) {
      const bool closes = in_fence ? starts_with(text, "```") : text == "$$" || (text.size() > 2 && text.substr(text.size() - 2) == "$$");
      if (closes && in_fence) {
        in_fence = false;
        continue;
      }
      out << "    " << line << "\n";
      if (closes) in_math = false;
      continue;
    }
    if (starts_with(text, "|")) {
      table.push_back(text);
      item_indent = 0;
      continue;
    }
    flush_table();
    if (starts_with(text, "```")) {
      in_fence = true;
      continue;
    }
    if (starts_with(text, "$$")) {
      out << "    " << text << "\n";
      in_math = !(text.size() > 4 && text.substr(text.size() - 2) == "$$");
      continue;
    }
    std::size_t level = 0;
    while (level < text.size() && text[level] == '#') ++level;
    if (level > 0 && level <= 6 && (level == text.size() || text[level] == ' ')) {
      const std::string heading = without_strong(trimmed(text.substr(level)));
      out << (level <= 3 ? underlined(heading, level == 1 ? '=' : level == 2 ? '-' : '~') : heading + "\n");
      item_indent = 0;
      continue;
    }
    const std::size_t indent = line.find_first_not_of(' ');
    const std::string nesting(indent == std::string::npos ? 0 : indent, ' ');
    if (starts_with(text, "- ") || starts_with(text, "* ") || starts_with(text, "+ ")) {
      out << "  " << nesting << "* " << without_strong(trimmed(text.substr(2))) << "\n";
      item_indent = 4 + nesting.size();
      continue;
    }
    std::size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    if (digits > 0 && digits + 1 < text.size() && text[digits] == '.' && text[digits + 1] == ' ') {
      out << "  " << nesting << text.substr(0, digits + 1) << " " << without_strong(trimmed(text.substr(digits + 2)))
          << "\n";
      item_indent = 4 + nesting.size() + digits;
      continue;
    }
    if (text.empty()) {
      item_indent = 0;
    } else if (item_indent > 0 && !nesting.empty()) {  // an item's continuation line
      out << std::string(item_indent, ' ') << without_strong(text) << "\n";
      continue;
    } else {
      item_indent = 0;
    }
    out << without_strong(line) << "\n";
  }
  flush_table();
  return out.str();
}

}  // namespace judge
