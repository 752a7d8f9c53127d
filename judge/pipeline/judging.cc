#include "judge/pipeline/judging.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "judge/common/work_dir.h"
#include "judge/pipeline/case_memory.h"
#include "judge/pipeline/compile.h"
#include "judge/pipeline/output_check.h"
#include "judge/pipeline/runner_session.h"
#include "judge/pipeline/measurement.h"
#include "judge/pipeline/timing_guard.h"
#include "judge/pipeline/total_time_clock.h"
#include "judge/problem/inputs.h"
#include "judge/problem/tensor_storage.h"

namespace judge {

using json = nlohmann::json;

namespace {

using Clock = std::chrono::steady_clock;

// The verdict for a runner request that did not come back with "ok".
Verdict verdict_for(const RunnerOutcome& outcome) {
  switch (outcome.kind) {
    case RunnerOutcome::Kind::Ok: return Verdict::Accepted;
    case RunnerOutcome::Kind::CudaError:
    case RunnerOutcome::Kind::SolutionFault:
    case RunnerOutcome::Kind::Crashed:
    case RunnerOutcome::Kind::Hostile: return Verdict::RuntimeError;
    case RunnerOutcome::Kind::TimedOut: return Verdict::TimeLimitExceeded;
    case RunnerOutcome::Kind::LoadError: return Verdict::CompileError;
    case RunnerOutcome::Kind::JudgeBug: return Verdict::JudgeError;
  }
  return Verdict::JudgeError;
}

// Calls per case and pass: two, on different inputs, in one runner process.
constexpr int kSeedsPerPass = 2;

// The last resort behind the per-request deadlines (see judge_solution in
// judging.h): kills every child, says so, and exits with the TLE code.
[[noreturn]] void end_with_time_limit_exceeded(double limit_seconds, const std::filesystem::path& work_root) {
  char text[400];
  std::snprintf(text, sizeof text,
                "\njudge: TIME_LIMIT_EXCEEDED: the whole judging exceeded its limit of %.0f s "
                "(--total-time-limit, or derived) and had not ended %.0f s later; every process of the solution "
                "was killed\n",
                limit_seconds, kTotalTimeGraceSeconds);
  (void)!write(STDERR_FILENO, text, std::strlen(text));
  kill_leftover_children();
  remove_tree(work_root);  // whatever modes the solution gave its folders
  _exit(verdict_exit_code(Verdict::TimeLimitExceeded));
}

// One judging run's moving parts, so each stage reads as a short function.
class Judging {
 public:
  Judging(const Problem& problem, const Backend& backend, const JudgeOptions& options, JudgingProcesses& processes,
          const EventSink& emit, const ProgressSink& progress, const OwnProcessState& own_state)
      : m_problem(problem), m_backend(backend), m_options(options), m_processes(processes), m_emit(emit),
        m_progress(progress), m_own_state(own_state), m_random(std::random_device{}()),
        m_total_clock(kTotalTimeGraceSeconds, [work_root = options.work_root](double granted_seconds) {
          end_with_time_limit_exceeded(granted_seconds, work_root);
        }) {
    m_report.problem = problem.slug();
    m_report.dtype = dtype_name(problem.dtype);
    m_report.solution = options.solution_display.empty() ? options.solution.string() : options.solution_display;
    m_report.backend = backend;
    m_report.timing_kind = backend.kind == BackendKind::Cuda ? TimingKind::Gpu : TimingKind::CpuEmulated;
    m_report.sandbox = options.sandbox ? "on" : "DISABLED (--no-sandbox)";
    m_report.seed = options.seed;
    m_report.output_fill = options.output_fill;
    m_report.seed_given = options.seed_given;
    m_report.time_limit_rule = time_limit_rule();
    m_report.total_time_limit_rule = total_time_limit_rule();
  }

  JudgeReport run() {
    // Before compiling: a case the host cannot hold would end in the
    // kernel's out-of-memory kill halfway, blamed on nobody.
    const std::filesystem::path spill_directory =
        m_options.spill_directory.empty() ? std::filesystem::temp_directory_path() : m_options.spill_directory;
    std::error_code no_space;
    const std::filesystem::space_info space = std::filesystem::space(spill_directory, no_space);
    const HostMemoryPlan memory = plan_host_memory(m_problem, m_options, m_options.host_memory_available_bytes,
                                                   spill_directory, no_space ? 0 : space.available);
    if (memory.shortfall) {
      fail(Verdict::JudgeError, *memory.shortfall, "");
      return finish();
    }
    // Room in the work folder for one call of the largest case, before any
    // solution code exists: a disk full already is the judge's ERROR, said
    // as such; one that fills up later was filled by the solution (whose
    // runners' folders are removed as each ends: runner_session.cc).
    if (const TestCase* largest = largest_case(m_problem, m_options); largest && !m_options.work_root.empty()) {
      std::error_code unknown;
      const std::filesystem::space_info room = std::filesystem::space(m_options.work_root, unknown);
      const double needed = case_bytes(m_problem, *largest).total();
      if (!unknown && static_cast<double>(room.available) < needed) {
        char text[300];
        std::snprintf(text, sizeof text,
                      "the disk holding the work folder was full before any solution code ran: %.1f MiB free, "
                      "one call of case '%s' needs %.1f MiB",
                      room.available / 1048576.0, largest->name.c_str(), needed / 1048576.0);
        fail(Verdict::JudgeError, text, "");
        return finish();
      }
    }
    // Spilling is for this judging only.
    struct SpillScope {
      bool active = false;
      ~SpillScope() {
        if (active) tensor_storage::spill_large_tensors(std::nullopt);
      }
    } spill_scope;
    if (memory.spill) {
      m_spill_policy = tensor_storage::SpillPolicy{spill_directory, m_options.spill_min_bytes};
      spill_scope.active = true;
      m_report.host_memory = memory.note;
    }
    if (!compile()) return finish();
    judge_runs();
    m_total_clock.stop();
    return finish();
  }

