// Each test forks a child, confines it, tries something and reports back
// through its exit status and stderr, so the test process stays free.
#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <sys/fanotify.h>
#include <sys/inotify.h>
#include <sys/ipc.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <sys/un.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pthread.h>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <chrono>
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>

#include "gtest/gtest.h"
#include "harness/sandbox/isolation.h"
#include "harness/sandbox/privileges.h"
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

// The runner's order on a GPU: inherited descriptors closed, then the CUDA
// driver opens its own (here /dev/null stands in), then the confinement,
// which must leave those open.
TEST_F(SandboxTest, DescriptorsOpenedAfterTheInheritedOnesClosedSurviveTheConfinement) {
  const int inherited = open("/dev/null", O_RDONLY);
  ChildResult result = in_child([&] {
    close_inherited_descriptors({});
    if (fcntl(inherited, F_GETFD) >= 0) return 1;
    const int drivers = open("/dev/null", O_RDWR);
    if (drivers < 0) return 2;
    SolutionConfinement confined = confinement();
    confined.keep_fds = open_descriptors();
    if (std::find(confined.keep_fds.begin(), confined.keep_fds.end(), drivers) == confined.keep_fds.end()) return 3;
    confine_solution_process(confined);
    char byte;
    if (read(drivers, &byte, 1) != 0) return 4;  // still open, and still /dev/null
    if (write(drivers, "x", 1) != 1) return 5;
    return 0;
  });
  close(inherited);
  EXPECT_EQ(result.code, 0) << result.stderr_text;
}

// The GPU runner's memory limit: private writable memory is bounded, an
// address-space reservation like CUDA's is not.
TEST_F(SandboxTest, TheDataLimitBoundsPrivateWritableMemoryButNotReservations) {
  ChildResult result = in_child([&] {
    ResourceLimits limits;
    limits.data_bytes = 64 << 20;
    apply_limits(limits);
    void* reserved = mmap(nullptr, std::size_t{1} << 32, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (reserved == MAP_FAILED) return 1;
    if (std::malloc(std::size_t{256} << 20) != nullptr) return 2;
    void* small = std::malloc(std::size_t{16} << 20);
    if (small == nullptr) return 3;
    std::memset(small, 1, std::size_t{16} << 20);
    return 0;
  });
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


// Each call the allowlist names is trapped, and the message names it.
TEST_F(SandboxTest, NamedCallsAreTrappedWithTheirNames) {
  struct Attempt {
    std::string words;
    std::function<void()> call;
  };
  const std::vector<Attempt> attempts = {
      {"called perf_event_open()", [] {
         perf_event_attr attr{};
         attr.size = sizeof attr;
         syscall(SYS_perf_event_open, &attr, getppid(), -1, -1, 0);
       }},
      {"called fanotify_init()", [] { fanotify_init(FAN_CLASS_NOTIF, O_RDONLY); }},
      {"called inotify_*()", [] { inotify_init1(0); }},
      {"called syslog()", [] {
         char buffer[64];
         klogctl(3, buffer, sizeof buffer);
       }},
      {"called clock_settime()", [] {
         timespec past{0, 0};
         clock_settime(CLOCK_REALTIME, &past);
       }},
      {"called settimeofday()", [] {  // glibc's settimeofday() calls clock_settime
         timeval past{0, 0};
         syscall(SYS_settimeofday, &past, nullptr);
       }},
      {"called clock_adjtime()", [] {
         timex adjust{};
         adjtimex(&adjust);
       }},
      {"called sched_setscheduler() with a real-time policy", [] {
         sched_param param{};
         param.sched_priority = 1;
         sched_setscheduler(0, SCHED_FIFO, &param);
       }},
      {"called sched_setscheduler() with a real-time policy or on another", [] {
         sched_param param{};
         sched_setscheduler(getppid(), SCHED_OTHER, &param);
       }},
      {"called sched_setattr()", [] { syscall(SYS_sched_setattr, 0, nullptr, 0); }},
      {"called sched_setaffinity() on another process", [] {
         cpu_set_t set;
         CPU_ZERO(&set);
         CPU_SET(0, &set);
         sched_setaffinity(getppid(), sizeof set, &set);
       }},
      {"called prlimit64() on another process", [] {
         const rlimit none{0, 0};
         prlimit(getppid(), RLIMIT_FSIZE, &none, nullptr);
       }},
      {"called setpriority() on another process", [] { setpriority(PRIO_PROCESS, getppid(), 19); }},
      {"called setpriority() on another process, group or user", [] { setpriority(PRIO_USER, 0, 19); }},
      {"used SysV shared memory", [] { shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600); }},
      {"used SysV IPC", [] { semget(IPC_PRIVATE, 1, IPC_CREAT | 0600); }},
      {"used SysV IPC", [] { msgget(IPC_PRIVATE, IPC_CREAT | 0600); }},
      {"called connect()", [] {
         const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
         sockaddr_un address{};
         address.sun_family = AF_UNIX;
         std::strcpy(address.sun_path, "/run/dbus/system_bus_socket");
         connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
       }},
      {"called bind(), listen() or accept()", [] {
         const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
         sockaddr_un address{};
         address.sun_family = AF_UNIX;
         bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(sa_family_t));
       }},
  };
  for (const Attempt& attempt : attempts) {
    SCOPED_TRACE(attempt.words);
    expect_killed_naming(confined_attempt(confinement(), attempt.call), attempt.words);
  }
}

