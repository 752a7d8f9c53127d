// Turning a judging result into a result record (`judge ... --record DIR`):
// the report's verdict and timings plus what only the judging command knows
// (the submission's header, where it lives in the repository, the judge's
// version) and what the record needs of the machine (the CPU model).
#pragma once

#include <filesystem>
#include <string>

#include "judge/leaderboard/record.h"
#include "judge/leaderboard/submission.h"
#include "judge/pipeline/judging.h"

namespace judge {

struct RecordContext {
  std::string solution_path;  // repository-relative when it can be (see repository_path)
  SubmissionHeader header;
  std::string judge_version;
  uint64_t seed = 0;
  std::string check_tier;
  std::string bench_tier;     // empty when nothing was benchmarked
  std::string created;        // ISO 8601 UTC
  std::string cpu_model;
};

Record record_from_report(const JudgeReport& report, const RecordContext& context);

// The "model name" of /proc/cpuinfo, or "" when unknown.
std::string host_cpu_model();

// $JUDGE_VERSION when set; else the git commit of the workspace `bazel run`
// was started in ($BUILD_WORKSPACE_DIRECTORY), with "-dirty" when tracked
// files differ from it; else "binary-<content hash of this executable>".
std::string judge_version();

// "solutions/<slug>/<file>.cu" for a file inside the workspace `bazel run`
// was started in (or, failing that, whose last three path components are
// solutions/<slug>/<file>); `display` otherwise.
std::string repository_path(const std::filesystem::path& solution, const std::string& display);

}  // namespace judge
