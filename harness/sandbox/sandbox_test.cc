// Each test forks a child, confines it, tries something and reports back
// through its exit status and stderr, so the test process stays free.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>

#include "gtest/gtest.h"
#include "harness/sandbox/sandbox.h"

namespace sandbox {
namespace {

namespace fs = std::filesystem;

struct ChildResult {
  bool exited = false;
  int code = -1;  // exit status or signal
  std::string stderr_text;
};

// Runs `body` in a forked child; its return value is the exit status.
ChildResult in_child(const std::function<int()>& body) {
  int pipe_fds[2];
  EXPECT_EQ(pipe(pipe_fds), 0);
  const pid_t pid = fork();
  if (pid == 0) {
    close(pipe_fds[0]);
    dup2(pipe_fds[1], STDERR_FILENO);
    close(pipe_fds[1]);
    int status = 100;
    try {
      status = body();
    } catch (const std::exception& error) {
      fprintf(stderr, "exception: %s\n", error.what());
    }
    _exit(status);
  }
  close(pipe_fds[1]);
  ChildResult result;
  char buffer[4096];
  for (ssize_t n; (n = read(pipe_fds[0], buffer, sizeof buffer)) > 0;) result.stderr_text.append(buffer, n);
  close(pipe_fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  result.exited = WIFEXITED(status);
  result.code = result.exited ? WEXITSTATUS(status) : WTERMSIG(status);
  return result;
}

class SandboxTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* tmp = std::getenv("TEST_TMPDIR");
    m_root = fs::path(tmp ? tmp : "/tmp") / ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::create_directories(m_root / "allowed");
    fs::create_directories(m_root / "exchange");
    fs::create_directories(m_root / "secret");
    std::ofstream(m_root / "allowed/file") << "fine";
    std::ofstream(m_root / "secret/file") << "TOP-SECRET";
  }
  std::string path(const std::string& relative) const { return (m_root / relative).string(); }

  SolutionConfinement confinement() const {
    SolutionConfinement c;
    c.read = {path("allowed")};
    c.write = {path("exchange")};
    return c;
  }

