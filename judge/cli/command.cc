#include "judge/cli/command.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <stdexcept>

#include "judge/common/errors.h"
#include "judge/common/exit_codes.h"
#include "judge/common/registry.h"

namespace judge {
namespace {

Registry<Command>& table() {
  static Registry<Command> commands;  // see registry.h
  return commands;
}

std::string command_names() {
  std::string names;
  for (const Command* command : registered_commands()) names += (names.empty() ? "" : ", ") + command->name;
  return names;
}

void print_usage(const std::string& program, std::ostream& out) {
  out << "usage: " << program << " <command> [flags]   (" << program << " <command> --help for its flags)\n"
      << "       " << program << " --problem <slug> ...  (same as: " << program << " " << kJudgeCommandName
      << " --problem <slug> ...)\n\ncommands:\n";
  for (const Command* command : registered_commands()) {
    std::string padded = command->name;
    padded.resize(std::max<std::size_t>(padded.size() + 2, 10), ' ');
    out << "  " << padded << command->summary << "\n";
  }
}

bool mentions_problem_flag(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(),
                     [](const std::string& arg) { return arg == "--problem" || arg.rfind("--problem=", 0) == 0; });
}

}  // namespace

bool register_command(Command command) {
  const std::string name = command.name;
  table().add(name, std::move(command), "command");
  return true;
}

const Command* find_command(const std::string& name) { return table().find(name); }

std::vector<const Command*> registered_commands() {
  std::vector<const Command*> commands;
  for (const auto& entry : table().entries()) commands.push_back(entry.second);
  return commands;
}

int run_command_line(int argc, char** argv) {
  const std::string program = argc > 0 ? std::filesystem::path(argv[0]).filename().string() : "judge";
  std::vector<std::string> args(argv + std::min(argc, 1), argv + argc);
  CommandLine line{argc > 0 ? argv[0] : "", {}};

  if (args.empty()) {
    print_usage(program, std::cerr);
    return kExitUsageError;
  }
  if (args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    print_usage(program, std::cout);
    return 0;
  }
  if (const Command* command = find_command(args[0])) {
    line.args.assign(args.begin() + 1, args.end());
    return command->run(line);
  }
  if (mentions_problem_flag(args)) {
    const Command* judge_command = find_command(kJudgeCommandName);
    if (judge_command == nullptr) {
      throw UsageError("judging a solution (--problem without a command) is not available in this build: no '" +
                       std::string(kJudgeCommandName) + "' command is linked in; commands: " + command_names());
    }
    line.args = args;
    return judge_command->run(line);
  }
  throw UsageError("unknown command '" + args[0] + "'; commands: " + command_names() + " (see " + program +
                   " help)");
}

}  // namespace judge