  // The first report says what changed in the judge's own process, if
  // anything did (a solution's runner can prlimit and renice its parent).
  void note_own_process_changes() {
    if (m_report.judge_process_changed) return;
    const std::string changes = own_state_changes(m_own_state);
    if (changes.empty()) return;
    m_report.judge_process_changed = true;  // from now on fail() keeps this verdict
    m_report.verdict = Verdict::RuntimeError;
    m_report.message = "solution code changed the judge's own process from its runner (" + changes +
                       "); the judging was stopped";
  }

  // The checks, each pass on inputs of its own (a pass cannot replay
  // another's answers), then the benchmark. The total time limit's clock
  // starts here.
  void judge_runs() {
    const bool shuffled_pass = runs_shuffled_pass();
    if (!derives_total_time_limit()) {
      grant_time(m_options.total_time_limit);
    } else {
      std::vector<CaseBudget> budgets;
      if (m_options.check_tier) budgets = case_budgets(cases_of(*m_options.check_tier));
      grant_time(check_stage_budget(budgets, kSeedsPerPass * (shuffled_pass ? 2 : 1)));
    }
    if (m_options.check_tier) {
      const Tier tier = *m_options.check_tier;
      if (!check(tier, CheckPass::Natural, {m_options.seed, m_options.seed + 1}, std::nullopt)) return;
      if (shuffled_pass) {
        if (!check(tier, CheckPass::Shuffled, {m_options.seed + 2, m_options.seed + 3}, m_options.seed)) return;
      }
    }
    if (m_options.benchmark) benchmark();
  }

 private:
  // The CPU backend's shuffled pass, the one meant to expose a missing
  // __syncthreads.
  bool runs_shuffled_pass() const {
    return m_backend.kind == BackendKind::Cpu && m_options.shuffled_check && m_options.check_tier.has_value();
  }

  // The solution's library; on the CPU backend with a shuffled pass, also a
  // build for that pass where every synchronisation a thread can observe is
  // one of the source's barriers: split kernels (harness/cpu/compiler/
  // split_barriers.h) gain barriers at region boundaries, which could hide a
  // missing one, so that build splits only the kernels where no added
  // barrier can be observed (added_barriers.h) and runs the others on
  // fibers. The natural pass and the benchmark use the usual split build.
  bool compile() {
    m_report.compiler_version = m_processes.compiler_version(m_backend);
    m_emit(CompilingEvent{.backend = m_backend.name(),
                          .reason = m_backend.reason,
                          .compiler = m_report.compiler_version,
                          .host_memory = m_report.host_memory});
    if (!compile_build(m_backend, m_report.compile_command, m_library)) return false;
    if (!runs_shuffled_pass() || !m_backend.split_barriers) {
      m_shuffled_library = m_library;
      return true;
    }
    Backend exact = m_backend;
    exact.exact_barriers = true;
    return compile_build(exact, m_report.shuffled_compile_command, m_shuffled_library);
  }

  // Each build's private folder has a random name: the runner sees the
  // path it loads, and a name such as "exact" would tell the passes apart.
  bool compile_build(const Backend& backend, std::string& command, std::filesystem::path& library) {
    char private_name[32];
    std::snprintf(private_name, sizeof private_name, "build-%016llx", static_cast<unsigned long long>(m_random()));
    CompileSettings settings;
    settings.cache_root = m_options.cache_root;
    settings.private_dir = m_options.work_root / private_name;
    settings.timeout_seconds = m_options.compile_time_limit;
    settings.sandbox = m_options.sandbox;
    settings.confine = m_backend.confine;
    settings.readable = m_backend.compiler_files;
    settings.compiler_memory_bytes = m_options.compiler_memory_bytes;
    settings.cache_max_bytes = m_options.cache_max_bytes;
    CompileOutcome outcome = m_processes.compile(m_options.solution, m_problem.signature(), backend,
                                                 m_report.compiler_version, settings);
    command = outcome.command;
    // The hash of the bytes compiled, read without following a link.
    m_report.solution_hash = outcome.source_hash;
    if (!outcome.ok) return fail(Verdict::CompileError, outcome.log, "");
    library = outcome.library;
    return true;
  }

  // Opens a runner and, unless `load_solution` is false (the calibration
  // runner holds no solution), loads the library; false (with a verdict) on failure.
  bool open_session(std::unique_ptr<Runner>& session, const std::string& name, bool load_solution,
                    const std::map<std::string, std::string>& env) {
    return open_session(session, name, load_solution, env, m_library);
  }

  // As above, loading `library` (the shuffled pass's build, say).
  bool open_session(std::unique_ptr<Runner>& session, const std::string& name, bool load_solution,
                    const std::map<std::string, std::string>& env, const std::filesystem::path& library,
                    std::optional<uint64_t> thread_order_seed = std::nullopt) {
    session = m_processes.start_runner(m_backend, env, m_options.work_root, name,
                                       confinement(library, thread_order_seed));
    if (!load_solution) return true;
    // The runner's sandbox line and device, read before solution code could forge them.
    const RunnerOutcome ready = counted(session->ping(request_timeout()));
    if (ready.kind != RunnerOutcome::Kind::Ok) {
      if (m_report.judge_process_changed) return false;
      if (ready.kind == RunnerOutcome::Kind::TimedOut && m_total_clock.expired()) {
        return fail(Verdict::TimeLimitExceeded, ready.message, "");
      }
      return fail(Verdict::JudgeError, "the runner did not start: " + ready.message, "");
    }
    note_sandbox(*session);
    // Kept only as an object (the runner's reply is parsed as hostile input anyway).
    const nlohmann::json properties = ready.reply.value("device_properties", nlohmann::json());
    m_report.device_properties = properties.is_object() ? properties : nlohmann::json();
    RunnerOutcome loaded = counted(session->load(library, request_timeout()));
    if (loaded.kind == RunnerOutcome::Kind::Ok) return true;
    if (m_report.judge_process_changed) return false;
    return fail(verdict_for(loaded), "the compiled solution could not be loaded: " + loaded.message, "");
  }

