#include "judge/cli/options.h"

#include <iostream>

#include "judge/common/errors.h"
#include "judge/common/paths.h"

namespace judge {

std::optional<cxxopts::ParseResult> parse_flags(cxxopts::Options& options, const CommandLine& line) {
  options.add_options()("h,help", "show this help");
  std::vector<std::string> storage = {options.program()};
  storage.insert(storage.end(), line.args.begin(), line.args.end());
  std::vector<char*> argv;
  for (std::string& arg : storage) argv.push_back(arg.data());
  cxxopts::ParseResult flags;
  try {
    flags = options.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const cxxopts::exceptions::exception& error) {
    throw UsageError(options.program() + ": " + error.what() + " (see --help)");
  }
  if (flags.count("help")) {
    std::cout << options.help();
    return std::nullopt;
  }
  if (!flags.unmatched().empty()) {
    throw UsageError(options.program() + ": unexpected argument '" + flags.unmatched().front() + "' (see --help)");
  }
  return flags;
}

void add_catalogue_flags(cxxopts::Options& options) {
  options.add_options()("problems-dir", "folder of problem folders (default: the judge's own problems/)",
                        cxxopts::value<std::string>());
}

Catalogue open_catalogue(const CommandLine& line, const cxxopts::ParseResult& flags) {
  const std::string override_dir = flags.count("problems-dir") ? flags["problems-dir"].as<std::string>() : "";
  std::filesystem::path root = problems_root(line.program, override_dir);
  // Messages name files as the user knows them: "problems/<slug>/..." for
  // the judge's own catalogue, the given folder otherwise.
  return Catalogue(root, override_dir.empty() ? std::filesystem::path("problems") : std::filesystem::path(override_dir));
}

void add_dtype_flag(cxxopts::Options& options) {
  options.add_options()("dtype",
                        "the dtype [VAR] takes: one the problem offers (`judge show` lists them; default: its first)",
                        cxxopts::value<std::string>());
}

std::string dtype_flag(const cxxopts::ParseResult& flags) {
  return flags.count("dtype") ? flags["dtype"].as<std::string>() : "";
}

void add_problem_flags(cxxopts::Options& options) {
  add_catalogue_flags(options);
  add_dtype_flag(options);
  options.add_options()("problem", "problem slug (see judge list)", cxxopts::value<std::string>());
}

Problem problem_flag(const CommandLine& line, const cxxopts::ParseResult& flags, const std::string& command) {
  return open_catalogue(line, flags).load(required_flag(flags, "problem", command), dtype_flag(flags));
}

std::string required_flag(const cxxopts::ParseResult& flags, const std::string& name, const std::string& command) {
  if (!flags.count(name)) throw UsageError(command + ": --" + name + " is required (see --help)");
  return flags[name].as<std::string>();
}

}  // namespace judge
