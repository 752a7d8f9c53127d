#include "judge/pipeline/subprocess.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>

#include <unistd.h>

namespace judge {
namespace {

TEST(RunCommand, CapturesOutputAndExitCode) {
  CommandResult r = run_command({"/bin/sh", "-c", "echo hello; echo oops >&2; exit 3"}, 10);
  EXPECT_TRUE(r.status.exited);
  EXPECT_EQ(r.status.code, 3);
  EXPECT_NE(r.output.find("hello"), std::string::npos);
  EXPECT_NE(r.output.find("oops"), std::string::npos);
}

TEST(RunCommand, KillsAHangingCommandAndItsChildren) {
  CommandResult r = run_command({"/bin/sh", "-c", "sleep 100 & sleep 100"}, 0.3);
  EXPECT_TRUE(r.status.timed_out);
  EXPECT_NE(r.status.describe().find("timed out"), std::string::npos);
}

TEST(LeftoverChildren, AProcessThatLeftItsGroupIsAdoptedAndKilled) {
  adopt_orphans();
  // The shell starts a child in a new session and exits at once: the child
  // escapes the group kill, is re-parented to this process, and must die.
  CommandResult r = run_command({"/bin/sh", "-c", "setsid sleep 100 >/dev/null 2>&1 < /dev/null & echo started"}, 10);
  EXPECT_EQ(r.output, "started\n");
  int killed = 0;
  for (int attempt = 0; attempt < 50 && killed == 0; ++attempt) {
    killed = kill_leftover_children();  // setsid may take a moment to fork
    if (killed == 0) usleep(20000);
  }
  EXPECT_EQ(killed, 1);
  EXPECT_EQ(kill_leftover_children(), 0);
}

TEST(RunCommand, ScrubsTheEnvironment) {
  setenv("JUDGE_TEST_SECRET", "hunter2", 1);
  CommandResult r = run_command({"/bin/sh", "-c", "echo \"[$JUDGE_TEST_SECRET]\""}, 10);
  EXPECT_EQ(r.output, "[]\n");
}

TEST(RunCommand, PassesExtraEnvironment) {
  CommandResult r = run_command({"/bin/sh", "-c", "echo $JUDGE_TEST_VALUE"}, 10, {{"JUDGE_TEST_VALUE", "42"}});
  EXPECT_EQ(r.output, "42\n");
}

std::string temp_log() {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/child.log";
}

TEST(ChildProcess, ExchangesLinesOverStdinAndFd3) {
  ChildProcess child({"/bin/sh", "-c", "read line; echo \"got $line\" >&3; echo noise"}, {}, temp_log());
  ASSERT_TRUE(child.send_line("ping"));
  auto reply = child.read_line(10);
  ASSERT_TRUE(reply.has_value());
  EXPECT_EQ(*reply, "got ping");
  ExitStatus status = child.finish();
  EXPECT_TRUE(status.exited);
  EXPECT_NE(child.output_tail().find("noise"), std::string::npos);
}

TEST(ChildProcess, ReportsACrash) {
  ChildProcess child({"/bin/sh", "-c", "kill -SEGV $$"}, {}, temp_log());
  EXPECT_FALSE(child.read_line(10).has_value());
  EXPECT_FALSE(child.status().exited);
  EXPECT_EQ(child.status().code, SIGSEGV);
  EXPECT_NE(child.status().describe().find("signal 11"), std::string::npos);
}

TEST(ChildProcess, EndlessOutputIsCutOffBySizeLimit) {
  ChildProcess child({"/bin/sh", "-c", "yes flood"}, {}, temp_log(), 1 << 20);
  EXPECT_FALSE(child.read_line(30).has_value());
  EXPECT_FALSE(child.status().timed_out);
  EXPECT_LE(std::filesystem::file_size(temp_log()), 1u << 20);
}

TEST(ChildProcess, TimesOutAndKills) {
  ChildProcess child({"/bin/sh", "-c", "sleep 100"}, {}, temp_log());
  EXPECT_FALSE(child.read_line(0.2).has_value());
  EXPECT_TRUE(child.status().timed_out);
}

}  // namespace
}  // namespace judge