  RunnerConfinement confinement(const std::filesystem::path& library,
                                std::optional<uint64_t> thread_order_seed = std::nullopt) const {
    RunnerConfinement confinement;
    confinement.thread_order_seed = thread_order_seed;
    confinement.sandbox = m_options.sandbox;
    confinement.memory_bytes = m_options.memory_limit_bytes;
    confinement.thread_limit = m_options.thread_limit;
    confinement.exchange_bytes = m_options.exchange_limit_bytes;
    confinement.readable = {library.parent_path()};
    return confinement;
  }

  // The runner's own line on what its sandbox enforces, for the report.
  void note_sandbox(const Runner& session) {
    const std::string log = session.log_tail(64 * 1024);
    const std::string prefix = "runner: sandbox on: ";
    const std::size_t at = log.find(prefix);
    if (at == std::string::npos) return;
    const std::size_t start = at + prefix.size();
    const std::size_t end = log.find('\n', start);
    m_report.sandbox = log.substr(start, end == std::string::npos ? std::string::npos : end - start);
  }

  // Every request's outcome, before the judge acts on it: a request cut
  // short by the total deadline says so, and a change the solution made to
  // the judge's own process from its runner ends the judging as the
  // solution's RUNTIME_ERROR (see note_own_process_changes).
  RunnerOutcome counted(RunnerOutcome outcome) {
    if (outcome.kind == RunnerOutcome::Kind::TimedOut && m_total_clock.expired()) {
      outcome.message = total_limit_text() + "; it ran out during this request: " + outcome.message;
    }
    note_own_process_changes();
    if (m_report.judge_process_changed) {
      outcome.kind = RunnerOutcome::Kind::Hostile;
      outcome.message = m_report.message;
    }
    return outcome;
  }

  bool derives_time_limits() const {
    return m_backend.kind == BackendKind::Cpu && !m_options.case_time_limit_given;
  }

  bool derives_total_time_limit() const {
    return m_backend.kind == BackendKind::Cpu && !m_options.total_time_limit_given;
  }

  std::string total_time_limit_rule() const {
    if (derives_total_time_limit()) {
      return "CPU backend: derived stage by stage from the per-call limits (the check passes' calls at their "
             "limits plus preparation, at least " + std::to_string(static_cast<int>(kDefaultTotalTimeLimitSeconds)) +
             " s; then the benchmark's runs; --total-time-limit sets one)";
    }
    char text[200];
    std::snprintf(text, sizeof text, "%g s (%s)", m_options.total_time_limit,
                  m_options.total_time_limit_given ? "--total-time-limit" : "the default; --total-time-limit sets another");
    return text;
  }

  // `seconds` more on the total time limit's clock, counted from now.
  void grant_time(double seconds) {
    m_total_clock.grant(seconds);
    m_report.total_time_limit_seconds = m_total_clock.granted_seconds();
  }

  // Each case's per-call limit and preparation time (preparing its first
  // call now, if not yet done).
  std::vector<CaseBudget> case_budgets(const std::vector<const TestCase*>& cases) {
    std::vector<CaseBudget> budgets;
    for (const TestCase* test_case : cases) {
      const double limit = case_limit(*test_case);
      budgets.push_back({limit, m_reference_seconds[test_case->name]});
    }
    return budgets;
  }

  std::string time_limit_rule() const {
    char text[300];
    if (derives_time_limits()) {
      std::snprintf(text, sizeof text,
                    "CPU backend: %.0fx the reference's time on each case on this machine, at least %.0f s per call "
                    "(--time-limit sets one for every case)",
                    kCpuLimitFactor, kCpuLimitFloorSeconds);
    } else {
      std::snprintf(text, sizeof text, "%g s per call (%s)", m_options.case_time_limit,
                    m_options.case_time_limit_given ? "--time-limit" : "the default; --time-limit sets another");
    }
    return text;
  }

  // The per-call limit of a case: derived on the CPU backend from the
  // reference's time on it (measured when its inputs are prepared).
  double case_limit(const TestCase& test_case) {
    if (!derives_time_limits()) return m_options.case_time_limit;
    auto it = m_reference_seconds.find(test_case.name);
    if (it == m_reference_seconds.end()) {
      call_data(test_case, m_options.seed);  // measures it
      // Kept for the pass that runs it only while the calls prepared
      // ahead stay small; a large case is prepared again when it runs.
      if (prepared_bytes() > kPreparedAheadBytes) release_call(test_case, m_options.seed);
      it = m_reference_seconds.find(test_case.name);
    }
    return derived_cpu_time_limit(it->second);
  }

  void report_progress(const std::string& activity, double limit_seconds = 0, double expected_seconds = 0,
                       const std::string& basis = "") {
    if (m_progress) m_progress(Progress{activity, expected_seconds, basis, limit_seconds});
  }

  // The cases of a tier this judging runs: all, or the one --case names.
  std::vector<const TestCase*> cases_of(Tier tier) const {
    std::vector<const TestCase*> cases = m_problem.cases.tier(tier);
    if (m_options.only_case.empty()) return cases;
    std::vector<const TestCase*> chosen;
    for (const TestCase* test_case : cases) {
      if (test_case->name == m_options.only_case) chosen.push_back(test_case);
    }
    return chosen;
  }

  std::string total_limit_text() const {
    return "the whole judging exceeded its limit of " +
           std::to_string(static_cast<int>(m_total_clock.granted_seconds())) +
           (derives_total_time_limit()
                ? " s (derived on the CPU backend from the per-call limits; --total-time-limit sets one)"
                : " s (--total-time-limit: wall-clock time after compiling)");
  }

  // Seconds a request may take: the per-call limit, or what is left of the
  // whole judging's, whichever is less. Requests that run no solution code
  // on a case (start-up, loading) get the fixed limit.
  double request_timeout(double call_limit = 0) const {
    const double limit = call_limit > 0 ? call_limit : m_options.case_time_limit;
    return std::max(0.001, std::min(limit, m_total_clock.seconds_left()));
  }

  bool time_left(const std::string& case_name) {
    if (!m_total_clock.expired()) return true;
    return fail(Verdict::TimeLimitExceeded, total_limit_text(), case_name);
  }

