// `judge leaderboard --results DIR --out DIR`: reads every result record in
// DIR and writes the published files (published_formats() in render.h) into
// the output folder; `--list-outputs` names those files, one per line, for
// scripts that copy them. A record that cannot be used is named on stderr and left
// out; the rest is still written, and the exit status is then 5. With
// --devices (the CI's device table), the impossible-speed bounds of each GPU
// come from the table, and a GPU record of a device not in it is skipped.
#include <iostream>

#include "judge/cli/command.h"
#include "judge/cli/options.h"
#include "judge/common/errors.h"
#include "judge/common/file_text.h"
#include "judge/common/printable.h"
#include "judge/common/paths.h"
#include "judge/common/exit_codes.h"
#include "judge/leaderboard/problem_facts.h"
#include "judge/leaderboard/ranking.h"
#include "judge/leaderboard/publish.h"
#include "judge/leaderboard/render.h"

namespace judge {
namespace {

namespace fs = std::filesystem;

// --allow FILE, else the judge's own solutions/leaderboard-allow.txt when present.
AllowList load_allow_list(const CommandLine& line, const cxxopts::ParseResult& flags) {
  fs::path file;
  if (flags.count("allow")) {
    file = resolve_user_path(flags["allow"].as<std::string>());
    if (!fs::is_regular_file(file)) throw UsageError("judge leaderboard: no allow file at " + file.string());
  } else {
    for (const fs::path& root : runfiles_roots(line.program)) {
      if (fs::is_regular_file(root / "solutions" / "leaderboard-allow.txt")) {
        file = root / "solutions" / "leaderboard-allow.txt";
        break;
      }
    }
    if (file.empty()) return {};
  }
  try {
    return parse_allow_list(read_file_text(file), file.string());
  } catch (const std::runtime_error& error) {
    throw UsageError(std::string("judge leaderboard: ") + error.what());
  }
}

// --devices FILE: the device table, or none.
DeviceTable load_device_table(const cxxopts::ParseResult& flags) {
  if (!flags.count("devices")) return {};
  const fs::path file = resolve_user_path(flags["devices"].as<std::string>());
  try {
    return parse_device_table(nlohmann::json::parse(read_file_text(file)));
  } catch (const std::exception& error) {
    throw UsageError("judge leaderboard: --devices " + file.string() + ": " + error.what());
  }
}

// "leaderboard.json, leaderboard.md, index.html"
std::string output_names(const char* separator) {
  std::string names;
  for (const PublishedFormat& format : published_formats()) names += (names.empty() ? "" : separator) + std::string(format.file_name);
  return names;
}

int run_leaderboard(const CommandLine& line) {
  cxxopts::Options options("judge leaderboard",
                           "Build the leaderboard (" + output_names(", ") + ") from result records.\n"
                           "Exit codes: 0; 5 when some record was skipped (each is named on stderr; the rest is\n"
                           "still written); 2 usage error; 3 broken problem catalogue.");
  add_catalogue_flags(options);
  options.add_options()("results", "folder of result records (*.json, from judge --record)", cxxopts::value<std::string>())(
      "out", "folder to write " + output_names(", ") + " into", cxxopts::value<std::string>())(
      "list-outputs", "print the names of the files --out receives, one per line, and exit")(
      "allow", "allow file: record ids or solution hashes whose impossible speed a maintainer accepted "
               "(default: solutions/leaderboard-allow.txt)", cxxopts::value<std::string>())(
      "source-base", "prefix of source links, e.g. https://github.com/OWNER/REPO/blob/COMMIT/",
      cxxopts::value<std::string>()->default_value(""))(
      "devices", "device table (tools/ci/devices.json): each GPU's bounds for the impossible-speed check, "
                 "instead of what the records claim", cxxopts::value<std::string>());
  std::optional<cxxopts::ParseResult> flags = parse_flags(options, line);
  if (!flags) return 0;
  if (flags->count("list-outputs")) {
    std::cout << output_names("\n") << "\n";
    return 0;
  }
  const fs::path results = resolve_user_path(required_flag(*flags, "results", "judge leaderboard"));
  const fs::path out = resolve_user_path(required_flag(*flags, "out", "judge leaderboard"));
  if (!fs::is_directory(results)) throw UsageError("judge leaderboard: --results " + results.string() + " is not a folder");

  const ProblemFactsBySlug problems = facts_from_catalogue(open_catalogue(line, *flags));
  const AllowList allow = load_allow_list(line, *flags);
  const DeviceTable devices = load_device_table(*flags);
  RenderOptions render_options;
  render_options.source_base = (*flags)["source-base"].as<std::string>();
  const Leaderboard leaderboard = publish_leaderboard(results, out, problems, allow, render_options, utc_now(), devices);

  std::cout << "leaderboard: " << leaderboard.records_read << " record file(s), " << leaderboard.boards.size()
            << " ranking(s) on " << leaderboard.devices.size() << " GPU device(s), " << leaderboard.cpu_emulated.size()
            << " CPU-emulated row(s) -> " << out.string() << "/{" << output_names(",") << "}\n";
  for (const SkippedRecord& skipped : leaderboard.skipped) {
    std::cerr << "judge leaderboard: skipped " << printable_line((results / skipped.file).string()) << ": "
              << printable(skipped.reason) << "\n";
  }
  return leaderboard.skipped.empty() ? 0 : kExitSomeInputSkipped;
}

}  // namespace

REGISTER_COMMAND("leaderboard", "build the leaderboard's pages and data from result records",
                 run_leaderboard);

}  // namespace judge
