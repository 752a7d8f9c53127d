// Turning a submitted .cu into a shared library the runner can load: the
// signature scan, the generated prototype header and entry trampoline, the
// compiler call, and a cache keyed by the hash of everything that goes in.
#pragma once

#include <filesystem>
#include <string>

#include "judge/pipeline/backend.h"
#include "judge/problem/signature.h"

namespace judge {

struct CompileOutcome {
  bool ok = false;
  bool cached = false;
  std::filesystem::path library;  // when ok
  std::string log;                // the signature scan's or compiler's message
  std::string command;            // as run, for the report
};

// `#pragma once` + the exact `extern "C" void solution(...);`.
std::string prototype_header(const Signature& signature);

// C++ source of `extern "C" void judge_solution_entry(void* const* args)`,
// which calls solution() with args[i] read as the i-th parameter's C type.
std::string entry_trampoline(const Signature& signature);

// Compiles `source` for `backend` (whose compiler reports
// `compiler_version`) into `cache_root/<hash>/`, reusing an earlier build of
// the same inputs. A solution's own mistakes come back as !ok with a
// message; the judge's (no compiler, unwritable cache) throw.
CompileOutcome compile_solution(const std::filesystem::path& source, const Signature& signature,
                                const Backend& backend, const std::string& compiler_version,
                                const std::filesystem::path& cache_root, double timeout_seconds);

// 32 hex digits naming `text` (two 64-bit FNV-1a hashes: a cache key and a
// fingerprint for reports, not a cryptographic digest).
std::string content_hash(const std::string& text);

// The default cache: $JUDGE_CACHE_DIR, $XDG_CACHE_HOME/judge, ~/.cache/judge.
std::filesystem::path default_cache_root();

}  // namespace judge