  // A call's inputs and expected outputs, prepared when first needed and
  // kept until release_call: the judge holds a call's data only until it
  // has run, never a whole tier's.
  static std::string call_key(const TestCase& test_case, uint64_t seed) {
    return test_case.name + "#" + std::to_string(seed);
  }

  void release_call(const TestCase& test_case, uint64_t seed) { m_calls.erase(call_key(test_case, seed)); }

  double prepared_bytes() const {
    double bytes = 0;
    for (const auto& [key, call] : m_calls) bytes += case_bytes(m_problem, *call.test_case).total();
    return bytes;
  }

  const CallData& call_data(const TestCase& test_case, uint64_t seed) {
    const std::string key = call_key(test_case, seed);
    auto it = m_calls.find(key);
    if (it == m_calls.end()) {
      report_progress("preparing '" + test_case.name + "': inputs (seed " + std::to_string(seed) +
                      ") and the reference's outputs");
      // Only a case that does not fit in memory spills: the disk is slower.
      const bool spill =
          m_spill_policy && !fits_in_memory(m_problem, test_case, m_options.host_memory_available_bytes);
      tensor_storage::spill_large_tensors(spill ? m_spill_policy : std::nullopt);
      const auto start = Clock::now();
      it = m_calls.emplace(key, prepare_call(m_problem, test_case, seed, m_options.output_fill)).first;
      const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
      double& slowest = m_reference_seconds[test_case.name];
      slowest = std::max(slowest, seconds);
      report_progress("");
    }
    return it->second;
  }

  // Every case of the tier, one call per seed (two, with different inputs,
  // in one runner process, so a solution that replays an earlier answer
  // fails; each pass has seeds of its own, so no pass can replay another's).
  // The thread order is the runner's to fix before it loads the solution:
  // no argument, environment variable or folder name tells the passes apart.
  bool check(Tier tier, CheckPass pass, const std::vector<uint64_t>& seeds,
             std::optional<uint64_t> thread_order_seed) {
    const std::vector<const TestCase*> cases = cases_of(tier);
    const std::string pass_text = check_pass_name(pass);
    m_emit(CheckingEvent{.tier = tier,
                         .pass = pass,
                         .total_tests = cases.size(),
                         .time_limit_rule = m_report.time_limit_rule,
                         .total_time_limit_rule = m_report.total_time_limit_rule,
                         .total_time_limit_seconds = m_report.total_time_limit_seconds});
    std::unique_ptr<Runner> session;
    const std::filesystem::path& library = pass == CheckPass::Shuffled ? m_shuffled_library : m_library;
    if (!open_session(session, "check-" + pass_text, /*load_solution=*/true, {}, library, thread_order_seed)) {
      return false;
    }
    std::size_t passed = 0;
    for (std::size_t index = 0; index < cases.size(); ++index) {
      const TestCase& test_case = *cases[index];
      if (!time_left(test_case.name)) return false;
      CaseReport report{test_case.name, tier, pass};
      report.flops = m_problem.definition->flops(test_case.args);
      double seconds = 0;
      double previous_run_seconds = 0;
      for (uint64_t seed : seeds) {
        const CallData& call = call_data(test_case, seed);
        report.time_limit_seconds = case_limit(test_case);
        Downloads downloads;
        const std::string activity =
            "running '" + test_case.name + "' (" + pass_text + " pass, seed " + std::to_string(seed) + ")";
        // The previous seed's run predicts this one; the reference's time
        // only hints (an emulated kernel may be many times slower).
        if (previous_run_seconds > 0) {
          report_progress(activity, report.time_limit_seconds, previous_run_seconds, "the previous seed's run");
        } else {
          char hint[64];
          std::snprintf(hint, sizeof hint, "; the reference took %.1f s", m_reference_seconds[test_case.name]);
          report_progress(activity + hint, report.time_limit_seconds);
        }
        const auto start = Clock::now();
        RunnerOutcome outcome = counted(
            session->run(m_problem.signature(), call, request_timeout(report.time_limit_seconds), downloads));
        previous_run_seconds = std::chrono::duration<double>(Clock::now() - start).count();
        seconds += previous_run_seconds;
        if (outcome.kind == RunnerOutcome::Kind::Ok && outcome.reply.contains("seconds") &&
            outcome.reply["seconds"].is_number()) {
          report.call_seconds += outcome.reply["seconds"].get<double>();
        }
        report_progress("checking the outputs of '" + test_case.name + "'");
        const std::string where = "with input seed " + std::to_string(seed) + " (" + pass_text + " pass): ";
        if (outcome.kind != RunnerOutcome::Kind::Ok) {
          report.verdict = verdict_for(outcome);
          report.message = m_report.judge_process_changed ? outcome.message : where + outcome.message;
        } else if (auto wrong = check_call(m_problem, call, downloads)) {
          report.verdict = Verdict::WrongAnswer;
          report.message = where + *wrong;
        }
        release_call(test_case, seed);
        if (report.verdict != Verdict::Accepted) break;
      }
      report_progress("");
      report.seconds = seconds;
      m_report.checks.push_back(report);
      m_emit(TestResultEvent{.case_name = test_case.name,
                             .tier = tier,
                             .pass = pass,
                             .index = index + 1,
                             .total_tests = cases.size(),
                             .passed = report.verdict == Verdict::Accepted,
                             .seconds = report.seconds,
                             .time_limit_seconds = report.time_limit_seconds});
      if (report.verdict != Verdict::Accepted) {
        return fail(report.verdict, report.message, test_case.name);
      }
      ++passed;
    }
    m_emit(CheckedEvent{.tier = tier, .pass = pass, .passed_tests = passed, .total_tests = cases.size()});
    return true;
  }

