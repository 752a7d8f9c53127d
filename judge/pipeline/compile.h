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
//
// Bounds (a hostile source must not make the judge or its host spend without
// limit): the source is read through one O_NOFOLLOW descriptor and refused
// over kMaxSourceBytes before any work; the compiler is compiled from a copy
// of exactly those bytes, under an address-space limit per process, a CPU
// time limit and a file-size limit equal to the library cap; a library over
// the cap is never cached; and the cache's total size is capped, evicting the
// least recently used entries (a directory's mtime is its last use). Eviction
// moves an entry aside by one rename, like discarding a damaged one, so a
// parallel judging either verified its copy before or finds no entry and
// builds its own.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "judge/pipeline/backend.h"
#include "judge/problem/signature.h"

namespace judge {

// A solution's source may hold at most this many bytes (COMPILE_ERROR past it).
inline constexpr std::uintmax_t kMaxSourceBytes = 1ULL << 20;
// The compiled library, and every file a compiler process writes, at most.
inline constexpr std::uintmax_t kMaxLibraryBytes = 64ULL << 20;
// Address space of each compiler process (cc1plus, cicc, ptxas, ...): every
// bundled solution compiles within 256 MiB with cucc and with nvcc (sm_90);
// 4 GiB leaves room for template-heavy code (README, Security).
inline constexpr std::uintmax_t kDefaultCompilerMemoryBytes = 4ULL << 30;
// The cache's total size before the least recently used entries go.
inline constexpr std::uintmax_t kDefaultCacheMaxBytes = 2ULL << 30;

struct CompileOutcome {
  bool ok = false;
  std::string source_hash;        // SHA-256 of the bytes compiled (empty when unreadable or too large)
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
  std::uintmax_t max_source_bytes = kMaxSourceBytes;
  std::uintmax_t max_library_bytes = kMaxLibraryBytes;
  std::uintmax_t compiler_memory_bytes = kDefaultCompilerMemoryBytes;  // 0: no limit
  std::uintmax_t cache_max_bytes = kDefaultCacheMaxBytes;              // 0: no limit
};

// Compiles `source` for `backend` (whose compiler reports
// `compiler_version`) into the cache, reusing an earlier build of the same
// inputs. A solution's own mistakes come back as !ok with a message; the
// judge's (no compiler, unwritable cache) throw.
CompileOutcome compile_solution(const std::filesystem::path& source, const Signature& signature,
                                const Backend& backend, const std::string& compiler_version,
                                const CompileSettings& settings);

// Evicts the least recently used entries of the cache at `cache_root` until
// the entries' files take at most `max_bytes`; `keep` (the entry just used)
// is never evicted. Returns the evicted entries. Safe while other judgings
// use the cache. Also removes build and discarded folders an hour old (left
// by a judge that died).
std::vector<std::filesystem::path> evict_least_recently_used(const std::filesystem::path& cache_root,
                                                             std::uintmax_t max_bytes,
                                                             const std::filesystem::path& keep);

// The default cache: $JUDGE_CACHE_DIR, $XDG_CACHE_HOME/judge, ~/.cache/judge.
std::filesystem::path default_cache_root();

}  // namespace judge
