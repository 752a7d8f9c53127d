#include "judge/importer/generated_file.h"

#include <fstream>
#include <stdexcept>

#include "judge/common/content_hash.h"
#include "judge/common/file_text.h"

namespace judge::importer {
namespace {

constexpr const char* kMarkerText =
    " (edit freely: a re-import then keeps your version) sha256:";

// The content of `file`, or "" when it cannot be read (then it is not
// taken for the importer's untouched output).
std::string read_file(const std::filesystem::path& file) {
  try {
    return read_file_text(file);
  } catch (const FileReadError&) {
    return "";
  }
}

// True when `text` carries a marker whose hash matches the rest of it.
bool is_untouched_output(const std::string& text) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    const std::size_t next = end == std::string::npos ? text.size() : end + 1;
    const std::string line = text.substr(start, next - start);
    if (line.rfind(kMarkerPrefix, 0) == 0) {
      const std::size_t hash_at = line.find("sha256:");
      if (hash_at == std::string::npos) return false;
      std::string hash = line.substr(hash_at + 7);
      while (!hash.empty() && (hash.back() == '\n' || hash.back() == '\r' || hash.back() == ' ')) hash.pop_back();
      return content_hash(text.substr(0, start) + text.substr(next)) == hash;
    }
    start = next;
  }
  return false;
}

}  // namespace

std::string with_marker(const std::string& text, std::size_t marker_line) {
  std::size_t at = 0;
  for (std::size_t line = 0; line < marker_line && at < text.size(); ++line) {
    std::size_t end = text.find('\n', at);
    at = end == std::string::npos ? text.size() : end + 1;
  }
  return text.substr(0, at) + kMarkerPrefix + kMarkerText + content_hash(text) + "\n" + text.substr(at);
}

FileOutcome write_generated(const std::filesystem::path& file, const std::string& text, bool force) {
  if (std::filesystem::exists(file)) {
    const std::string existing = read_file(file);
    if (existing == text) return FileOutcome::kUnchanged;
    if (!force && !is_untouched_output(existing)) return FileOutcome::kKept;
  }
  std::filesystem::create_directories(file.parent_path());
  const std::filesystem::path temporary = file.string() + ".import-tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary.string());
  }
  std::filesystem::rename(temporary, file);  // never a half-written file
  return FileOutcome::kWritten;
}

}  // namespace judge::importer