  // The benchmark (measurement.h; README.md in this folder says why its
  // figures hold). The overhead of every case's batch sizes is calibrated
  // while no solution code exists (the check passes' runners have ended,
  // the solution's bench runner is not started or has ended), so a
  // solution cannot slow, renice or starve it: empty batches in a runner
  // that never holds solution code, before the timed batches and again,
  // for the sizes chosen, after them, so that a load that drifted in
  // between widens the noise bound rather than the figure. In the
  // solution's runner, each case's warm-up call, whose time by the judge's
  // clock picks the batch size, then timed batches until the stopping rule
  // is met or, under a budget (BenchSettings::budget_seconds), the case's
  // share of it is spent. Every call is on inputs of its own, from the
  // judge's random source, and every call's outputs are verified.
  bool benchmark() {
    // The budget (BenchSettings::budget_seconds) counts from here: the
    // preparation below is part of the wait.
    const Clock::time_point stage_start = Clock::now();
    const std::vector<const TestCase*> cases = cases_of(m_options.bench_tier);
    // Derived limits need the reference's time on each case: measured now,
    // while no solution code runs (with a derived total, off its clock:
    // no runner exists while the cases are prepared).
    const bool derived_total = derives_total_time_limit();
    if (derived_total) m_total_clock.pause();
    std::vector<double> limits;
    for (const TestCase* test_case : cases) {
      if (!derived_total && !time_left(test_case->name)) return false;
      limits.push_back(case_limit(*test_case));
    }
    if (derived_total) grant_time(bench_budget(cases));
    m_emit(
        BenchmarkingEvent{.tier = m_options.bench_tier, .timing = m_report.timing_kind, .total_tests = cases.size()});
    std::vector<std::vector<Overhead>> before;
    std::vector<std::vector<int>> all_sizes;
    for (const TestCase* test_case : cases) {
      all_sizes.push_back(batch_sizes_of(*test_case));
    }
    const Clock::time_point calibration_start = Clock::now();
    if (!calibrate_cases("calibrate", cases, all_sizes, /*at_least_under_budget=*/2, before)) return false;
    // Kept for the calibration after the timed batches, which measures
    // one size per case where this one measured up to three: at most
    // what this one took, and at most its half of the calibrations' share.
    const BenchBudget budget(m_options.bench.budget_seconds);
    const double reserved_seconds =
        std::min(seconds_since(calibration_start), BenchBudget::kCalibrationFraction / 2 * budget.seconds());
    // The cases are timed cheapest first (by the bytes a call moves): under
    // a budget, a cheap case takes little of it and leaves the rest to the
    // costly ones after it, where timed after them it would find the
    // budget spent. The report keeps the tier's order.
    std::vector<std::size_t> order(cases.size());
    for (std::size_t index = 0; index < cases.size(); ++index) order[index] = index;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return case_bytes(m_problem, *cases[a]).total() < case_bytes(m_problem, *cases[b]).total();
    });
    std::unique_ptr<Runner> session;
    if (!open_session(session, "bench", /*load_solution=*/true, {})) return false;
    for (std::size_t step = 0; step < order.size(); ++step) {
      const std::size_t index = order[step];
      const TestCase* test_case = cases[index];
      if (!time_left(test_case->name)) return false;
      CaseReport report{test_case->name, m_options.bench_tier, CheckPass::Natural};
      report.flops = m_problem.definition->flops(test_case->args);
      report.time_limit_seconds = limits[index];
      report.benchmarked = true;
      // In the report from the start, so a judging cut short shows the cases timed so far.
      m_report.benchmarks.push_back(report);
      const double share = budget.case_share(seconds_since(stage_start), reserved_seconds, cases.size() - step);
      // The runner has run a call (the previous case's) once past the first case.
      const bool runner_warm = step > 0;
      if (!measure_case(*session, *test_case, report.time_limit_seconds, before[index], share, runner_warm,
                        m_report.benchmarks.back())) {
        m_report.benchmarks.pop_back();
        return false;
      }
    }
    session.reset();
    std::vector<CaseReport> timed = std::move(m_report.benchmarks);
    m_report.benchmarks.assign(cases.size(), CaseReport{});
    for (std::size_t step = 0; step < order.size(); ++step) m_report.benchmarks[order[step]] = std::move(timed[step]);
    std::vector<std::vector<int>> chosen;
    for (const CaseReport& report : m_report.benchmarks) chosen.push_back({report.measurement.calls_per_batch});
    std::vector<std::vector<Overhead>> after;
    // Under a budget one empty batch at least: with the two at least
    // before, the overhead still has a spread.
    if (!calibrate_cases("calibrate-after", cases, chosen, /*at_least_under_budget=*/1, after)) return false;
    for (std::size_t index = 0; index < cases.size(); ++index) {
      CaseReport& report = m_report.benchmarks[index];
      CaseMeasurement& measurement = report.measurement;
      measurement.overhead = combined(measurement.overhead, after[index].front());
      measurement.noise_bound_ms = noise_bound_ms(measurement.overhead);
      report.timing = summarise(per_call_figures(measurement.batch_ms, measurement.overhead), report.flops);
      m_emit(BenchmarkResultEvent{.case_name = report.name,
                                  .timing = m_report.timing_kind,
                                  .runs = report.timing.times_ms.size(),
                                  .median_ms = report.timing.median_ms,
                                  .mean_ms = report.timing.mean_ms,
                                  .min_ms = report.timing.min_ms,
                                  .max_ms = report.timing.max_ms,
                                  .stddev_ms = report.timing.stddev_ms,
                                  .gflops = report.timing.gflops,
                                  .calls_per_batch = measurement.calls_per_batch,
                                  .noise_bound_ms = measurement.noise_bound_ms,
                                  .event_median_ms = median_event_ms(measurement)});
    }
    // The overall figures rank: each case at ranked_ms (statistics.h).
    std::vector<double> medians_ms, gflops;
    for (const CaseReport& report : m_report.benchmarks) {
      medians_ms.push_back(ranked_ms(report.timing.median_ms, report.measurement.noise_bound_ms));
      gflops.push_back(gflops_in(report.flops, medians_ms.back()));
    }
    m_report.geomean_ms = geometric_mean(medians_ms);
    m_report.geomean_gflops = geometric_mean(gflops);
    m_emit(overall_figures());
    return true;
  }

  // The batch sizes to calibrate for `test_case`: within the batch limits,
  // and within the exchange folder's cap, which a batch's files (every
  // call's inputs and outputs, and any input it changed) must fit under
  // at once.
  std::vector<int> batch_sizes_of(const TestCase& test_case) const {
    BatchLimits limits = m_options.bench.batches;
    if (m_options.exchange_limit_bytes > 0) {
      limits.max_bytes = std::min(limits.max_bytes, static_cast<double>(m_options.exchange_limit_bytes) / 2);
    }
    return batch_sizes(limits, case_bytes(m_problem, test_case).total());
  }

