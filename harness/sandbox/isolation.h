// The runner's outer layers, set up before it confines itself:
//
//   * a supervisor: the runner forks once; the parent stays outside every
//     confinement but holds no privilege, watches the exchange folder's size
//     (the judge's disk is not the solution's to fill) and ends the way its
//     child ended, so the judge sees a crash as a crash;
//   * namespaces, through bubblewrap (Debian's `bwrap`, the sandbox Flatpak
//     uses): a user namespace with the run's own unprivileged id and no
//     capability (bounding set included, no further user namespaces), new
//     PID, IPC, network, UTS, cgroup and mount namespaces, and a mount tree
//     holding only the system's libraries, the folders the run needs at their
//     own paths, a minimal /dev, a new /proc and size-capped private /tmp and
//     /dev/shm. The runner runs again inside it, where it confines itself
//     further (Landlock, seccomp, rlimits: sandbox.h).
//
// Where user namespaces are unavailable (some CI containers) the supervisor
// still runs, the runner confines itself without namespaces, and its report
// line says so.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace sandbox {

inline constexpr const char* kBubblewrap = "/usr/bin/bwrap";

struct IsolationPlan {
  std::string program;                 // absolute path of the binary run inside (the runner)
  std::vector<std::string> arguments;  // its arguments there
  std::vector<std::string> read;       // bound read-only at their own paths (the solution's folder)
  std::vector<std::string> write;      // bound read-write at their own paths (the exchange folder)
  bool gpu = false;                    // also the /dev/nvidia* nodes and the driver's files
  std::string cuda_home = "/usr/local/cuda";
  unsigned long long tmpfs_bytes = 64ULL << 20;  // private /tmp and /dev/shm, each
};

// Why `plan` cannot run in namespaces here as user `run_as` ("" when it
// can): no bubblewrap, or the kernel refuses a user namespace (tried in a
// short-lived child).
std::string isolation_unavailable(uid_t run_as);

// bubblewrap's arguments that put `path` in the tree read-only, given the
// folders already bound whole (`trees`). A link below the top level is not
// bound onto: bubblewrap would follow it inside the tree, where its target
// may be missing (Ubuntu's /usr/local/cuda -> /etc/alternatives/cuda ->
// /usr/local/cuda-13.0, with /etc not bound). Each link of its chain that no
// tree holds is made again, and the folder it ends at is bound at its own
// path.
std::vector<std::string> read_only_bind(const std::string& path, const std::vector<std::string>& trees);

// bubblewrap's arguments for `plan`: plan.read[i] and plan.write[i] are
// bound from read_sources[i] and write_sources[i] (the same paths, or their
// staged copies), the program from `program_source` at `program_inside`.
std::vector<std::string> bubblewrap_command(const IsolationPlan& plan, const std::vector<std::string>& read_sources,
                                            const std::vector<std::string>& write_sources,
                                            const std::string& program_source, const std::string& program_inside);

// Replaces this process with bubblewrap running the plan. With `switch_to`
// (the caller is root) it first binds what the plan needs into a private
// stage the run's user can reach (a tmpfs over /mnt in a mount namespace of
// its own; a root judge's work folder is closed to other users), then
// switches to that user. Returns only by throwing.
[[noreturn]] void exec_isolated(const IsolationPlan& plan, std::optional<uid_t> switch_to);

struct ExchangeCap {
  std::vector<std::string> folders;  // watched together
  unsigned long long bytes = 0;      // 0: not watched
  unsigned long long files = 10000;
};

// Forks. In the child it returns (the caller goes on to confine it or run
// bubblewrap). The parent never returns: it closes `close_in_parent`, calls
// `drop_parent_privileges`, checks `cap` every 50 ms, and exits the way the
// child ended (a child that bubblewrap reports as killed by signal N, exit
// status 128+N, is mirrored as that signal). Past the cap the child is
// killed and the parent exits with kForbiddenCallExitStatus after printing
// "sandbox: the solution filled its exchange folder ..." (also for a tree
// deeper than kMaxExchangeDepth).
void fork_supervised(const ExchangeCap& cap, const std::vector<int>& close_in_parent, bool mirror_signal_statuses,
                     void (*drop_parent_privileges)(void*), void* context);

// Folders nested deeper than this under an exchange folder are past its
// cap themselves (no call needs a single subfolder; counting needs one
// descriptor per level).
constexpr int kMaxExchangeDepth = 64;

// Bytes and entries under the open folders (not following links), at any
// depth: what the cap counts.
struct FolderUsage {
  unsigned long long bytes = 0;
  unsigned long long files = 0;
  bool too_deep = false;  // a folder nested deeper than kMaxExchangeDepth
};
FolderUsage folder_usage(const std::vector<int>& folder_fds);

}  // namespace sandbox
