#include "judge/leaderboard/submission.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <map>

#include "judge/common/printable.h"
#include "judge/leaderboard/display_name.h"
#include "judge/problem/scalar_type.h"

namespace judge {

namespace {

constexpr std::size_t kMaxHeaderLines = 64;
constexpr std::size_t kMaxHeaderBytes = 16 * 1024;

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

// A header value is one line of printable text: no control characters
// (which would let a title rewrite a terminal or a Markdown table's layout).
std::string check_value(const std::string& key, const std::string& value, std::size_t max_length) {
  if (value.empty()) return "the '// " + key + ":' line is empty";
  if (value.size() > max_length) {
    return "the " + key + " is " + std::to_string(value.size()) + " bytes long; at most " + std::to_string(max_length);
  }
  for (unsigned char c : value) {
    if (c < 0x20 || c == 0x7f) return "the " + key + " contains a control character";
  }
  if (printable_line(value) != value) {
    return "the " + key + " holds what cannot be shown as it is (invalid UTF-8, an invisible or bidirectional "
           "format mark, or a leading '::'): " + printable_line(value);
  }
  // The author is a display name beside an account: it must look like what
  // it is (the leaderboard refuses look-alikes of other accounts' names too).
  if (key == "author") {
    if (std::optional<std::string> character = invisible_character(value)) {
      return "the author holds " + *character + ", an invisible, bidirectional or tag character";
    }
  }
  return "";
}

}  // namespace

std::optional<SubmissionHeader> parse_submission_header(const std::string& text, std::string& error) {
  SubmissionHeader header;
  bool has_author = false, has_title = false;
  std::size_t begin = 0;
  for (std::size_t line_number = 0; line_number < kMaxHeaderLines && begin < text.size() && begin < kMaxHeaderBytes;
       ++line_number) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    const std::string line = trimmed(text.substr(begin, std::min(end - begin, kMaxHeaderBytes)));
    begin = end + 1;
    if (line.empty()) continue;
    if (line.rfind("//", 0) != 0) break;  // the first line of code ends the header
    const std::string body = trimmed(line.substr(2));
    for (auto [key, value, seen, max_length] :
         {std::tuple{"author", &header.author, &has_author, kMaxAuthorLength},
          std::tuple{"title", &header.title, &has_title, kMaxTitleLength}}) {
      const std::string prefix = std::string(key) + ":";
      if (body.rfind(prefix, 0) != 0) continue;
      if (*seen) {
        error = std::string("the header has two '// ") + key + ":' lines";
        return std::nullopt;
      }
      *seen = true;
      *value = trimmed(body.substr(prefix.size()));
      error = check_value(key, *value, max_length);
      if (!error.empty()) return std::nullopt;
    }
  }
  if (!has_author || !has_title) {
    error = std::string("no '// ") + (has_author ? "title" : "author") +
            ": ...' line in the leading comment block (a submission starts with '// author: NAME' and "
            "'// title: SHORT DESCRIPTION'; see solutions/README.md)";
    return std::nullopt;
  }
  return header;
}

namespace {

// The header of `file` with an error that does not name the file.
std::optional<SubmissionHeader> read_header_unnamed(const std::filesystem::path& file, std::string& error) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    error = "cannot be read";
    return std::nullopt;
  }
  std::string head(kMaxHeaderBytes, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return parse_submission_header(head, error);
}

}  // namespace

std::optional<SubmissionHeader> read_submission_header(const std::filesystem::path& file, std::string& error) {
  std::optional<SubmissionHeader> header = read_header_unnamed(file, error);
  if (!header) error = file.string() + ": " + error;
  return header;
}

bool is_baseline_path(const std::string& slug, const std::string& path) {
  return path == "solutions/" + slug + "/default.cu";
}

SubmissionScan scan_submissions(const std::filesystem::path& solutions_dir) {
  namespace fs = std::filesystem;
  SubmissionScan scan;
  std::error_code ec;
  std::vector<fs::path> folders;
  for (const auto& entry : fs::directory_iterator(solutions_dir, ec)) {
    if (entry.is_directory()) folders.push_back(entry.path());
  }
  if (ec) throw std::runtime_error("cannot list " + solutions_dir.string() + ": " + ec.message());
  std::sort(folders.begin(), folders.end());

  for (const fs::path& folder : folders) {
    const std::string slug = folder.filename().string();
    const std::string display_folder = "solutions/" + slug;
    // expected.yaml: file -> verdict; anything but ACCEPTED is a fixture.
    std::map<std::string, std::string> verdicts;
    const fs::path expected = folder / "expected.yaml";
    if (fs::exists(expected)) {
      try {
        const YAML::Node root = YAML::LoadFile(expected.string());
        if (root && !root.IsNull() && !root.IsMap()) throw YAML::Exception(YAML::Mark(), "not a map of file: VERDICT");
        for (const auto& item : root) verdicts[item.first.as<std::string>()] = item.second.as<std::string>();
      } catch (const YAML::Exception& error) {
        scan.problems.push_back({display_folder + "/expected.yaml",
                                 std::string("unreadable, so its fixtures cannot be told from submissions: ") +
                                     error.what()});
        continue;
      }
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
      if (entry.is_regular_file() && entry.path().extension() == ".cu") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      const std::string name = file.filename().string();
      auto verdict = verdicts.find(name);
      if (verdict != verdicts.end() && verdict->second != "ACCEPTED") continue;
      // <dtype>_*.cu solves the problem in another dtype (judged with
      // --dtype); rankings are of the default dtype only, so it is left out.
      if (dtype_of_file_name(name)) continue;
      Submission submission;
      submission.slug = slug;
      submission.path = display_folder + "/" + name;
      submission.file = file;
      submission.baseline = name == "default.cu";
      std::string error;
      std::optional<SubmissionHeader> header = read_header_unnamed(file, error);
      if (!header) {
        scan.problems.push_back({submission.path, error});
        continue;
      }
      submission.header = *header;
      scan.submissions.push_back(std::move(submission));
    }
  }
  return scan;
}

}  // namespace judge
