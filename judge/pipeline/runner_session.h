// The judge's side of the runner protocol (harness/runner/protocol.h): a
// runner child process per session, one JSON request per line, with a time
// limit on every answer. It moves call data in and buffers out; it decides
// nothing about correctness (see output_check.h).
#pragma once

#include <chrono>
#include <filesystem>
#include <random>
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

// How a request to the runner ended. Everything the runner returns is
// treated as hostile (solution code shares its process): a reply that is not
// the runner's answer, nested too deep, or a buffer file of the wrong size or
// kind, is Hostile, a RUNTIME_ERROR, never a judge fault, a crash or an
// out-of-bounds read. Once the load request is sent (the library's static
// constructors run in dlopen), anything the runner reports may be forged, so
// only a runner that never held solution code can report a JudgeBug; text
// the runner relays is quoted as the solution's process's, never the judge's.
struct RunnerOutcome {
  enum class Kind { Ok, CudaError, LoadError, SolutionFault, Crashed, TimedOut, Hostile, JudgeBug } kind = Kind::Ok;
  std::string message;  // for all but Ok
  nlohmann::json reply;
  double round_trip_ms = 0;  // the judge's own clock, from before the inputs were written
};

// How the runner process is confined (harness/sandbox).
struct RunnerConfinement {
  bool sandbox = true;                  // false only with --no-sandbox
  unsigned long long memory_bytes = 0;  // address-space limit; 0 = none
  unsigned long long thread_limit = 0;  // threads of the solution's process; 0 = none
  unsigned long long exchange_bytes = 0;  // what its exchange folder may hold; 0 = no cap
  std::vector<std::filesystem::path> readable;  // e.g. the folder of the library to load
};

class RunnerSession {
 public:
  // Starts the backend's runner with `extra_env` (e.g. the CPU backend's
  // shuffled thread order) in a scrubbed environment, confined; its output
  // goes to work_dir/<name>/runner.log, its exchange folder is work_dir/<name>.
  RunnerSession(const Backend& backend, const std::map<std::string, std::string>& extra_env,
                const std::filesystem::path& work_dir, const std::string& name,
                const RunnerConfinement& confinement);
  ~RunnerSession();

  // Waits for the runner to answer, before any solution code is loaded (see
  // protocol.h, kOpPing).
  RunnerOutcome ping(double timeout_seconds);

  // From here on the process holds solution code (see RunnerOutcome).
  RunnerOutcome load(const std::filesystem::path& library, double timeout_seconds);
  bool holds_solution_code() const { return m_holds_solution_code; }

  // One checked call; fills `downloads` on success.
  RunnerOutcome run(const Signature& signature, const CallData& call, double timeout_seconds, Downloads& downloads);

  // One timed call on `call`'s inputs (one request per timed run, so the
  // judge's clock bounds each claim); the runner's claim is reply["ms"],
  // checked to be a finite non-negative number. `empty` skips the call, to
  // measure the request's own overhead in a session without a solution.
  RunnerOutcome time(const Signature& signature, const CallData& call, double timeout_seconds,
                     Downloads& downloads, bool empty = false);

  // Every request, the writing of its inputs and the reading of its answer
  // included, ends within its `timeout_seconds`; a runner that does not take
  // it (its input pipe full) or does not answer is killed: TimedOut.

  // What printed the runner; its sandbox line says what is enforced.
  std::string log_tail(std::size_t max_bytes) const { return m_child->output_tail(max_bytes); }

 private:
  nlohmann::json call_arguments(const Signature& signature, const CallData& call, const std::string& tag);
  Downloads read_downloads(const Signature& signature, const CallData& call, const std::string& tag);
  RunnerOutcome request(nlohmann::json message, double timeout_seconds,
                        std::chrono::steady_clock::time_point start);
  RunnerOutcome exchange(const std::string& op, const Signature& signature, const CallData& call,
                         double timeout_seconds, Downloads& downloads, nlohmann::json extra);

  std::filesystem::path m_dir;
  std::unique_ptr<ChildProcess> m_child;
  std::mt19937_64 m_ids;
  bool m_holds_solution_code = false;
};

}  // namespace judge
