// Which paths a confined process may reach: one table for the runner (the
// process that calls a solution, on the CPU backend or a GPU), for the
// compilers run through `confine`, and for the runner's mount namespace
// (bubblewrap). Each row is one path and what each of them gets, with the
// reason, so the three lists cannot drift apart and a new rule is a row in
// policy.cc and a case in policy_test.cc. Paths that belong to one run (the
// solution's folder, the exchange folder, the build folder) come from the
// caller; everything fixed is here.
#pragma once

#include <string>
#include <vector>

#include "harness/sandbox/landlock.h"

namespace sandbox {

enum class Access {
  kNone,
  kRead,     // read files, list folders (mapping libraries as code needs no more)
  kExecute,  // also execve
  kWrite,    // also create, write, remove
  kDevice,   // a device node: read, write, ioctl
};

struct PathRule {
  const char* path;
  Access solution;  // the runner once it holds solution code (Landlock)
  Access compiler;  // a compiler under `confine` (Landlock)
  bool mounted;     // bound into the runner's namespaces at its own path
  bool gpu_only;    // for the runner only where it drives a GPU
  const char* why;
};

// Every fixed rule (the table in policy.cc).
const std::vector<PathRule>& path_rules();

// The runner's Landlock rules: each row's `solution` access (GPU rows only
// with `gpu`), on a GPU also the toolkit (`cuda_home`) and every
// /dev/nvidiaN node.
LandlockRules solution_rules(bool gpu, const std::string& cuda_home);

// A compiler's Landlock rules: each row's `compiler` access. The toolkit,
// the compiler itself and the build folder are the caller's to add.
LandlockRules compiler_rules();

// One bind of the runner's mount tree.
struct Mount {
  enum class Kind { kReadOnly, kReadWrite, kDevice } kind;
  std::string path;
};

// What bubblewrap binds at their own paths beside its own /proc, /dev and
// /tmp: the mounted rows (GPU rows only with `gpu`), a writable row
// read-write, a device row as a device; on a GPU also the toolkit and the
// /dev/nvidiaN nodes. Absent paths are skipped by bubblewrap (`-try`).
std::vector<Mount> runner_mounts(bool gpu, const std::string& cuda_home);

}  // namespace sandbox
