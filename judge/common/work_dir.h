// The judge's private scratch folders under TMPDIR: "judge-<pid>-XXXXXX",
// named after the judge that owns them, so that the next judge can remove
// those whose owner died without cleaning up (killed, out of memory, power
// loss), instead of letting them fill the disk.
#pragma once

#include <filesystem>
#include <string>

namespace judge {

// Creates a fresh, private (0700) work folder under `root`.
std::filesystem::path make_work_dir(const std::filesystem::path& root);

// Marks a work folder as kept on request (--keep-work): never swept.
void mark_work_dir_kept(const std::filesystem::path& dir);

// Removes `path` and everything under it, whatever modes a solution gave
// what it made (folders of mode 0 or 0300 are made accessible as the walk
// descends), at any depth, never following a link. Returns "" when all is
// gone, else what could not be removed and why. A missing path is no error.
std::string remove_tree(const std::filesystem::path& path);

// Removes every folder "judge-<pid>-*" directly under `root` that this user
// owns, that is a real folder (not a link), that is not marked kept, and
// whose pid is no running process. Returns how many it removed; what it
// could not remove is appended to `failures`, one line each.
int sweep_stale_work_dirs(const std::filesystem::path& root, std::string* failures = nullptr);

}  // namespace judge