// Calls outside the allowlist fail with ENOSYS and are remembered; the process's own
// scheduling, priority and limits stay usable.
TEST_F(SandboxTest, AllowlistRefusesUnknownCallsAndAllowsOwnSettings) {
  ChildResult result = in_child([&] {
    confine_solution_process(confinement());
    if (syscall(SYS_acct, nullptr) != -1 || errno != ENOSYS) return 1;
    if (syscall(SYS_sethostname, "x", 1) != -1 || errno != ENOSYS) return 2;
    if (syscall(SYS_unlink, path("exchange/none").c_str()) != -1 || errno != ENOSYS) return 3;
    if (open(path("exchange").c_str(), O_TMPFILE | O_WRONLY, 0600) != -1 || errno != EPERM) return 4;
    // A folder opens (opendir() sets O_DIRECTORY, which glibc's __O_TMPFILE holds too).
    DIR* folder = opendir(path("exchange").c_str());
    if (!folder) return 11;
    closedir(folder);
    sched_param param{};
    if (sched_setscheduler(0, SCHED_BATCH, &param) != 0) return 5;
    if (setpriority(PRIO_PROCESS, 0, 10) != 0) return 6;
    rlimit files{};
    if (getrlimit(RLIMIT_NOFILE, &files) != 0) return 7;
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0 || sched_setaffinity(0, sizeof set, &set) != 0) return 8;
    // Each refused call is remembered once, by name, for the runner's reports.
    if (syscall(SYS_acct, nullptr) != -1 || errno != ENOSYS) return 9;
    const std::vector<std::string> expected = {"acct", "sethostname", "unlink"};
    if (refused_calls() != expected) return 10;
    return 0;
  });
  EXPECT_EQ(result.code, 0) << result.stderr_text;
}

