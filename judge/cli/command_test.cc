#include "judge/cli/command.h"

#include <gtest/gtest.h>

#include "judge/cli/options.h"
#include "judge/common/errors.h"

namespace judge {
namespace {

// What the fake commands below last saw.
std::vector<std::string> g_last_args;
std::string g_last_command;

int record(const std::string& name, const CommandLine& line) {
  g_last_command = name;
  g_last_args = line.args;
  return 7;
}

REGISTER_COMMAND("fake", "a command that records its arguments", [](const CommandLine& line) { return record("fake", line); });
REGISTER_COMMAND(kJudgeCommandName, "stands in for the judging pipeline",
                 [](const CommandLine& line) { return record("judge", line); });

int run(std::vector<std::string> args) {
  args.insert(args.begin(), "/path/to/judge");
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  return run_command_line(static_cast<int>(argv.size()), argv.data());
}

TEST(CommandTable, RunsTheNamedCommandWithTheRestOfTheArguments) {
  EXPECT_EQ(run({"fake", "--x", "1"}), 7);
  EXPECT_EQ(g_last_command, "fake");
  EXPECT_EQ(g_last_args, (std::vector<std::string>{"--x", "1"}));
}

TEST(CommandTable, BareProblemFlagGoesToTheJudgeCommandWithAllArguments) {
  EXPECT_EQ(run({"--problem", "p", "--solution", "s.cu"}), 7);
  EXPECT_EQ(g_last_command, "judge");
  EXPECT_EQ(g_last_args, (std::vector<std::string>{"--problem", "p", "--solution", "s.cu"}));
  EXPECT_EQ(run({"--solution", "s.cu", "--problem=p"}), 7);
  EXPECT_EQ(g_last_command, "judge");
}

TEST(CommandTable, UnknownCommandListsTheCommands) {
  try {
    run({"frobnicate"});
    FAIL() << "expected UsageError";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("unknown command 'frobnicate'; commands: fake, judge"), std::string::npos)
        << error.what();
  }
}

TEST(CommandTable, HelpAndNoArguments) {
  EXPECT_EQ(run({"help"}), 0);
  EXPECT_EQ(run({"--help"}), 0);
  EXPECT_EQ(run({}), 2);
}

TEST(CommandTable, DuplicateNamesAreRejected) {
  EXPECT_THROW(register_command(Command{"fake", "again", [](const CommandLine&) { return 0; }}), std::logic_error);
  ASSERT_NE(find_command("fake"), nullptr);
  EXPECT_EQ(find_command("fake")->summary, "a command that records its arguments");
  EXPECT_EQ(find_command("nope"), nullptr);
}

TEST(ParseFlags, RejectsUnknownFlagsAndStrayArguments) {
  auto parse = [](std::vector<std::string> args) {
    cxxopts::Options options("judge test", "");
    options.add_options()("problem", "slug", cxxopts::value<std::string>());
    return parse_flags(options, CommandLine{"judge", std::move(args)});
  };
  std::optional<cxxopts::ParseResult> flags = parse({"--problem", "p"});
  ASSERT_TRUE(flags.has_value());
  EXPECT_EQ((*flags)["problem"].as<std::string>(), "p");
  EXPECT_EQ(required_flag(*flags, "problem", "judge test"), "p");
  EXPECT_FALSE(parse({"--help"}).has_value());
  EXPECT_THROW(parse({"--frobnicate"}), UsageError);
  EXPECT_THROW(parse({"--problem", "p", "stray"}), UsageError);
  EXPECT_THROW(required_flag(*parse({}), "problem", "judge test"), UsageError);
}

}  // namespace
}  // namespace judge