  fs::path m_root;
};

int open_errno(const std::string& file, int flags) {
  const int fd = open(file.c_str(), flags | O_CLOEXEC, 0644);
  if (fd >= 0) {
    close(fd);
    return 0;
  }
  return errno;
}

TEST_F(SandboxTest, LandlockReadsOnlyListedFoldersAndWritesOnlyTheExchange) {
  if (landlock_abi() == 0) {  // an old kernel: the report must say so
    ChildResult result = in_child([] {
      return apply_landlock(LandlockRules{}).summary().find("NOT enforced") == std::string::npos;
    });
    EXPECT_EQ(result.code, 0) << result.stderr_text;
    return;
  }
  ChildResult result = in_child([&] {
    LandlockRules rules;
    rules.read_only = {path("allowed"), "/usr", "/lib", "/lib64"};
    rules.read_write = {path("exchange")};
    apply_landlock(rules);
    if (open_errno(path("allowed/file"), O_RDONLY) != 0) return 1;
    if (open_errno(path("secret/file"), O_RDONLY) != EACCES) return 2;
    if (open_errno(path("allowed/new"), O_WRONLY | O_CREAT) != EACCES) return 3;
    if (open_errno(path("exchange/new"), O_WRONLY | O_CREAT) != 0) return 4;
    if (open_errno("/dev/shm/judge-sandbox-test", O_WRONLY | O_CREAT) != EACCES) return 5;
    if (open_errno("/proc/" + std::to_string(getppid()) + "/environ", O_RDONLY) != EACCES) return 6;
    return 0;
  });
  EXPECT_TRUE(result.exited);
  EXPECT_EQ(result.code, 0) << result.stderr_text;
  EXPECT_FALSE(fs::exists("/dev/shm/judge-sandbox-test"));
}

TEST_F(SandboxTest, LandlockStopsTcpConnect) {
  if (landlock_abi() < 4) GTEST_SKIP() << "kernel without Landlock ABI 4: " << LandlockReport{landlock_abi()}.summary();
  const int server = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(server, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(listen(server, 1), 0);
  socklen_t length = sizeof address;
  getsockname(server, reinterpret_cast<sockaddr*>(&address), &length);
  ChildResult result = in_child([&] {
    LandlockRules rules;
    apply_landlock(rules);
    const int client = socket(AF_INET, SOCK_STREAM, 0);
    if (client < 0) return 1;
    if (connect(client, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) return 2;
    return errno == EACCES ? 0 : 3;
  });
  close(server);
  EXPECT_EQ(result.code, 0) << result.stderr_text;
}

TEST_F(SandboxTest, LandlockScopesSignalsToTheConfinedProcess) {
  if (landlock_abi() < 6) GTEST_SKIP() << "kernel without Landlock ABI 6";
  const pid_t bystander = fork();
  if (bystander == 0) {
    pause();
    _exit(0);
  }
  ChildResult result = in_child([&] {
    apply_landlock(LandlockRules{});
    if (kill(bystander, SIGKILL) == 0) return 1;
    return errno == EPERM ? 0 : 2;
  });
  EXPECT_EQ(result.code, 0) << result.stderr_text;
  int status = 0;
  EXPECT_EQ(waitpid(bystander, &status, WNOHANG), 0) << "the bystander was killed";
  kill(bystander, SIGKILL);
  waitpid(bystander, &status, 0);
}

// The Solution profile: forbidden calls end the process with a message.
ChildResult confined_attempt(const SolutionConfinement& confinement, const std::function<void()>& attempt) {
  return in_child([&] {
    confine_solution_process(confinement);
    attempt();
    return 0;
  });
}

void expect_killed_naming(const ChildResult& result, const std::string& words) {
  EXPECT_TRUE(result.exited);
  EXPECT_EQ(result.code, kForbiddenCallExitStatus) << result.stderr_text;
  EXPECT_NE(result.stderr_text.find("sandbox: the solution " + words), std::string::npos) << result.stderr_text;
}

TEST_F(SandboxTest, ForkSystemAndExecAreKilledWithAMessage) {
  expect_killed_naming(confined_attempt(confinement(), [] { fork(); }), "tried to start a process");
  // posix_spawn (inside system()) blocks every signal around clone, so the
  // kernel cannot run the handler and kills with SIGSYS itself.
  const ChildResult shell = confined_attempt(confinement(), [&] {
    (void)std::system(("touch " + path("exchange/from-shell")).c_str());
  });
  EXPECT_FALSE(shell.exited);
  EXPECT_EQ(shell.code, SIGSYS);
  EXPECT_FALSE(fs::exists(path("exchange/from-shell")));
  expect_killed_naming(confined_attempt(confinement(), [] {
                         char* argv[] = {const_cast<char*>("/bin/true"), nullptr};
                         execv("/bin/true", argv);
                       }),
                       "called execve()");
  expect_killed_naming(confined_attempt(confinement(), [] { setsid(); }), "called setsid()");
}

TEST_F(SandboxTest, ReachingOtherProcessesIsKilled) {
  expect_killed_naming(confined_attempt(confinement(), [] { kill(getppid(), SIGKILL); }),
                       "sent a signal to another process");
  expect_killed_naming(confined_attempt(confinement(), [] { ptrace(PTRACE_ATTACH, getppid(), 0, 0); }),
                       "called ptrace()");
  expect_killed_naming(confined_attempt(confinement(), [] {
                         char buffer[16];
                         iovec local{buffer, sizeof buffer}, remote{buffer, sizeof buffer};
                         process_vm_readv(getppid(), &local, 1, &remote, 1, 0);
                       }),
                       "called process_vm_readv()");
  expect_killed_naming(confined_attempt(confinement(), [] { unshare(0); }), "called unshare()");
}

TEST_F(SandboxTest, ThreadsOwnSignalsAndLocalSocketsStillWork) {
  ChildResult result = in_child([&] {
    confine_solution_process(confinement());
    int value = 0;
    std::thread([&] { value = 42; }).join();
    if (value != 42) return 1;
    if (kill(getpid(), 0) != 0) return 2;
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) return 3;
    if (socket(AF_INET, SOCK_STREAM, 0) >= 0 || errno != EACCES) return 4;
    if (socket(AF_INET6, SOCK_DGRAM, 0) >= 0 || errno != EACCES) return 5;
    struct sigaction action{};
    action.sa_handler = SIG_IGN;
    if (sigaction(SIGSYS, &action, nullptr) == 0 || errno != EPERM) return 6;
    if (open_errno(path("allowed/file"), O_RDONLY) != 0) return 7;
    if (landlock_abi() && open_errno(path("secret/file"), O_RDONLY) != EACCES) return 8;
    return 0;
  });
  EXPECT_TRUE(result.exited);
  EXPECT_EQ(result.code, 0) << result.stderr_text;
}

TEST_F(SandboxTest, CompilerProfileAllowsProcessesButNotTracing) {
  ChildResult result = in_child([&] {
    install_seccomp(SeccompProfile::Compiler);
    if (std::system("exit 3") != 3 << 8) return 1;
    if (ptrace(PTRACE_ATTACH, getppid(), 0, 0) == 0 || errno != EPERM) return 2;
    if (socket(AF_INET, SOCK_STREAM, 0) >= 0 || errno != EACCES) return 3;
    return 0;
  });
  EXPECT_EQ(result.code, 0) << result.stderr_text;
}

TEST_F(SandboxTest, InheritedDescriptorsAreClosedExceptTheKeptOnes) {
  const int kept = open("/dev/null", O_RDONLY);
  const int dropped = open("/dev/null", O_RDONLY);
  ChildResult result = in_child([&] {
    close_inherited_descriptors({kept});
    if (fcntl(kept, F_GETFD) < 0) return 1;
    if (fcntl(dropped, F_GETFD) >= 0) return 2;
    return 0;
  });
  close(kept);
  close(dropped);
  EXPECT_EQ(result.code, 0) << result.stderr_text;
}

TEST_F(SandboxTest, LimitsTurnCoreFilesOffAndBoundFileSize) {
  ChildResult result = in_child([&] {
    ResourceLimits limits;
    limits.file_size_bytes = 4096;
    apply_limits(limits);
    rlimit core{};
    getrlimit(RLIMIT_CORE, &core);
    if (core.rlim_max != 0) return 1;
    signal(SIGXFSZ, SIG_IGN);
    std::ofstream out(path("exchange/big"), std::ios::binary);
    const std::string block(8192, 'x');
    out.write(block.data(), block.size());
    out.close();
    return fs::file_size(path("exchange/big")) <= 4096 ? 0 : 2;
  });
  EXPECT_EQ(result.code, 0) << result.stderr_text;
}

TEST(ScrubbedEnvironment, KeepsOnlyHarmlessVariables) {
  setenv("JUDGE_TEST_SECRET_TOKEN", "s3cr3t", 1);
  setenv("PATH", "/usr/bin:/bin", 1);
  const std::vector<std::string> env = scrubbed_environment({{"TMPDIR", "/private"}});
  std::string joined;
  for (const std::string& entry : env) joined += entry + "\n";
  EXPECT_EQ(joined.find("s3cr3t"), std::string::npos) << joined;
  EXPECT_NE(joined.find("PATH=/usr/bin:/bin\n"), std::string::npos) << joined;
  EXPECT_NE(joined.find("TMPDIR=/private\n"), std::string::npos) << joined;
}

TEST(LandlockReport, SaysWhatAnOlderKernelCannotEnforce) {
  LandlockReport none{0, {"everything (no Landlock in this kernel)"}, {}};
  EXPECT_NE(none.summary().find("NOT enforced"), std::string::npos);
  LandlockReport old{3, {"TCP bind/connect (ABI 4)"}, {}};
  EXPECT_EQ(old.summary(), "Landlock ABI 3; this kernel cannot enforce: TCP bind/connect (ABI 4)");
  EXPECT_EQ((LandlockReport{7, {}, {}}).summary(), "Landlock ABI 7 (full)");
}

}  // namespace
}  // namespace sandbox