// What the CUDA driver does inside the runner (seen on an H200 with driver
// 580: cudaMalloc failed with cudaErrorOperatingSystem under the sandbox):
// it makes an anonymous memory file and names the threads it starts. The
// GPU profile allows both; the CPU profile refuses the file, by name.
TEST_F(SandboxTest, TheGpuProfileAllowsWhatTheDriverDoes) {
  auto driver_like = [](bool expect_allowed) {
    const int memory_file = static_cast<int>(syscall(SYS_memfd_create, "driver", 0));
    if (expect_allowed != (memory_file >= 0)) return 1;
    if (!expect_allowed && errno != ENOSYS) return 2;
    if (!expect_allowed) return refused_calls() == std::vector<std::string>{"memfd_create"} ? 0 : 3;
    std::atomic<bool> named{false};
    std::thread helper([&] {
      while (!named.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    });
    const int renamed = pthread_setname_np(helper.native_handle(), "driver-helper");
    named = true;
    helper.join();
    return renamed == 0 ? 0 : 10 + renamed;
  };
  SolutionConfinement gpu = confinement();
  gpu.gpu = true;
  ChildResult on_gpu = in_child([&] {
    confine_solution_process(gpu);
    return driver_like(true);
  });
  EXPECT_EQ(on_gpu.code, 0) << on_gpu.stderr_text;
  ChildResult on_cpu = in_child([&] {
    confine_solution_process(confinement());
    return driver_like(false);
  });
  EXPECT_EQ(on_cpu.code, 0) << on_cpu.stderr_text;
}

// The limits every confined process gets: no real-time priority even where
// seccomp would let the call through.
TEST_F(SandboxTest, LimitsForbidRealTimePriorityAndBoundThreads) {
  ChildResult result = in_child([&] {
    ResourceLimits limits;
    apply_limits(limits);
    rlimit value{};
    getrlimit(RLIMIT_RTPRIO, &value);
    if (value.rlim_max != 0) return 1;
    getrlimit(RLIMIT_MSGQUEUE, &value);
    if (value.rlim_max != 0) return 2;
    if (geteuid() != 0) {
      sched_param param{};
      param.sched_priority = 1;
      if (sched_setscheduler(0, SCHED_FIFO, &param) == 0 || errno != EPERM) return 3;
    }
    return 0;
  });
  EXPECT_EQ(result.code, 0) << result.stderr_text;
  EXPECT_GT(tasks_of_user(geteuid()), 0u);
}

// Root without capabilities: the bounding set and every other set are
// empty, and file permissions bind it like anyone else.
TEST_F(SandboxTest, DroppedCapabilitiesLeaveRootWithout) {
  if (geteuid() != 0) GTEST_SKIP() << "not root: nothing to drop";
  const std::string closed = path("secret/closed");
  std::ofstream(closed) << "x";
  ASSERT_EQ(chown(closed.c_str(), 12345, 12345), 0);
  ASSERT_EQ(chmod(closed.c_str(), 0600), 0);
  ChildResult result = in_child([&] {
    drop_capabilities();
    if (!has_no_capabilities()) return 1;
    if (open_errno(closed, O_RDONLY) != EACCES) return 2;
    if (chown(path("allowed/file").c_str(), 12345, 12345) == 0) return 3;
    return 0;
  });
  EXPECT_EQ(result.code, 0) << result.stderr_text;
}

// Moving a root process to the run's user id keeps its parent-death signal
// (the kernel clears it on a change of credentials).
TEST_F(SandboxTest, SwitchingUserKeepsTheDeathSignal) {
  if (geteuid() != 0) GTEST_SKIP() << "not root: no user to switch from";
  ChildResult result = in_child([&] {
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    switch_to_user(run_uid_for(getpid()));
    int death_signal = 0;
    prctl(PR_GET_PDEATHSIG, &death_signal, 0, 0, 0);
    if (death_signal != SIGKILL) return 1;
    if (getuid() != run_uid_for(getpid()) || setuid(0) == 0) return 2;
    return 0;
  });
  EXPECT_EQ(result.code, 0) << result.stderr_text;
}

// The supervisor stops a run whose exchange folder grows past its cap and
// says so; a run that stays below it ends as its child ended.
TEST_F(SandboxTest, SupervisorCapsTheExchangeFolder) {
  ExchangeCap cap;
  cap.folders = {path("exchange")};
  cap.bytes = 1 << 20;
  ChildResult filled = in_child([&] {
    fork_supervised(cap, {}, false, nullptr, nullptr);
    const std::string block(64 << 10, 'x');
    std::ofstream out(path("exchange/fill"), std::ios::binary);
    for (int i = 0; i < 1024; ++i) {
      out.write(block.data(), block.size());
      out.flush();
      usleep(2000);
    }
    return 0;
  });
  EXPECT_TRUE(filled.exited);
  EXPECT_EQ(filled.code, kForbiddenCallExitStatus);
  EXPECT_NE(filled.stderr_text.find("sandbox: the solution filled its exchange folder past the limit (1 MiB"),
            std::string::npos)
      << filled.stderr_text;
  EXPECT_LT(fs::file_size(path("exchange/fill")), 32u << 20);
  ChildResult quiet = in_child([&] {
    fork_supervised(cap, {}, false, nullptr, nullptr);
    return 7;
  });
  EXPECT_TRUE(quiet.exited);
  EXPECT_EQ(quiet.code, 7);
  ChildResult crashed = in_child([&] {
    fork_supervised(cap, {}, true, nullptr, nullptr);
    return 128 + SIGSEGV;  // how bubblewrap reports a child killed by SIGSEGV
  });
  EXPECT_FALSE(crashed.exited);
  EXPECT_EQ(crashed.code, SIGSEGV);
}

// The namespaces: a shell started the way the runner restarts itself sees
// no capability, an unprivileged user, only its own processes, a host name
// of its own, an empty private /tmp, the exchange folder (writable) and
// nothing of the rest of the test's folder.
TEST_F(SandboxTest, BubblewrapRunsUnprivilegedInNewNamespaces) {
  const uid_t run_uid = geteuid() == 0 ? run_uid_for(getpid()) : geteuid();
  const std::string unavailable = isolation_unavailable(run_uid);
  if (!unavailable.empty()) GTEST_SKIP() << "no namespaces on this machine: " << unavailable;
  ASSERT_EQ(chown(path("exchange").c_str(), run_uid, run_uid), 0);
  // Markers in the host's /tmp and /dev/shm, which the private ones hide.
  const std::string host_tmp = "/tmp/sandbox-test-marker-" + std::to_string(getpid());
  const std::string host_shm = "/dev/shm/sandbox-test-marker-" + std::to_string(getpid());
  std::ofstream(host_tmp) << "x";
  std::ofstream(host_shm) << "x";
  const std::string script =
      "set -e; grep -E '^Cap(Inh|Prm|Eff|Bnd|Amb):' /proc/self/status >&2; "
      "echo uid=$(id -u) >&2; echo pid=$$ >&2; test -e /proc/" + std::to_string(getpid()) + " && echo parent-visible >&2; "
      "echo host=$(cat /proc/sys/kernel/hostname) >&2; "
      "test -e " + host_tmp + " && echo host-tmp-visible >&2; test -e " + host_shm + " && echo host-shm-visible >&2; "
      "echo written > " + path("exchange/from-inside") + "; "
      "test -e " + path("secret/file") + " && echo secret-visible >&2; "
      "echo allowed=$(cat " + path("allowed/file") + ") >&2; "
      "unshare -U true 2>/dev/null && echo userns-allowed >&2; exit 0";
  ChildResult result = in_child([&]() -> int {
    IsolationPlan plan;
    plan.program = "/bin/sh";
    plan.arguments = {"-c", script};
    plan.read = {path("allowed")};
    plan.write = {path("exchange")};
    exec_isolated(plan, geteuid() == 0 ? std::optional<uid_t>(run_uid) : std::nullopt);
  });
  ASSERT_TRUE(result.exited);
  ASSERT_EQ(result.code, 0) << result.stderr_text;
  const std::string& out = result.stderr_text;
  for (const char* set : {"CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"}) {
    EXPECT_NE(out.find(std::string(set) + ":\t0000000000000000"), std::string::npos) << set << "\n" << out;
  }
  EXPECT_NE(out.find("uid=" + std::to_string(run_uid)), std::string::npos) << out;
  EXPECT_NE(run_uid, 0u);
  EXPECT_NE(out.find("pid=2\n"), std::string::npos) << "the shell is not the second process of a new PID namespace\n" << out;
  EXPECT_EQ(out.find("parent-visible"), std::string::npos) << out;
  EXPECT_NE(out.find("host=sandbox"), std::string::npos) << out;
  EXPECT_EQ(out.find("host-tmp-visible"), std::string::npos) << out;
  EXPECT_EQ(out.find("host-shm-visible"), std::string::npos) << out;
  fs::remove(host_tmp);
  fs::remove(host_shm);
  EXPECT_NE(out.find("allowed=fine"), std::string::npos) << out;
  EXPECT_EQ(out.find("secret-visible"), std::string::npos) << out;
  EXPECT_EQ(out.find("userns-allowed"), std::string::npos) << out;
  std::ifstream written(path("exchange/from-inside"));
  std::string word;
  written >> word;
  EXPECT_EQ(word, "written");
}

// As an unprivileged user (where the machine allows one): the same binary
// runs the namespace, seccomp and supervisor cases again under setpriv.
TEST(Unprivileged, TheSandboxCasesPassAsNobody) {
  if (geteuid() != 0) GTEST_SKIP() << "already unprivileged: the cases above ran as this user";
  if (std::getenv("SANDBOX_TEST_UNPRIVILEGED")) GTEST_SKIP() << "this is the unprivileged run";
  if (access("/usr/bin/setpriv", X_OK) != 0) GTEST_SKIP() << "no setpriv (util-linux) to switch users with";
  char self[4096] = {};
  ASSERT_GT(readlink("/proc/self/exe", self, sizeof self - 1), 0);
  // A copy anyone may run, in a folder anyone may enter (the build's own
  // output is below root's home).
  char folder_template[] = "/tmp/sandbox-test-XXXXXX";
  ASSERT_NE(mkdtemp(folder_template), nullptr);
  const fs::path folder = folder_template;
  fs::copy_file(self, folder / "sandbox_test");
  fs::create_directories(folder / "tmp");
  ASSERT_EQ(chmod(folder.c_str(), 0755), 0);
  ASSERT_EQ(chown((folder / "tmp").c_str(), 65534, 65534), 0);
  const std::string command =
      // A clean environment: Bazel's test variables name files only root may write.
      "env -i PATH=/usr/bin:/bin SANDBOX_TEST_UNPRIVILEGED=1 TEST_TMPDIR=" + (folder / "tmp").string() +
      " setpriv --reuid=65534 --regid=65534 --clear-groups " + (folder / "sandbox_test").string() +
      " --gtest_filter='SandboxTest.Bubblewrap*:SandboxTest.NamedCalls*:SandboxTest.Allowlist*:"
      "SandboxTest.Supervisor*:SandboxTest.Limits*' 2>&1";
  std::string output;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[4096];
    for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
    const int status = pclose(pipe);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << output;
  }
  EXPECT_NE(output.find("[  PASSED  ]"), std::string::npos) << output;
  std::printf("%s", output.substr(output.size() > 2000 ? output.size() - 2000 : 0).c_str());
  fs::remove_all(folder);
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

namespace sandbox {
namespace {

// The exchange cap's count reaches every depth: a file 20 folders down
// counts, and a tree deeper than kMaxExchangeDepth is past the cap itself.
TEST(ExchangeUsage, CountsEveryDepth) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp") / "exchange_usage";
  fs::remove_all(root);
  fs::path deep = root;
  for (int i = 0; i < 20; ++i) deep /= "d";
  fs::create_directories(deep);
  std::ofstream(deep / "file") << std::string(1 << 20, 'x');
  const int fd = open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  FolderUsage usage = folder_usage({fd});
  EXPECT_GE(usage.bytes, 1u << 20);
  EXPECT_EQ(usage.files, 21u);  // 20 folders and the file
  EXPECT_FALSE(usage.too_deep);
  for (int i = 20; i < kMaxExchangeDepth + 1; ++i) deep /= "d";
  fs::create_directories(deep);
  usage = folder_usage({fd});
  EXPECT_TRUE(usage.too_deep);
  close(fd);
  fs::remove_all(root);
}

}  // namespace
}  // namespace sandbox
