// The backend the end-to-end tests (bundled solutions, exploits) judge on:
// the CPU backend, unless JUDGE_TEST_BACKEND=cuda asks for the GPU path on a
// machine that has one.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace judge {

inline std::string test_backend() {
  const char* chosen = std::getenv("JUDGE_TEST_BACKEND");
  return chosen && *chosen ? chosen : "cpu";
}

// The judge's flags for that backend, to go with `other_flags`. A GPU
// benchmarks by default, so there the tests that do not time anything say
// --no-benchmark. A test of a CPU-backend property names its backend itself
// (--backend in `other_flags`): then none.
inline std::vector<std::string> test_backend_flags(const std::vector<std::string>& other_flags) {
  auto has = [&](const char* flag) { return std::find(other_flags.begin(), other_flags.end(), flag) != other_flags.end(); };
  if (has("--backend")) return {};
  std::vector<std::string> flags = {"--backend", test_backend()};
  if (test_backend() != "cpu" && !has("--benchmark")) flags.push_back("--no-benchmark");
  return flags;
}

}  // namespace judge
