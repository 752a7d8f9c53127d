// The judge's side of the runner protocol (harness/runner/protocol.h): a
// runner child process per session, one JSON request per line, with a time
// limit on every answer. It moves call data in and buffers out; it decides
// nothing about correctness (see output_check.h).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "judge/pipeline/backend.h"
#include "judge/pipeline/call_data.h"
#include "judge/pipeline/subprocess.h"
#include "judge/problem/signature.h"

namespace judge {

// How a request to the runner ended.
struct RunnerOutcome {
  enum class Kind { Ok, CudaError, LoadError, Crashed, TimedOut, JudgeBug } kind = Kind::Ok;
  std::string message;  // for all but Ok
  nlohmann::json reply;
};

class RunnerSession {
 public:
  // Starts the backend's runner with `extra_env` (e.g. the CPU backend's
  // shuffled thread order); its output goes to work_dir/<name>.log.
  RunnerSession(const Backend& backend, const std::map<std::string, std::string>& extra_env,
                const std::filesystem::path& work_dir, const std::string& name);
  ~RunnerSession();

  RunnerOutcome load(const std::filesystem::path& library, double timeout_seconds);

  // One checked call; fills `downloads` on success.
  RunnerOutcome run(const Signature& signature, const CallData& call, double timeout_seconds, Downloads& downloads);

  // Timed calls rotating over `calls`; fills `downloads` (one per call, the
  // output of that input set's last timed run) and `times_ms`.
  struct BenchSettings {
    int warmup = 2;
    std::size_t min_runs = 5;
    std::size_t max_runs = 200;
    double target_rse = 0.01;
    double budget_seconds = 5.0;
  };
  RunnerOutcome bench(const Signature& signature, const std::vector<const CallData*>& calls,
                      const BenchSettings& settings, double timeout_seconds, std::vector<Downloads>& downloads,
                      std::vector<double>& times_ms);

 private:
  nlohmann::json call_arguments(const Signature& signature, const CallData& call, const std::string& tag);
  Downloads read_downloads(const Signature& signature, const std::string& tag);
  RunnerOutcome request(const nlohmann::json& message, double timeout_seconds);

  std::filesystem::path m_dir;
  std::unique_ptr<ChildProcess> m_child;
};

}  // namespace judge
