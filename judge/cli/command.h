// The judge's subcommands: a table of {name, summary, run} that any library
// linked into the binary can add to with REGISTER_COMMAND, and the dispatch
// from argv to one of them.
//
//   judge <command> [flags]        runs <command>
//   judge --problem X [flags]      runs the command named "judge" (the
//                                  judging pipeline), when it is linked in
//
// Commands report failure by throwing UsageError (exit 2) or ProblemError
// (exit 3); main.cc maps them. A command returns its own exit code otherwise.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace judge {

// What a command gets: the program path (argv[0], for runfiles) and the
// arguments after the command's name.
struct CommandLine {
  std::string program;
  std::vector<std::string> args;
};

struct Command {
  std::string name;
  std::string summary;  // one line, shown by `judge help`
  std::function<int(const CommandLine&)> run;
};

// Adds `command`; throws std::logic_error when the name is taken.
bool register_command(Command command);
const Command* find_command(const std::string& name);  // nullptr if none
std::vector<const Command*> registered_commands();     // sorted by name

// The name of the command that judges a solution; registered by the
// pipeline, and implied by a bare `--problem`.
inline constexpr const char* kJudgeCommandName = "judge";

// Picks and runs the command for argv. Throws UsageError for an unknown
// command.
int run_command_line(int argc, char** argv);

}  // namespace judge

#define JUDGE_COMMAND_CONCAT_INNER(a, b) a##b
#define JUDGE_COMMAND_CONCAT(a, b) JUDGE_COMMAND_CONCAT_INNER(a, b)
// REGISTER_COMMAND("name", "summary", run_function): one line per command file.
#define REGISTER_COMMAND(name, summary, run)                                 \
  static const bool JUDGE_COMMAND_CONCAT(judge_command_registered_, __LINE__) = \
      ::judge::register_command(::judge::Command{name, summary, run})
