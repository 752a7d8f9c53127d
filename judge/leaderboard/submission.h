// Leaderboard submissions: the .cu files under solutions/<slug>/ that are
// ranked, and the header every one of them carries.
//
// A submission names its author and a short title in its leading comment
// block (before the first line of code):
//
//   // author: Ada Lovelace
//   // title: shared-memory tiled transposed convolution
//
// `solutions/<slug>/default.cu` is the problem's baseline. Files that the
// folder's expected.yaml lists with a verdict other than ACCEPTED are test
// fixtures (known-wrong, broken) and never submissions. Files named
// `<dtype>_*.cu` (float16_default.cu) solve the problem in another dtype and
// are left out too: rankings are of the problem's default dtype.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace judge {

inline constexpr std::size_t kMaxAuthorLength = 64;
inline constexpr std::size_t kMaxTitleLength = 120;

struct SubmissionHeader {
  std::string author;
  std::string title;
};

// Reads the header from a file's text. Returns nullopt and sets `error` to a
// sentence naming what is missing or malformed (no author line, a control
// character in the title, a value too long...). Only the leading comment
// block is read, at most 64 lines, so a huge file costs nothing.
std::optional<SubmissionHeader> parse_submission_header(const std::string& text, std::string& error);

// The same for a file on disk; the error names the file.
std::optional<SubmissionHeader> read_submission_header(const std::filesystem::path& file, std::string& error);

struct Submission {
  std::string slug;                 // the problem
  std::string path;                 // repository-relative: "solutions/<slug>/<file>.cu"
  std::filesystem::path file;       // where it is on this machine
  SubmissionHeader header;
  bool baseline = false;            // the problem's default.cu
};

struct SubmissionProblem {
  std::string path;                 // repository-relative
  std::string message;
};

struct SubmissionScan {
  std::vector<Submission> submissions;     // sorted by path
  std::vector<SubmissionProblem> problems; // files that should be submissions but are malformed
};

// Every submission under `solutions_dir` (one folder per problem slug, each
// with an optional expected.yaml). A malformed expected.yaml or header is
// reported in `problems`, never thrown.
SubmissionScan scan_submissions(const std::filesystem::path& solutions_dir);

// True when `path` is "solutions/<slug>/default.cu" for that slug.
bool is_baseline_path(const std::string& slug, const std::string& path);

}  // namespace judge
