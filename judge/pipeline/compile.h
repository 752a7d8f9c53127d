// Turning a submitted .cu into a shared library the runner can load: the
// signature scan, the generated prototype header and entry trampoline, the
// compiler call (confined: harness/sandbox, `confine`), and a cache keyed by
// the SHA-256 of everything that goes in.
//
// The cache: cache_root/<key>/libsolution.so with libsolution.so.sha256, its
// own digest. An entry is built in a folder of its own with a unique name
// and published by renaming that folder, so parallel judgings of one file
// never see a half-written library; the first to publish wins. Before every
// use the library's digest is checked against the stored one; a changed
// entry is discarded and rebuilt. The bytes checked are the bytes loaded:
// they are copied into the judging's private folder, which the runner may
// read but not write.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "judge/pipeline/backend.h"
#include "judge/problem/signature.h"

namespace judge {

struct CompileOutcome {
  bool ok = false;
  bool cached = false;
  std::filesystem::path library;  // when ok: the verified private copy
  bool rebuilt_damaged = false;   // a cached entry failed its digest check
  std::string log;                // the signature scan's or compiler's message
  std::string command;            // as run, for the report
};

// `#pragma once` + the exact `extern "C" void solution(...);`.
std::string prototype_header(const Signature& signature);

// C++ source of `extern "C" void judge_solution_entry(void* const* args)`,
// which calls solution() with args[i] read as the i-th parameter's C type.
std::string entry_trampoline(const Signature& signature);

struct CompileSettings {
  std::filesystem::path cache_root;
  std::filesystem::path private_dir;  // where the verified copy goes
  double timeout_seconds = 300;
  bool sandbox = true;                // run the compiler through `confine`
  std::filesystem::path confine;      // harness/sandbox:confine
  std::vector<std::filesystem::path> readable;  // the judge's include folders (files or folders)
};

// Compiles `source` for `backend` (whose compiler reports
// `compiler_version`) into the cache, reusing an earlier build of the same
// inputs. A solution's own mistakes come back as !ok with a message; the
// judge's (no compiler, unwritable cache) throw.
CompileOutcome compile_solution(const std::filesystem::path& source, const Signature& signature,
                                const Backend& backend, const std::string& compiler_version,
                                const CompileSettings& settings);

// 64 hex digits: the SHA-256 of `text` (cache keys, library digests, and the
// solution's fingerprint in reports).
std::string content_hash(const std::string& text);

// The default cache: $JUDGE_CACHE_DIR, $XDG_CACHE_HOME/judge, ~/.cache/judge.
std::filesystem::path default_cache_root();

}  // namespace judge
