// From a folder of records to the published files: the whole
// leaderboard build, shared by the `leaderboard` command, its test binary
// and the benchmark.
#pragma once

#include <filesystem>
#include <string>

#include "judge/leaderboard/ranking.h"
#include "judge/leaderboard/record.h"
#include "judge/leaderboard/render.h"

namespace judge {

// Reads every record in `results`, ranks, and writes every file of
// published_formats() (render.h) into `out` (created if needed; each file
// written to a temporary name and renamed). Returns the leaderboard; its
// `skipped` lists the records left out, which never stop the build. Throws
// std::runtime_error on I/O errors.
Leaderboard publish_leaderboard(const std::filesystem::path& results, const std::filesystem::path& out,
                                const ProblemFactsBySlug& problems, const AllowList& allow,
                                const RenderOptions& options, const std::string& generated,
                                const DeviceTable& devices = {});

}  // namespace judge
