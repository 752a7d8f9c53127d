// Flag parsing shared by the commands: cxxopts over a CommandLine, --help,
// and the --problems-dir flag that picks the catalogue.
#pragma once

#include <cxxopts.hpp>
#include <optional>
#include <string>

#include "judge/cli/command.h"
#include "judge/problem/problem.h"

namespace judge {

// Parses line.args. Returns nullopt after printing the help when --help is
// given. Throws UsageError (naming the flag and pointing to --help) for an
// unknown flag, a bad value or a stray positional argument.
std::optional<cxxopts::ParseResult> parse_flags(cxxopts::Options& options, const CommandLine& line);

// Adds --problems-dir.
void add_catalogue_flags(cxxopts::Options& options);
// The catalogue under --problems-dir or, by default, the runfiles' problems/.
Catalogue open_catalogue(const CommandLine& line, const cxxopts::ParseResult& flags);

// Adds --dtype: which of the problem's dtypes `[VAR]` takes.
void add_dtype_flag(cxxopts::Options& options);
// The --dtype value, or "" for the problem's default dtype.
std::string dtype_flag(const cxxopts::ParseResult& flags);

// Adds --problems-dir, --dtype and --problem: the flags of the commands
// that work on one problem (show, starter, dump).
void add_problem_flags(cxxopts::Options& options);
// The problem --problem names, from the catalogue and in the dtype the other
// two pick; UsageError naming `command` when --problem is absent.
Problem problem_flag(const CommandLine& line, const cxxopts::ParseResult& flags, const std::string& command);

// The value of a required string flag; UsageError when absent.
std::string required_flag(const cxxopts::ParseResult& flags, const std::string& name, const std::string& command);

}  // namespace judge
