// Process-level confinement that needs no special kernel feature: resource
// limits, an environment with nothing secret in it, no inherited
// descriptors, and death with the parent.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <map>
#include <string>
#include <vector>

namespace sandbox {

struct ResourceLimits {
  rlim_t open_files = 1024;
  rlim_t file_size_bytes = 8ULL << 30;  // a solution printing without end gets SIGXFSZ
  rlim_t address_space_bytes = 0;       // 0: unlimited (CUDA reserves huge ranges)
  // RLIMIT_DATA: private writable memory (the heap, anonymous mappings),
  // which CUDA's address-space reservations and device mappings are not.
  rlim_t data_bytes = 0;                // 0: unlimited
  rlim_t cpu_seconds = 0;               // 0: unlimited (the parent's clock rules)
  rlim_t processes = 0;                 // RLIMIT_NPROC: threads and processes of the user; 0: unlimited
  // Always: no real-time priority (RLIMIT_RTPRIO 0), no raised priority
  // (RLIMIT_NICE 0) and no POSIX message-queue bytes (RLIMIT_MSGQUEUE 0).
  // Core files are always off: they would copy the process's memory to disk.
};

// Sets soft and hard limits; throws std::runtime_error naming the one that failed.
void apply_limits(const ResourceLimits& limits);

// How many threads (tasks) of user `uid` the system runs now, from /proc:
// RLIMIT_NPROC counts them all when the run has no user namespace of its own.
unsigned long long tasks_of_user(uid_t uid);

// Closes every descriptor except `keep` (and 0, 1, 2).
void close_inherited_descriptors(const std::vector<int>& keep);

// The descriptors this process has open now (from /proc/self/fd), 0-2 among
// them. A runtime started after close_inherited_descriptors() opened every
// other one, and must keep them: the CUDA driver's device descriptors.
std::vector<int> open_descriptors();

// Asks the kernel to SIGKILL this process when its parent dies; exits at
// once if the parent is already gone (no longer `expected_parent`).
void die_with_parent(pid_t expected_parent);

// The environment a confined child gets: only harmless variables of the
// current one (PATH, locale, time zone, which GPUs to use) plus `set`.
// Tokens, keys and anything else the parent holds stay behind.
std::vector<std::string> scrubbed_environment(const std::map<std::string, std::string>& set);

}  // namespace sandbox
