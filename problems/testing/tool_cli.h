// What the command-line tools over the catalogue (dump_cases,
// time_references) share: the flags that pick the problems folder and the
// problems, and the error boundary of main(), which turns an exception into
// "<tool>: error: <what>" and exit status 1.
#pragma once

#include <cxxopts.hpp>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "judge/problem/problem.h"
#include "problems/testing/problems_root.h"

namespace problems::testing {

// Adds --problem (repeatable) and --problems-dir.
inline void add_catalogue_options(cxxopts::Options& options) {
  options.add_options()("problem", "problem slug (repeatable; default: every problem)",
                        cxxopts::value<std::vector<std::string>>())(
      "problems-dir", "problems folder (default: the runfiles' problems/)", cxxopts::value<std::string>());
}

// The catalogue in --problems-dir, or in the runfiles' problems/.
inline judge::Catalogue open_catalogue(const cxxopts::ParseResult& parsed) {
  return judge::Catalogue(parsed.count("problems-dir") ? std::filesystem::path(parsed["problems-dir"].as<std::string>())
                                                       : runfiles_problems_dir());
}

// The slugs named by --problem, or every problem of the catalogue.
inline std::vector<std::string> selected_slugs(const cxxopts::ParseResult& parsed, const judge::Catalogue& catalogue) {
  return parsed.count("problem") ? parsed["problem"].as<std::vector<std::string>>() : catalogue.slugs();
}

// main() of a tool: run(argc, argv), or status 1 with the exception's text.
inline int run_tool(const char* name, int (*run)(int, char**), int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& error) {
    std::cerr << name << ": error: " << error.what() << "\n";
    return 1;
  }
}

}  // namespace problems::testing