  // The benchmark's share of a derived total: its warm-up and minimum
  // batches at the per-call limit, its measuring budget, and the judge's
  // own preparation and request overhead for every request it may send.
  double bench_budget(const std::vector<const TestCase*>& cases) {
    const BenchSettings& settings = m_options.bench;
    double seconds = 0;
    for (const TestCase* test_case : cases) {
      const std::vector<int> sizes = batch_sizes_of(*test_case);
      int calibration_calls = 0;
      for (int calls : sizes) calibration_calls += calls * (settings.batches.calibration_batches + 1);
      const double preparation = m_reference_seconds[test_case->name];
      const double timed_calls = settings.warmup + static_cast<double>(settings.stopping.max_runs) * sizes.back();
      seconds += bench_stage_budget({{case_limit(*test_case), preparation}}, settings.warmup, 0, settings.stopping) +
                 settings.batches.max_batch_seconds * static_cast<double>(settings.stopping.min_runs) +
                 calibration_calls * kRunOverheadSeconds / 10 + timed_calls * preparation;
    }
    return seconds;
  }

  // The overhead of each case's batch sizes (`sizes`, one list per case;
  // measurement.h), measured in a fresh runner named `runner_name` that
  // never holds solution code. Cases whose requests move the same tensors
  // (the same bytes per parameter: a problem's cases that differ only in
  // scalars) share one calibration of each size. The runner's first
  // request pays its one-time set-up (the CUDA runtime, its flush buffer)
  // and is left out: an empty batch of one call of the smallest case.
  // Each size keeps calibration_batches empty batches; under a budget, no
  // more than fit the share of it (BenchBudget::calibration_share), and
  // `at_least_under_budget` at least, so that the noise bound is a spread.
  bool calibrate_cases(const std::string& runner_name, const std::vector<const TestCase*>& cases,
                       const std::vector<std::vector<int>>& sizes, std::size_t at_least_under_budget,
                       std::vector<std::vector<Overhead>>& overheads) {
    kill_leftover_children();  // none should be left; one that escaped (only without the sandbox) goes now
    const BatchLimits& batches = m_options.bench.batches;
    const BenchBudget budget(m_options.bench.budget_seconds);
    const std::size_t wanted = static_cast<std::size_t>(std::max(batches.calibration_batches, 1));
    const std::size_t at_least = budget.limited() ? std::min(at_least_under_budget, wanted) : wanted;
    std::set<std::vector<double>> footprints;
    for (const TestCase* test_case : cases) footprints.insert(tensor_bytes(m_problem, *test_case));
    const double share = budget.calibration_share(footprints.size());
    std::unique_ptr<Runner> calibration;
    if (!open_session(calibration, runner_name, /*load_solution=*/false, {})) return false;
    // One empty batch of `calls` calls on `call`'s tensors; false (with a verdict) on failure.
    auto empty_batch = [&](const CallData& call, int calls, const std::string& case_name, double& round_trip_ms) {
      const std::vector<const CallData*> batch(static_cast<std::size_t>(calls), &call);
      std::vector<Downloads> downloads;
      RunnerOutcome outcome =
          counted(calibration->time(m_problem.signature(), batch, request_timeout(), downloads, /*empty=*/true));
      round_trip_ms = outcome.round_trip_ms;
      if (outcome.kind == RunnerOutcome::Kind::Ok) return true;
      if (m_report.judge_process_changed) return false;
      if (outcome.kind == RunnerOutcome::Kind::TimedOut && m_total_clock.expired()) {
        return fail(Verdict::TimeLimitExceeded, outcome.message, case_name);
      }
      // No solution code exists while calibrating: a failure here is the judge's.
      return fail(Verdict::JudgeError, "calibrating the benchmark's overhead failed: " + outcome.message, case_name);
    };
    if (!cases.empty()) {
      const TestCase* smallest = *std::min_element(cases.begin(), cases.end(), [&](const TestCase* a, const TestCase* b) {
        return case_bytes(m_problem, *a).total() < case_bytes(m_problem, *b).total();
      });
      if (!time_left(smallest->name)) return false;
      report_progress("calibrating the benchmark's overhead: starting its runner (no solution loaded)");
      const CallData call = generate_call(m_problem, *smallest, m_random(), m_options.output_fill);
      double ignored_ms = 0;
      if (!empty_batch(call, 1, smallest->name, ignored_ms)) return false;
    }
    std::map<std::pair<std::vector<double>, int>, Overhead> calibrated;
    for (std::size_t index = 0; index < cases.size(); ++index) {
      const TestCase* test_case = cases[index];
      const std::vector<double> footprint = tensor_bytes(m_problem, *test_case);
      std::vector<Overhead> case_overheads;
      std::optional<CallData> call;  // generated only if a size of this footprint is not calibrated yet
      const Clock::time_point footprint_start = Clock::now();
      for (std::size_t size = 0; size < sizes[index].size(); ++size) {
        const int calls = sizes[index][size];
        auto known = calibrated.find({footprint, calls});
        if (known != calibrated.end()) {
          case_overheads.push_back(known->second);
          continue;
        }
        if (!time_left(test_case->name)) return false;
        report_progress("calibrating the benchmark's overhead on '" + test_case->name + "' (no solution loaded)");
        // Empty calls ignore their inputs' values: one set serves every call.
        if (!call) call = generate_call(m_problem, *test_case, m_random(), m_options.output_fill);
        // What is left of the footprint's share, evenly for its sizes left.
        const double size_share = (share - seconds_since(footprint_start)) /
                                  static_cast<double>(sizes[index].size() - size);
        const Clock::time_point size_start = Clock::now();
        std::vector<double> round_trips;
        while (calibrate_more(round_trips.size(), wanted, at_least, seconds_since(size_start), size_share)) {
          double round_trip_ms = 0;
          if (!empty_batch(*call, calls, test_case->name, round_trip_ms)) return false;
          round_trips.push_back(round_trip_ms);
        }
        case_overheads.push_back(calibrated[{footprint, calls}] = overhead_of(calls, round_trips));
      }
      overheads.push_back(case_overheads);
    }
    report_progress("");
    return true;
  }

