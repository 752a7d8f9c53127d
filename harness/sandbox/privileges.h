// Who a confined process runs as. A root judge's runner never keeps root:
// it moves to a user id of its own (one per runner process, in a range no
// account uses, like systemd's dynamic users), so that RLIMIT_NPROC counts
// only its own threads and no file on the host belongs to it; every
// capability is dropped, the bounding set included.
#pragma once

#include <sys/types.h>

#include <string>

namespace sandbox {

// Base of the per-run user ids: kRunUidBase + (pid mod 65536).
inline constexpr uid_t kRunUidBase = 0x5a000000;  // 1509949440
uid_t run_uid_for(pid_t pid);

// setgroups({}), setresgid(uid), setresuid(uid); needs root. Afterwards the
// permitted and effective capability sets are empty; a parent-death signal
// set before is set again (the kernel clears it). Throws on failure.
void switch_to_user(uid_t uid);

// Empties the bounding and ambient sets, then the inheritable, permitted and
// effective ones. Works for any user (dropping needs no privilege, except
// the bounding set, which is skipped when it is already empty or
// CAP_SETPCAP is gone: then nothing can raise a capability anyway). Throws
// when a set is still not empty afterwards.
void drop_capabilities();

// Whether all five capability sets of the calling thread are empty.
bool has_no_capabilities();

}  // namespace sandbox
