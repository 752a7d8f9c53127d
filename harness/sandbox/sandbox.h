// The confinement of a process that runs untrusted code, in one call: what a
// CUDA program needs on the CPU backend or on a GPU may be read (policy.h),
// the exchange folder may be written, nothing else (Landlock); the system calls
// of seccomp_filter.h are refused; limits and descriptors as in
// process_limits.h. See README.md for the threat model and the lists.
#pragma once

#include <string>
#include <vector>

#include "harness/sandbox/landlock.h"
#include "harness/sandbox/process_limits.h"
#include "harness/sandbox/seccomp_filter.h"

namespace sandbox {

struct SolutionConfinement {
  std::vector<std::string> read;   // e.g. the folder holding the solution's library
  std::vector<std::string> write;  // the exchange folder
  std::vector<int> keep_fds;       // e.g. the reply pipe
  bool gpu = false;                // also what the CUDA driver needs
  std::string cuda_home = "/usr/local/cuda";
  ResourceLimits limits;
};

// Confines the calling process for good: limits, descriptors, Landlock,
// seccomp (Solution profile), in that order. Returns a one-line summary of
// the Landlock level for logs ("Landlock ABI 7 (full)"). Throws on failure.
std::string confine_solution_process(const SolutionConfinement& confinement);

}  // namespace sandbox
