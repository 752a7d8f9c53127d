// Running a compiled solution through the runner (harness/runner): the data
// of one call (inputs, and the expected outputs that stay in the judge), the
// runner session with its time limits, and the checks on what came back.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "judge/pipeline/backend.h"
#include "judge/pipeline/subprocess.h"
#include "judge/problem/case_data.h"
#include "judge/problem/problem.h"

namespace judge {

// Inputs and expected outputs of one call of one case with one seed; the
// expected outputs never leave the judge.
struct CallData {
  const TestCase* test_case = nullptr;
  uint64_t seed = 0;
  CaseTensors tensors;  // inputs, and the reference's outputs

  const Shape& shape(const std::string& name) const { return tensors.shapes.at(name); }
};

// Generates the inputs and runs the reference.
CallData prepare_call(const Problem& problem, const TestCase& test_case, uint64_t seed);

// What the runner gave back for one call: every buffer, guard bytes included.
using Downloads = std::map<std::string, std::vector<char>>;

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

// Everything wrong with one call's results, as a message naming the case and
// the tensor, or nullopt when the call was right: const inputs unchanged,
// nothing written past any buffer, every output element within tolerance.
std::optional<std::string> check_call(const Problem& problem, const CallData& call, const Downloads& downloads);

}  // namespace judge