  static double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
  }

  // One case in the solution's runner: warm-up calls (verified, not
  // counted: they pay one-time set-up such as worker pools), the last of
  // which estimates a call by the judge's clock and so picks the batch
  // size; then timed batches until the stopping rule is met, or, under a
  // budget, until the case's `share_seconds` of it is spent (one batch at
  // least). Under a budget, a warm-up call in a runner that has run calls
  // before (`runner_warm`) pays no set-up: where the batch size chosen is
  // one call, it is the first timed batch, as timed and verified as the
  // rest.
  bool measure_case(Runner& session, const TestCase& test_case, double call_limit,
                    const std::vector<Overhead>& calibrated, double share_seconds, bool runner_warm,
                    CaseReport& report) {
    const BenchSettings& settings = m_options.bench;
    const Clock::time_point case_start = Clock::now();
    double estimate_ms = 0;
    Batch warmup;
    double warmup_seconds = 0;
    for (int run = 0; run < std::max(settings.warmup, 1); ++run) {
      if (!time_left(test_case.name)) return false;
      report_progress("benchmarking '" + test_case.name + "': warm-up call " + std::to_string(run + 1), call_limit,
                      estimate_ms / 1000, "the previous call");
      warmup = Batch{};
      const Clock::time_point start = Clock::now();
      if (!timed_batch(session, test_case, 1, call_limit, warmup)) return false;
      warmup_seconds = seconds_since(start);
      estimate_ms = per_call_ms(warmup.round_trip_ms, calibrated.front());
    }
    CaseMeasurement& measurement = report.measurement;
    const Overhead& overhead = choose_batch(calibrated, estimate_ms, settings.batches);
    measurement.calls_per_batch = overhead.calls;
    measurement.overhead = overhead;
    measurement.noise_bound_ms = noise_bound_ms(overhead);
    CaseProgress progress;
    progress.noise_bound_ms = measurement.noise_bound_ms;
    progress.share_seconds = share_seconds;
    auto record = [&](const Batch& batch, double wall_seconds) {
      progress.figures_ms.push_back(per_call_ms(batch.round_trip_ms, overhead));
      progress.measured_seconds += batch.round_trip_ms / 1000;
      progress.next_run_seconds = wall_seconds;
      progress.spent_seconds = seconds_since(case_start);
      measurement.batch_ms.push_back(batch.round_trip_ms);
      measurement.event_ms.push_back(batch.event_ms / overhead.calls);
      measurement.input_seeds.insert(measurement.input_seeds.end(), batch.seeds.begin(), batch.seeds.end());
    };
    const bool warmup_counts = BenchBudget(settings.budget_seconds).limited() && overhead.calls == 1 &&
                               settings.warmup == 1 && runner_warm;
    if (warmup_counts) record(warmup, warmup_seconds);
    StopReason reason = StopReason::Continue;
    while ((reason = stop_reason(settings.stopping, progress)) == StopReason::Continue) {
      if (!time_left(test_case.name)) return false;
      report_progress(bench_activity(test_case, progress.figures_ms, overhead.calls, settings),
                      call_limit * overhead.calls, estimate_ms * overhead.calls / 1000, "the warm-up call");
      Batch batch;
      const Clock::time_point start = Clock::now();
      if (!timed_batch(session, test_case, overhead.calls, call_limit, batch)) return false;
      record(batch, seconds_since(start));
    }
    measurement.stop_reason = stop_reason_name(reason);
    measurement.case_seconds = seconds_since(case_start);
    report_progress("");
    report.timing = summarise(progress.figures_ms, report.flops);
    return true;
  }

  // The median of a case's per-call event times: the runner's own measure,
  // shown beside the judge's figure as a diagnostic.
  static double median_event_ms(const CaseMeasurement& measurement) {
    return summarise(measurement.event_ms, 0).median_ms;
  }

  // "benchmarking 'x': batch 7 of at most 200 (16 calls each), rse 3.2% (target 1%)".
  static std::string bench_activity(const TestCase& test_case, const std::vector<double>& figures_ms, int calls,
                                    const BenchSettings& settings) {
    char text[240];
    const std::size_t batch = figures_ms.size() + 1;
    if (figures_ms.size() < 2) {
      std::snprintf(text, sizeof text, "benchmarking '%s': batch %zu of at most %zu (%d calls each)",
                    test_case.name.c_str(), batch, settings.stopping.max_runs, calls);
    } else {
      std::snprintf(text, sizeof text,
                    "benchmarking '%s': batch %zu of at most %zu (%d calls each), rse %.1f%% (target %.1f%%)",
                    test_case.name.c_str(), batch, settings.stopping.max_runs, calls,
                    100 * relative_standard_error(figures_ms), 100 * settings.stopping.target_rse);
    }
    return text;
  }

  // What one timed batch gave: the judge's clock around it, the runner's
  // own event time summed over its calls, and its calls' input seeds.
  struct Batch {
    double round_trip_ms = 0;
    double event_ms = 0;
    std::vector<uint64_t> seeds;
  };

  // A timed batch of `calls` calls, each on fresh inputs (seeds from the
  // judge's random source, so no solution can predict or replay them), and
  // every call's outputs verified after the judge's clock stopped.
  bool timed_batch(Runner& session, const TestCase& test_case, int calls, double call_limit, Batch& batch) {
    std::vector<CallData> data;
    data.reserve(static_cast<std::size_t>(calls));
    for (int k = 0; k < calls; ++k) {
      batch.seeds.push_back(m_random());
      data.push_back(generate_call(m_problem, test_case, batch.seeds.back(), m_options.output_fill));
    }
    std::vector<const CallData*> pointers;
    for (const CallData& call : data) pointers.push_back(&call);
    std::vector<Downloads> downloads;
    RunnerOutcome outcome =
        counted(session.time(m_problem.signature(), pointers, request_timeout(call_limit * calls), downloads));
    if (outcome.kind != RunnerOutcome::Kind::Ok) return fail(verdict_for(outcome), outcome.message, test_case.name);
    batch.round_trip_ms = outcome.round_trip_ms;
    for (const nlohmann::json& ms : outcome.reply["event_ms"]) batch.event_ms += ms.get<double>();
    if (auto forged = impossible_claim(batch.event_ms, batch.round_trip_ms)) {
      return fail(Verdict::RuntimeError, *forged, test_case.name);
    }
    for (int k = 0; k < calls; ++k) {
      report_progress("checking the outputs of '" + test_case.name + "' (timed call " + std::to_string(k + 1) +
                      " of " + std::to_string(calls) + ")");
      compute_expected(m_problem, test_case, data[k].tensors);
      if (auto wrong = check_call(m_problem, data[k], downloads[k])) {
        return fail(Verdict::WrongAnswer,
                    "a timed call (input seed " + std::to_string(batch.seeds[k]) + ") gave a wrong result: " + *wrong,
                    test_case.name);
      }
      data[k] = CallData{};  // its tensors are no longer needed
    }
    return true;
  }

  // The benchmark's overall figures, as BENCHMARKED and an ACCEPTED verdict say them.
  BenchmarkedEvent overall_figures() const {
    return {
        .timing = m_report.timing_kind, .avg_runtime_ms = m_report.geomean_ms, .avg_gflops = m_report.geomean_gflops};
  }

  bool fail(Verdict verdict, const std::string& message, const std::string& case_name) {
    // A change to the judge's own process is the fault that stays reported.
    if (m_report.judge_process_changed) return false;
    m_report.verdict = verdict;
    m_report.message = (case_name.empty() ? "" : "case '" + case_name + "': ") + message;
    return false;
  }

  JudgeReport finish() {
    note_own_process_changes();
    VerdictEvent event{.verdict = m_report.verdict, .message = m_report.message};
    if (m_report.verdict == Verdict::Accepted && !m_report.benchmarks.empty()) event.figures = overall_figures();
    m_emit(event);
    return m_report;
  }

  const Problem& m_problem;
  const Backend& m_backend;
  const JudgeOptions& m_options;
  JudgingProcesses& m_processes;
  const EventSink& m_emit;
  const ProgressSink& m_progress;
  const OwnProcessState& m_own_state;  // the judge's limits and scheduling before any child ran
  std::mt19937_64 m_random;  // input seeds of timed runs, which runs to verify
  // The whole judging's time limit (judge_solution in judging.h); its
  // watchdog ends the process kTotalTimeGraceSeconds past the deadline.
  TotalTimeClock m_total_clock;
  JudgeReport m_report;
  std::filesystem::path m_library;
  std::filesystem::path m_shuffled_library;  // the exact split on the CPU backend (see compile())
  std::map<std::string, CallData> m_calls;  // see call_data
  // Set when the largest case fits in memory only with the judge's tensors
  // in files (run()); call_data applies it to the cases that need it.
  std::optional<tensor_storage::SpillPolicy> m_spill_policy;
  // What the calls prepared ahead of their pass (to measure the reference's
  // time for derived limits) may hold in all.
  static constexpr double kPreparedAheadBytes = 1024.0 * 1024 * 1024;
  std::map<std::string, double> m_reference_seconds;  // per case: the slowest preparation (inputs + reference)
};

