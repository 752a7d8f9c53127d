#include "judge/pipeline/subprocess.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>

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
  ASSERT_TRUE(child.send_line("ping", 10));
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

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A request larger than any pipe holds, to a child that never reads it: the
// write gives up at its deadline and the child is killed.
TEST(ChildProcess, AChildThatNeverReadsItsInputTimesOutTheWrite) {
  ChildProcess child({"/bin/sh", "-c", "exec sleep 100"}, {}, temp_log());
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(child.send_line(std::string(4 << 20, 'x'), 0.5));
  EXPECT_LT(seconds_since(start), 60.0);  // a hang guard: the child would block the write for 100 s
  EXPECT_TRUE(child.input_stalled());
  EXPECT_TRUE(child.status().timed_out);
  EXPECT_FALSE(child.send_line("again", 0.5));  // gone: fails at once
}

// The child fills its own input pipe through /proc/self/fd/0 and stops
// reading: even a short line cannot be written, and the judge does not wait.
TEST(ChildProcess, AChildThatFillsItsOwnInputPipeTimesOutTheWrite) {
  const std::string script = "exec 5>/proc/self/fd/0; head -c 1048576 /dev/zero >&5 & echo full >&3; exec sleep 100";
  ChildProcess child({"/bin/sh", "-c", script}, {}, temp_log());
  ASSERT_EQ(child.read_line(10).value_or(""), "full");
  usleep(300000);  // let the filler reach a full pipe
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(child.send_line("{\"op\":\"run\"}", 0.5));
  EXPECT_LT(seconds_since(start), 60.0);  // a hang guard: the child would block the write for 100 s
  EXPECT_TRUE(child.input_stalled());
}

// Endless reply lines: each read returns one at once; endless reply bytes
// with no newline: the reply limit ends it.
TEST(ChildProcess, EndlessRepliesNeverBlockTheReader) {
  {
    ChildProcess child({"/bin/sh", "-c", "yes reply >&3"}, {}, temp_log());
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(child.read_line(10).value_or(""), "reply");
  }
  ChildProcess child({"/bin/sh", "-c", "tr -d '\\n' < /dev/zero >&3"}, {}, temp_log());
  EXPECT_FALSE(child.read_line(30).has_value());
  EXPECT_TRUE(child.reply_overflowed());
}

// A child that lowers its parent's file-size limit (prlimit, as a solution
// could): the change is named, and a write past it fails instead of
// killing this process with SIGXFSZ. (Nothing is asserted while the limit
// is low: the test log is a file too.)
TEST(OwnProcessState, ALoweredLimitIsNoticedAndDoesNotKill) {
  ignore_fatal_limit_signals();
  const OwnProcessState before = snapshot_own_state();
  EXPECT_EQ(own_state_changes(before), "");
  rlimit original{};
  getrlimit(RLIMIT_FSIZE, &original);
  const std::string command = "prlimit --pid " + std::to_string(getpid()) + " --fsize=1000:";
  CommandResult r = run_command({"/bin/sh", "-c", command}, 10);
  const std::string changes = own_state_changes(before);
  const int fd = open((temp_log() + ".big").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const std::string data(4096, 'x');
  const ssize_t first = write(fd, data.data(), data.size());   // cut short at the limit
  const ssize_t second = write(fd, data.data(), data.size());  // past it: EFBIG
  const int second_errno = errno;
  close(fd);
  setrlimit(RLIMIT_FSIZE, &original);  // only the soft limit was lowered
  ASSERT_TRUE(r.status.exited && r.status.code == 0) << r.output;
  EXPECT_NE(changes.find("RLIMIT_FSIZE changed from"), std::string::npos) << changes;
  EXPECT_NE(changes.find("to 1000"), std::string::npos) << changes;
  EXPECT_EQ(first, 1000);
  EXPECT_EQ(second, -1);
  EXPECT_EQ(second_errno, EFBIG);
  EXPECT_EQ(own_state_changes(before), "");
}

// The child replaces its log's path with a FIFO (which would block an open
// by name) and then with a link to another file: the judge still quotes
// what the child printed, at once.
TEST(ChildProcess, OutputTailIsWhatTheChildPrintedWhateverLiesAtThePath) {
  const std::string log = temp_log();
  const std::string other = log + ".other";
  { std::ofstream(other) << "not the child's output\n"; }
  const std::string script = "echo printed; rm -f " + log + "; mkfifo " + log + "; echo done >&3; sleep 100";
  ChildProcess child({"/bin/sh", "-c", script}, {}, log);
  ASSERT_EQ(child.read_line(10).value_or(""), "done");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(child.output_tail(), "printed\n");
  EXPECT_LT(seconds_since(start), 60.0);  // a hang guard: opening the FIFO by name would block for good
  std::filesystem::remove(log);
  std::filesystem::create_symlink(other, log);
  EXPECT_EQ(child.output_tail(), "printed\n");
  EXPECT_EQ(child.output_tail(3), "[...]\ned\n");
  std::filesystem::remove(log);  // the next test's log goes there
}

TEST(ChildProcess, TimesOutAndKills) {
  ChildProcess child({"/bin/sh", "-c", "sleep 100"}, {}, temp_log());
  EXPECT_FALSE(child.read_line(0.2).has_value());
  EXPECT_TRUE(child.status().timed_out);
}

}  // namespace
}  // namespace judge