// The real compiler and runners.
class RealProcesses : public JudgingProcesses {
 public:
  std::string compiler_version(const Backend& backend) override { return backend.compiler_version(); }
  CompileOutcome compile(const std::filesystem::path& solution, const Signature& signature, const Backend& backend,
                         const std::string& compiler_version, const CompileSettings& settings) override {
    return compile_solution(solution, signature, backend, compiler_version, settings);
  }
  std::unique_ptr<Runner> start_runner(const Backend& backend, const std::map<std::string, std::string>& env,
                                       const std::filesystem::path& work_dir, const std::string& name,
                                       const RunnerConfinement& confinement) override {
    std::map<std::string, std::string> runner_env = backend.runner_env;
    runner_env.insert(env.begin(), env.end());
    return std::make_unique<RunnerSession>(backend, runner_env, work_dir, name, confinement);
  }
};

}  // namespace

JudgingProcesses& real_processes() {
  static RealProcesses processes;
  return processes;
}

JudgeReport judge_solution(const Problem& problem, const Backend& backend, const JudgeOptions& options,
                           const EventSink& emit, const ProgressSink& progress) {
  return judge_solution(problem, backend, options, real_processes(), emit, progress);
}

JudgeReport judge_solution(const Problem& problem, const Backend& backend, const JudgeOptions& options,
                           JudgingProcesses& processes, const EventSink& emit, const ProgressSink& progress) {
  // A limit a child lowers on the judge (prlimit on its parent) must fail
  // a write with a message, not kill the judge without a verdict.
  ignore_fatal_limit_signals();
  const OwnProcessState own_state = snapshot_own_state();
  try {
    return Judging(problem, backend, options, processes, emit, progress, own_state).run();
  } catch (const std::exception& error) {
    JudgeReport report;
    report.problem = problem.slug();
    report.dtype = dtype_name(problem.dtype);
    report.solution = options.solution_display.empty() ? options.solution.string() : options.solution_display;
    report.backend = backend;
    report.timing_kind = backend.kind == BackendKind::Cuda ? TimingKind::Gpu : TimingKind::CpuEmulated;
    report.verdict = Verdict::JudgeError;
    report.message = std::string("judge error (not the solution's fault): ") + error.what();
    // What made the judge fail may be the solution's doing from its runner.
    if (const std::string changes = own_state_changes(own_state); !changes.empty()) {
      report.judge_process_changed = true;
      report.verdict = Verdict::RuntimeError;
      report.message = "solution code changed the judge's own process from its runner (" + changes +
                       "), and the judging failed: " + error.what();
    }
    emit(VerdictEvent{.verdict = report.verdict, .message = report.message});
    return report;
  }
}

}  // namespace judge
