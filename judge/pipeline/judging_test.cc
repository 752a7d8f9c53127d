// The judging's decisions (judging.h) with a fake compiler and fake runners
// whose outcomes each test scripts: which verdict a timeout, a crash, a
// wrong answer on the shuffled pass or a forged time gets, which stage
// stops the judging, when the benchmark stops timing a case, and how the
// time limits are applied. No compiler, runner or sandbox is involved; the
// test problem's reference (judge/problem/testdata) gives the right answers.
#include "judge/pipeline/judging.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "harness/runner/protocol.h"
#include "judge/pipeline/case_memory.h"
#include "judge/problem/case_data.h"
#include "judge/problem/tensor_storage.h"

namespace judge {
namespace {

// One request a fake runner got.
struct FakeCall {
  std::string runner;  // "check-natural", "check-shuffled", "calibrate", "bench"
  std::string test_case;
  uint64_t seed = 0;  // the inputs' seed (random for timed runs)
  bool timed = false;
  bool empty = false;  // a calibration request: no solution called
  double timeout_seconds = 0;  // of a timed batch: its share per call
};

// What a fake runner answers to one request.
struct FakeReply {
  RunnerOutcome::Kind kind = RunnerOutcome::Kind::Ok;
  bool wrong_output = false;   // outputs left unwritten (as the call's fill left them)
  double claimed_ms = 1.0;     // timed runs
  double round_trip_ms = 1.5;  // timed runs: what the judge's clock saw
  // A calibration request's empty call always claims 0.01 ms.
  double calibration_round_trip_ms = 0.5;
  double calibration_jitter_ms = 0;  // see FakeRunner::time
  bool hang = false;  // sleeps through its timeout, then TimedOut
};

using Script = std::function<FakeReply(const FakeCall&)>;

// What the fakes saw, for the assertions.
struct Journal {
  std::vector<std::string> runners_started;
  std::map<std::string, std::map<std::string, std::string>> runner_env;
  std::map<std::string, std::optional<uint64_t>> runner_thread_order;  // the order seed each runner fixes
  std::vector<FakeCall> calls;
  int compiles = 0;
  std::map<std::string, std::filesystem::path> runner_library;  // what each runner loaded
  std::set<std::string> spilled_cases;  // cases whose tensors reached the runner from files
};

// Every buffer of `tensors` as the runner would return it, guard bytes
// intact; unwritten outputs hold what the runner fills them with.
Downloads downloads_of(const CaseTensors& tensors, bool wrong_output, OutputFill fill) {
  Downloads downloads;
  const char fill_byte = fill == OutputFill::Poison ? static_cast<char>(runner_protocol::kPoisonByte) : 0;
  auto add = [&](const std::string& name, const TensorBuffer& tensor, bool unwritten) {
    std::vector<char> bytes = tensor.device_bytes();
    if (unwritten) std::fill(bytes.begin(), bytes.end(), fill_byte);
    bytes.insert(bytes.end(), runner_protocol::kGuardBytes, static_cast<char>(runner_protocol::kGuardByte));
    downloads[name] = std::move(bytes);
  };
  for (const auto& [name, tensor] : tensors.inputs) add(name, tensor, false);
  for (const auto& [name, tensor] : tensors.outputs) add(name, tensor, wrong_output);
  return downloads;
}

class FakeRunner : public Runner {
 public:
  FakeRunner(const Problem& problem, std::string name, const Script& script, Journal& journal,
             RunnerOutcome::Kind load_kind, RunnerOutcome::Kind ping_kind)
      : m_problem(problem), m_name(std::move(name)), m_script(script), m_journal(journal), m_load_kind(load_kind),
        m_ping_kind(ping_kind) {}

  RunnerOutcome ping(double) override {
    RunnerOutcome outcome;
    outcome.kind = m_ping_kind;
    if (m_ping_kind != RunnerOutcome::Kind::Ok) outcome.message = "scripted ping failure";
    outcome.reply = {{"device_properties", {{"name", "fake device"}}}};
    return outcome;
  }

  RunnerOutcome load(const std::filesystem::path& library, double) override {
    m_journal.runner_library[m_name] = library;
    RunnerOutcome outcome;
    outcome.kind = m_load_kind;
    if (m_load_kind != RunnerOutcome::Kind::Ok) outcome.message = "scripted load failure";
    return outcome;
  }

  RunnerOutcome run(const Signature&, const CallData& call, double timeout_seconds, Downloads& downloads) override {
    for (const auto& [name, tensor] : call.tensors.inputs) {
      if (tensor.spilled()) m_journal.spilled_cases.insert(call.test_case->name);
    }
    return answer({m_name, call.test_case->name, call.seed, false, false, timeout_seconds}, call.tensors,
                  call.output_fill, downloads);
  }

  // A batch: each call answered as the script says; the batch's round trip
  // is the sum of its calls' (every other one of a "calibrate" runner's
  // batches longer by the first call's calibration_jitter_ms).
  RunnerOutcome time(const Signature&, const std::vector<const CallData*>& calls, double timeout_seconds,
                     std::vector<Downloads>& downloads, bool empty) override {
    RunnerOutcome batch;
    batch.reply = {{"event_ms", nlohmann::json::array()}};
    downloads.clear();
    for (const CallData* call : calls) {
      // Timed runs get inputs only: the fake computes the right outputs itself.
      CaseTensors tensors = call->tensors;
      if (!empty) compute_expected(m_problem, *call->test_case, tensors);
      const double call_timeout = timeout_seconds / static_cast<double>(calls.size());
      Downloads call_downloads;
      RunnerOutcome outcome =
          answer({m_name, call->test_case->name, call->seed, true, empty, call_timeout}, tensors,
                 call->output_fill, call_downloads);
      if (outcome.kind != RunnerOutcome::Kind::Ok) return outcome;
      downloads.push_back(std::move(call_downloads));
      batch.reply["event_ms"].push_back(outcome.reply["ms"]);
      batch.round_trip_ms += outcome.round_trip_ms;
    }
    if (m_name == "calibrate" && m_batches++ % 2) batch.round_trip_ms += m_script(m_journal.calls.back()).calibration_jitter_ms;
    return batch;
  }

  std::string log_tail(std::size_t) const override { return "runner: sandbox on: fake sandbox\n"; }

 private:
  RunnerOutcome answer(const FakeCall& call, const CaseTensors& tensors, OutputFill fill, Downloads& downloads) {
    m_journal.calls.push_back(call);
    const FakeReply reply = m_script(call);
    RunnerOutcome outcome;
    outcome.kind = reply.kind;
    if (reply.hang) {
      std::this_thread::sleep_for(std::chrono::duration<double>(call.timeout_seconds));
      outcome.kind = RunnerOutcome::Kind::TimedOut;
    }
    if (outcome.kind != RunnerOutcome::Kind::Ok) {
      outcome.message = "scripted outcome";
      return outcome;
    }
    downloads = downloads_of(tensors, reply.wrong_output, fill);
    outcome.reply = {{"ms", call.empty ? 0.01 : reply.claimed_ms}};
    outcome.round_trip_ms = call.empty ? reply.calibration_round_trip_ms : reply.round_trip_ms;
    return outcome;
  }

  const Problem& m_problem;
  const std::string m_name;
  const Script& m_script;
  Journal& m_journal;
  const RunnerOutcome::Kind m_load_kind;
  const RunnerOutcome::Kind m_ping_kind;
  int m_batches = 0;
};

class FakeProcesses : public JudgingProcesses {
 public:
  FakeProcesses(const Problem& problem, Script script) : m_problem(problem), m_script(std::move(script)) {}

  bool compile_ok = true;
  RunnerOutcome::Kind load_kind = RunnerOutcome::Kind::Ok;
  RunnerOutcome::Kind ping_kind = RunnerOutcome::Kind::Ok;
  Journal journal;

  std::string compiler_version(const Backend&) override { return "fake compiler 1.0"; }

  CompileOutcome compile(const std::filesystem::path&, const Signature&, const Backend& backend, const std::string&,
                         const CompileSettings&) override {
    ++journal.compiles;
    CompileOutcome outcome;
    outcome.ok = compile_ok;
    outcome.source_hash = "fakehash";
    outcome.library = backend.exact_barriers ? "/nonexistent/exact/libsolution.so" : "/nonexistent/split/libsolution.so";
    outcome.log = compile_ok ? "" : "error: scripted compile failure";
    return outcome;
  }

  std::unique_ptr<Runner> start_runner(const Backend&, const std::map<std::string, std::string>& env,
                                       const std::filesystem::path&, const std::string& name,
                                       const RunnerConfinement& confinement) override {
    journal.runners_started.push_back(name);
    journal.runner_env[name] = env;
    journal.runner_thread_order[name] = confinement.thread_order_seed;
    return std::make_unique<FakeRunner>(m_problem, name, m_script, journal, load_kind, ping_kind);
  }

 private:
  const Problem& m_problem;
  const Script m_script;
};

FakeReply correct(const FakeCall&) { return {}; }

// Answers like `correct`, except the calls `picked` chooses, which get `reply`.
Script correct_except(std::function<bool(const FakeCall&)> picked, FakeReply reply) {
  return [picked = std::move(picked), reply](const FakeCall& call) { return picked(call) ? reply : FakeReply{}; };
}

// The timed runs of the bench runner, and of any started to time a case again.
bool on_bench(const FakeCall& call) { return call.runner.rfind("bench", 0) == 0; }

// The judging ended with `verdict`, and its message holds `fragment`.
void expect_verdict(const JudgeReport& report, Verdict verdict, const std::string& fragment) {
  EXPECT_EQ(report.verdict, verdict) << report.message;
  EXPECT_NE(report.message.find(fragment), std::string::npos) << report.message;
}

class JudgingTest : public ::testing::Test {
 protected:
  JudgingTest()
      : m_problem(Catalogue(std::filesystem::path(std::getenv("TEST_SRCDIR")) / "judge/judge/problem/testdata/problems")
                      .load("scale-rows")) {
    m_options.solution = "/nonexistent/solution.cu";
    m_options.work_root = ::testing::TempDir();
    m_options.check_tier = Tier::kCheck;
    m_options.benchmark = false;
    m_options.bench_tier = Tier::kSample;
    m_options.seed = 1;
    // A case's timed runs: at least 5, at most 12; the budget never ends them.
    m_options.bench.stopping.min_runs = 5;
    m_options.bench.stopping.max_runs = 12;
    m_options.bench.stopping.budget_seconds = 1e6;
    m_backend.kind = BackendKind::Cpu;
    m_backend.device = "fake CPU backend";
  }

  JudgeReport judge(FakeProcesses& processes) {
    return judge_solution(m_problem, m_backend, m_options, processes, [this](const JudgeEvent& event) {
      m_statuses.push_back(event_status(event));
      if (auto* result = std::get_if<BenchmarkResultEvent>(&event)) m_benchmark_result = *result;
    });
  }

  // The check calls the fakes saw in one runner, as "case#seed".
  std::vector<std::string> calls_in(const Journal& journal, const std::string& runner) const {
    std::vector<std::string> calls;
    for (const FakeCall& call : journal.calls) {
      if (call.runner == runner) calls.push_back(call.test_case + "#" + std::to_string(call.seed));
    }
    return calls;
  }

  bool emitted(const std::string& status) const {
    return std::find(m_statuses.begin(), m_statuses.end(), status) != m_statuses.end();
  }

  Problem m_problem;
  Backend m_backend;
  JudgeOptions m_options;
  std::vector<std::string> m_statuses;
  std::optional<BenchmarkResultEvent> m_benchmark_result;  // the last BENCHMARK_RESULT event
};

TEST_F(JudgingTest, ACorrectSolutionPassesBothPassesOnTheCpuBackendEachOnSeedsOfItsOwn) {
  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  EXPECT_EQ(processes.journal.runners_started, (std::vector<std::string>{"check-natural", "check-shuffled"}));
  // The order is the runner's to fix before loading (never in its
  // environment): nothing in it tells the passes apart.
  EXPECT_EQ(processes.journal.runner_thread_order["check-shuffled"], std::optional<uint64_t>(1));
  EXPECT_EQ(processes.journal.runner_thread_order["check-natural"], std::nullopt);
  EXPECT_EQ(processes.journal.runner_env["check-shuffled"], processes.journal.runner_env["check-natural"]);
  const std::vector<std::string> natural = calls_in(processes.journal, "check-natural");
  ASSERT_EQ(natural.size(), 12u);  // six cases, two seeds each
  EXPECT_EQ(natural[0], "one-element#1");
  EXPECT_EQ(natural[1], "one-element#2");
  const std::vector<std::string> shuffled = calls_in(processes.journal, "check-shuffled");
  ASSERT_EQ(shuffled.size(), 12u);
  EXPECT_EQ(shuffled[0], "one-element#3");
  EXPECT_EQ(shuffled[1], "one-element#4");
  ASSERT_EQ(report.checks.size(), 12u);
  EXPECT_EQ(report.checks.back().pass, CheckPass::Shuffled);
  EXPECT_EQ(report.timing_kind, TimingKind::CpuEmulated);
  EXPECT_EQ(report.sandbox, "fake sandbox");
  EXPECT_TRUE(report.benchmarks.empty());
  EXPECT_EQ(m_statuses.back(), "ACCEPTED");
}

// Split kernels gain barriers at region boundaries, which can hide a missing
// __syncthreads; the shuffled pass must run the build that splits only where
// they cannot be observed.
TEST_F(JudgingTest, TheShuffledPassLoadsTheExactBuildAndTheOthersTheSplitOne) {
  m_options.benchmark = true;
  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  EXPECT_EQ(processes.journal.compiles, 2);
  EXPECT_EQ(processes.journal.runner_library["check-natural"], "/nonexistent/split/libsolution.so");
  EXPECT_EQ(processes.journal.runner_library["check-shuffled"], "/nonexistent/exact/libsolution.so");
  EXPECT_EQ(processes.journal.runner_library["bench"], "/nonexistent/split/libsolution.so");
}

// A case larger than the host's available memory would be killed by the
// kernel halfway; the judge says so before it compiles anything.
TEST_F(JudgingTest, ACaseTheHostCannotHoldIsAJudgeErrorBeforeAnythingRuns) {
  m_options.host_memory_available_bytes = 1;
  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::JudgeError);
  EXPECT_NE(report.message.find("of host memory"), std::string::npos) << report.message;
  EXPECT_NE(report.message.find(m_problem.slug()), std::string::npos) << report.message;
  EXPECT_EQ(processes.journal.compiles, 0);
  EXPECT_TRUE(processes.journal.runners_started.empty());

  m_options.host_memory_available_bytes = 1ULL << 40;
  FakeProcesses roomy(m_problem, correct);
  EXPECT_EQ(judge(roomy).verdict, Verdict::Accepted);
}

// A case that fits only with the judge's own tensors in files is judged so,
// and the report says why; the cases that fit in memory stay there, and
// later judgings hold their tensors in memory.
TEST_F(JudgingTest, ACaseThatFitsOnlyWithTheJudgesTensorsInFilesIsJudgedSo) {
  const TestCase* largest = largest_case(m_problem, m_options);
  ASSERT_NE(largest, nullptr);
  const bool checker = m_problem.definition->has_checker();
  const CaseBytes bytes = case_bytes(m_problem, *largest);
  m_options.host_memory_available_bytes =
      static_cast<unsigned long long>(host_memory_needed_spilling(bytes, checker)) + 1;
  ASSERT_LT(m_options.host_memory_available_bytes, host_memory_needed(bytes, checker));
  m_options.spill_directory = std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp";
  m_options.spill_min_bytes = 1;
  std::set<std::string> too_large, fitting;
  for (const TestCase* test_case : m_problem.cases.tier(*m_options.check_tier)) {
    const bool fits = host_memory_needed(case_bytes(m_problem, *test_case), checker) <=
                      static_cast<double>(m_options.host_memory_available_bytes);
    (fits ? fitting : too_large).insert(test_case->name);
  }
  ASSERT_FALSE(fitting.empty()) << "the test wants a case that fits in memory beside one that does not";

  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  EXPECT_NE(report.host_memory.find("unnamed files in " + m_options.spill_directory.string()), std::string::npos)
      << report.host_memory;
  EXPECT_EQ(processes.journal.spilled_cases, too_large);
  EXPECT_FALSE(tensor_storage::spill_policy());
}

TEST_F(JudgingTest, WithoutAShuffledPassTheSolutionIsCompiledOnce) {
  m_options.shuffled_check = false;
  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  EXPECT_EQ(processes.journal.compiles, 1);
  EXPECT_TRUE(report.shuffled_compile_command.empty());
}

TEST_F(JudgingTest, AGpuHasNoShuffledPass) {
  m_backend.kind = BackendKind::Cuda;
  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  EXPECT_EQ(processes.journal.runners_started, (std::vector<std::string>{"check-natural"}));
  EXPECT_EQ(report.timing_kind, TimingKind::Gpu);
}

TEST_F(JudgingTest, ATimeoutIsTimeLimitExceededAndEndsTheJudgingAtThatCase) {
  m_options.benchmark = true;
  FakeProcesses processes(
      m_problem, correct_except([](const FakeCall& call) { return call.test_case == "odd-sizes" && call.seed == 2; },
                                {.kind = RunnerOutcome::Kind::TimedOut}));
  const JudgeReport report = judge(processes);
  expect_verdict(report, Verdict::TimeLimitExceeded, "case 'odd-sizes': with input seed 2 (natural pass)");
  // No later case, no shuffled pass, no benchmark.
  EXPECT_EQ(calls_in(processes.journal, "check-natural").back(), "odd-sizes#2");
  EXPECT_EQ(processes.journal.runners_started, (std::vector<std::string>{"check-natural"}));
  ASSERT_EQ(report.checks.size(), 2u);
  EXPECT_EQ(report.checks.back().verdict, Verdict::TimeLimitExceeded);
  EXPECT_FALSE(emitted("BENCHMARKING"));
  EXPECT_EQ(m_statuses.back(), "TIME_LIMIT_EXCEEDED");
}

TEST_F(JudgingTest, ACrashIsARuntimeError) {
  FakeProcesses processes(m_problem, correct_except([](const FakeCall& call) { return call.test_case == "wide"; },
                                                    {.kind = RunnerOutcome::Kind::Crashed}));
  expect_verdict(judge(processes), Verdict::RuntimeError, "case 'wide'");
}

TEST_F(JudgingTest, AWrongAnswerOnTheShuffledPassOnlyIsAWrongAnswerNamingThatPass) {
  const auto shuffled_signed_inputs = [](const FakeCall& call) {
    return call.runner == "check-shuffled" && call.test_case == "signed-inputs";
  };
  FakeProcesses processes(m_problem, correct_except(shuffled_signed_inputs, {.wrong_output = true}));
  const JudgeReport report = judge(processes);
  expect_verdict(report, Verdict::WrongAnswer, "case 'signed-inputs': with input seed 3 (shuffled pass)");
  // Zero-filled outputs: an unwritten element reads as 0 and cannot be told from a written one.
  EXPECT_NE(report.message.find("got 0,"), std::string::npos) << report.message;
  EXPECT_EQ(report.message.find("never written"), std::string::npos) << report.message;
  for (const CaseReport& check : report.checks) {
    if (check.pass == CheckPass::Natural) {
      EXPECT_EQ(check.verdict, Verdict::Accepted) << check.name;
    }
  }
}

TEST_F(JudgingTest, PoisonedOutputsNameTheElementsNeverWritten) {
  m_options.output_fill = OutputFill::Poison;
  const auto natural_wide = [](const FakeCall& call) { return call.runner == "check-natural" && call.test_case == "wide"; };
  FakeProcesses processes(m_problem, correct_except(natural_wide, {.wrong_output = true}));
  const JudgeReport report = judge(processes);
  expect_verdict(report, Verdict::WrongAnswer, "case 'wide'");
  EXPECT_NE(report.message.find("never written"), std::string::npos) << report.message;
  EXPECT_EQ(report.output_fill, OutputFill::Poison);  // the report, --json and the record say so
}

TEST_F(JudgingTest, ACompileErrorStartsNoRunner) {
  FakeProcesses processes(m_problem, correct);
  processes.compile_ok = false;
  const JudgeReport report = judge(processes);
  expect_verdict(report, Verdict::CompileError, "scripted compile failure");
  EXPECT_TRUE(processes.journal.runners_started.empty());
  EXPECT_EQ(report.total_time_limit_seconds, 0);  // the clock never started
}

TEST_F(JudgingTest, ALibraryThatDoesNotLoadIsACompileError) {
  FakeProcesses processes(m_problem, correct);
  processes.load_kind = RunnerOutcome::Kind::LoadError;
  expect_verdict(judge(processes), Verdict::CompileError, "could not be loaded");
  EXPECT_TRUE(processes.journal.calls.empty());
}

TEST_F(JudgingTest, ARunnerThatDoesNotStartIsTheJudgesFault) {
  FakeProcesses processes(m_problem, correct);
  processes.ping_kind = RunnerOutcome::Kind::Crashed;
  expect_verdict(judge(processes), Verdict::JudgeError, "the runner did not start");
}

TEST_F(JudgingTest, SteadyTimesStopAtTheMinimumRuns) {
  m_options.benchmark = true;
  FakeProcesses processes(m_problem, correct);  // every call 1.5 ms by the judge's clock, overhead 0.5 ms
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  EXPECT_EQ(processes.journal.runners_started,
            (std::vector<std::string>{"check-natural", "check-shuffled", "calibrate", "bench", "calibrate-after"}));
  ASSERT_EQ(report.benchmarks.size(), 1u);  // the sample tier: 'tiny'
  EXPECT_EQ(report.benchmarks[0].name, "tiny");
  EXPECT_EQ(report.benchmarks[0].timing.times_ms.size(), 5u);
  EXPECT_DOUBLE_EQ(report.benchmarks[0].timing.median_ms, 1.0);
  // A quiet calibration (no spread): batches of one call meet the noise target.
  EXPECT_EQ(report.benchmarks[0].measurement.calls_per_batch, 1);
  EXPECT_EQ(calls_in(processes.journal, "bench").size(), 1u + 5u);  // the warm-up call, then the timed ones
  // Every timed call's input seed is recorded, and each is fresh.
  const std::vector<uint64_t>& seeds = report.benchmarks[0].measurement.input_seeds;
  EXPECT_EQ(seeds.size(), 5u);
  EXPECT_EQ(std::set<uint64_t>(seeds.begin(), seeds.end()).size(), seeds.size());
}

TEST_F(JudgingTest, NoisyTimesRunToTheMostRunsAllowed) {
  m_options.benchmark = true;
  int run = 0;
  FakeProcesses processes(m_problem, [&run](const FakeCall& call) {
    FakeReply reply;
    if (call.runner == "bench") reply.round_trip_ms = ++run % 2 ? 1.5 : 3.5;  // a relative standard error far above 1%
    return reply;
  });
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  ASSERT_EQ(report.benchmarks.size(), 1u);
  EXPECT_EQ(report.benchmarks[0].timing.times_ms.size(), 12u);
}

// Batches whose figures spread more than the 1% target, but whose
// standard error is already within the noise bound, stop at the minimum:
// more would not make the figure more trustworthy than its bound.
TEST_F(JudgingTest, NoisyTimesWithinTheNoiseBoundStopAtTheMinimumRuns) {
  m_options.benchmark = true;
  int run = 0;
  FakeProcesses processes(m_problem, [&run](const FakeCall& call) {
    FakeReply reply;
    reply.calibration_jitter_ms = 10;  // a bound of 10 / 16 ms per call
    if (call.runner == "bench") {
      const int index = ++run - 2;  // the warm-up call is -1, then batches of 16
      reply.round_trip_ms = index >= 0 && index / 16 % 2 ? 3 : 1;  // batches alternate 1 and 3 ms per call
    }
    return reply;
  });
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  ASSERT_EQ(report.benchmarks.size(), 1u);
  EXPECT_EQ(report.benchmarks[0].measurement.calls_per_batch, 16);
  EXPECT_GT(report.benchmarks[0].timing.rse, 0.01);
  EXPECT_EQ(report.benchmarks[0].timing.times_ms.size(), 5u);
}

// The claim in the reply is a diagnostic: the figure is the judge's clock.
TEST_F(JudgingTest, AShortClaimDoesNotShortenTheFigure) {
  m_options.benchmark = true;
  FakeProcesses processes(m_problem, correct_except(on_bench, {.claimed_ms = 0.01, .round_trip_ms = 300.5}));
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  ASSERT_EQ(report.benchmarks.size(), 1u);
  EXPECT_DOUBLE_EQ(report.benchmarks[0].timing.median_ms, 300.0);
  ASSERT_TRUE(m_benchmark_result.has_value());
  EXPECT_DOUBLE_EQ(m_benchmark_result->event_median_ms, 0.01);
}

// A machine busier during the timed runs than during the calibration
// makes the figure longer, never a verdict against the solution.
TEST_F(JudgingTest, RequestsSlowedSinceTheCalibrationAreSlowerNotForged) {
  m_options.benchmark = true;
  FakeProcesses processes(m_problem, correct_except(on_bench, {.claimed_ms = 5, .round_trip_ms = 1000}));
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  ASSERT_EQ(report.benchmarks.size(), 1u);
  EXPECT_DOUBLE_EQ(report.benchmarks[0].timing.median_ms, 999.5);
}

// A noisy overhead: batches grow until its spread per call is within 1% of
// the call, and the figure is the work less no more than that bound.
TEST_F(JudgingTest, TheBatchGrowsUntilTheOverheadsNoiseIsSmall) {
  m_options.benchmark = true;
  FakeProcesses processes(m_problem, [](const FakeCall& call) {
    FakeReply reply;
    reply.calibration_jitter_ms = 8;  // every other calibration batch 8 ms longer
    if (on_bench(call)) reply.round_trip_ms = 100;
    return reply;
  });
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  ASSERT_EQ(report.benchmarks.size(), 1u);
  const CaseMeasurement& measurement = report.benchmarks[0].measurement;
  // Per call: 8 ms alone, 2 ms in fours, 0.5 ms in sixteens (within 1% of ~95 ms).
  EXPECT_EQ(measurement.calls_per_batch, 16);
  EXPECT_DOUBLE_EQ(measurement.noise_bound_ms, 0.5);
  const double figure = report.benchmarks[0].timing.median_ms;
  EXPECT_GE(figure, 100 - 0.5 - measurement.overhead.median_ms / 16);
  EXPECT_LE(figure, 100);
  EXPECT_EQ(measurement.input_seeds.size(), 16u * report.benchmarks[0].timing.times_ms.size());
}

// A batch's files must fit the exchange folder's cap at once: a tight cap
// keeps batches at one call, whatever the noise.
TEST_F(JudgingTest, TheExchangeCapBoundsTheBatch) {
  m_options.benchmark = true;
  m_options.exchange_limit_bytes = 1;
  FakeProcesses processes(m_problem, [](const FakeCall& call) {
    FakeReply reply;
    reply.calibration_jitter_ms = 8;
    if (on_bench(call)) reply.round_trip_ms = 100;
    return reply;
  });
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  ASSERT_EQ(report.benchmarks.size(), 1u);
  EXPECT_EQ(report.benchmarks[0].measurement.calls_per_batch, 1);
  // Only batches of one were calibrated: the warm-up batch and four more.
  EXPECT_EQ(calls_in(processes.journal, "calibrate").size(),
            static_cast<std::size_t>(m_options.bench.batches.calibration_batches + 1));
}

TEST_F(JudgingTest, AClaimLongerThanItsRequestIsImpossible) {
  m_options.benchmark = true;
  FakeProcesses processes(m_problem, correct_except(on_bench, {.claimed_ms = 5000}));  // the judge saw 1.5 ms
  const JudgeReport report = judge(processes);
  expect_verdict(report, Verdict::RuntimeError, "the reply was forged");
  EXPECT_EQ(calls_in(processes.journal, "bench").size(), 1u);  // the first call ends it
}

TEST_F(JudgingTest, AWrongTimedRunIsAWrongAnswer) {
  m_options.benchmark = true;
  FakeProcesses processes(m_problem, correct_except(on_bench, {.wrong_output = true}));
  expect_verdict(judge(processes), Verdict::WrongAnswer, "a timed call (input seed");
}

// Every call of a batch is verified, not a sample: one wrong call among
// sixteen is found.
TEST_F(JudgingTest, OneWrongCallInABatchIsAWrongAnswer) {
  m_options.benchmark = true;
  int timed = 0;
  FakeProcesses processes(m_problem, [&timed](const FakeCall& call) {
    FakeReply reply;
    reply.calibration_jitter_ms = 8;
    if (on_bench(call)) {
      reply.round_trip_ms = 100;
      reply.wrong_output = ++timed == 1 + 16 + 7;  // the warm-up, one batch, then the 7th call of the next
    }
    return reply;
  });
  expect_verdict(judge(processes), Verdict::WrongAnswer, "a timed call (input seed");
  EXPECT_EQ(calls_in(processes.journal, "bench").size(), 1u + 16u + 16u);
}

TEST_F(JudgingTest, ACalibrationFailureIsTheJudgesFault) {
  m_options.benchmark = true;
  // No solution code runs in the calibration runner.
  FakeProcesses processes(m_problem, correct_except([](const FakeCall& call) { return call.runner == "calibrate"; },
                                                    {.kind = RunnerOutcome::Kind::Crashed}));
  expect_verdict(judge(processes), Verdict::JudgeError, "calibrating the benchmark's overhead failed");
  EXPECT_EQ(std::count(processes.journal.runners_started.begin(), processes.journal.runners_started.end(), "bench"), 0);
}

TEST_F(JudgingTest, TierNoneRunsTheBenchmarkOnly) {
  m_options.check_tier = std::nullopt;
  m_options.benchmark = true;
  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  EXPECT_EQ(report.verdict, Verdict::Accepted) << report.message;
  EXPECT_EQ(processes.journal.runners_started, (std::vector<std::string>{"calibrate", "bench", "calibrate-after"}));
  EXPECT_TRUE(report.checks.empty());
}

TEST_F(JudgingTest, TheCpuBackendDerivesEachCallsLimitUnlessOneIsGiven) {
  FakeProcesses derived(m_problem, correct);
  judge(derived);
  for (const FakeCall& call : derived.journal.calls) {
    // The test problem's references take milliseconds: the floor applies.
    EXPECT_LE(call.timeout_seconds, kCpuLimitFloorSeconds);
    EXPECT_GT(call.timeout_seconds, kCpuLimitFloorSeconds - 5);
  }
  m_options.case_time_limit = 7;
  m_options.case_time_limit_given = true;
  FakeProcesses given(m_problem, correct);
  judge(given);
  for (const FakeCall& call : given.journal.calls) {
    EXPECT_LE(call.timeout_seconds, 7);
    EXPECT_GT(call.timeout_seconds, 2);
  }
}

TEST_F(JudgingTest, TheCpuBackendDerivesTheTotalStageByStage) {
  FakeProcesses checks_only(m_problem, correct);
  const JudgeReport small = judge(checks_only);
  // 6 cases x 4 calls x 60 s is less than the fixed default, which applies.
  EXPECT_DOUBLE_EQ(small.total_time_limit_seconds, kDefaultTotalTimeLimitSeconds);
  EXPECT_NE(small.total_time_limit_rule.find("derived"), std::string::npos);

  m_options.benchmark = true;
  FakeProcesses with_benchmark(m_problem, correct);
  const JudgeReport benchmarked = judge(with_benchmark);
  ASSERT_EQ(benchmarked.verdict, Verdict::Accepted) << benchmarked.message;
  const BenchSettings& bench = m_options.bench;
  const double at_least =
      bench_stage_budget({{kCpuLimitFloorSeconds, 0}}, bench.warmup, 0, bench.stopping);
  EXPECT_GE(benchmarked.total_time_limit_seconds, kDefaultTotalTimeLimitSeconds + at_least);
  EXPECT_LT(benchmarked.total_time_limit_seconds, kDefaultTotalTimeLimitSeconds + at_least + 60);
}

TEST_F(JudgingTest, AGivenTotalIsKeptOnEveryBackend) {
  m_options.total_time_limit = 100;
  m_options.total_time_limit_given = true;
  m_options.benchmark = true;
  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  EXPECT_DOUBLE_EQ(report.total_time_limit_seconds, 100);
  EXPECT_NE(report.total_time_limit_rule.find("--total-time-limit"), std::string::npos);
}

TEST_F(JudgingTest, TheTotalLimitCutsARequestThatOutlastsIt) {
  m_options.total_time_limit = 1;
  m_options.total_time_limit_given = true;
  FakeProcesses processes(
      m_problem, correct_except([](const FakeCall& call) { return call.test_case == "odd-sizes"; }, {.hang = true}));
  expect_verdict(judge(processes), Verdict::TimeLimitExceeded, "the whole judging exceeded its limit of 1 s");
  // The request was given what was left of the total, not the per-call limit.
  EXPECT_LE(processes.journal.calls.back().timeout_seconds, 1.0);
}

// The calls of a runner's empty batches: calibration requests.
std::size_t empty_calls_in(const Journal& journal, const std::string& runner) {
  return static_cast<std::size_t>(std::count_if(journal.calls.begin(), journal.calls.end(), [&](const FakeCall& call) {
    return call.runner == runner && call.empty;
  }));
}

// Without a budget, each size the calibration measures keeps
// calibration_batches empty batches, after one request that pays the
// runner's set-up; the sample tier's one tiny case gets sizes 1, 4 and 16.
TEST_F(JudgingTest, WithoutABudgetEachSizeIsCalibratedInFull) {
  m_options.check_tier = std::nullopt;
  m_options.benchmark = true;
  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  ASSERT_EQ(report.verdict, Verdict::Accepted) << report.message;
  const std::size_t kept = static_cast<std::size_t>(m_options.bench.batches.calibration_batches);
  EXPECT_EQ(empty_calls_in(processes.journal, "calibrate"), 1 + kept * (1 + 4 + 16));
  EXPECT_EQ(empty_calls_in(processes.journal, "calibrate-after"), 1 + kept * 1);
  EXPECT_EQ(report.benchmarks[0].measurement.stop_reason, "precise");
}

// A budget already spent: every case still gets its calibration (two
// empty batches per size, so the noise bound is a spread) and one timed
// batch, verified; the first case's warm-up call pays the runner's set-up
// and is not counted, the later cases' warm-up calls are their timed batch.
TEST_F(JudgingTest, ASpentBudgetLeavesEachCaseOneVerifiedBatch) {
  m_options.check_tier = std::nullopt;
  m_options.benchmark = true;
  m_options.bench_tier = Tier::kCheck;
  m_options.bench.budget_seconds = 1e-9;
  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  ASSERT_EQ(report.verdict, Verdict::Accepted) << report.message;
  const std::size_t cases = m_problem.cases.tier(Tier::kCheck).size();
  ASSERT_EQ(report.benchmarks.size(), cases);
  for (const CaseReport& benchmark : report.benchmarks) {
    EXPECT_EQ(benchmark.timing.times_ms.size(), 1u) << benchmark.name;
    EXPECT_EQ(benchmark.measurement.calls_per_batch, 1) << benchmark.name;
    EXPECT_EQ(benchmark.measurement.stop_reason, "budget") << benchmark.name;
    EXPECT_EQ(benchmark.measurement.input_seeds.size(), 1u) << benchmark.name;
    EXPECT_DOUBLE_EQ(benchmark.timing.median_ms, 1.0) << benchmark.name;  // 1.5 ms less 0.5 of overhead
  }
  EXPECT_EQ(calls_in(processes.journal, "bench").size(), cases + 1);
  // After the timed batches, a fresh runner's set-up, then one empty batch of one call per case
  // (with the two before, a spread).
  EXPECT_EQ(empty_calls_in(processes.journal, "calibrate-after"), 1 + cases);
}

TEST_F(JudgingTest, UnderABudgetTheCalibrationKeepsTwoBatchesPerSizeAtLeast) {
  m_options.check_tier = std::nullopt;
  m_options.benchmark = true;
  m_options.bench.budget_seconds = 1e-9;
  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  ASSERT_EQ(report.verdict, Verdict::Accepted) << report.message;
  EXPECT_EQ(empty_calls_in(processes.journal, "calibrate"), 1 + 2 * (1 + 4 + 16));
}

// The cases are timed cheapest first, so that a costly case cannot leave
// the cheap ones after it a spent budget; the report keeps the tier's order.
TEST_F(JudgingTest, CasesAreTimedCheapestFirstAndReportedInTheTiersOrder) {
  m_options.check_tier = std::nullopt;
  m_options.benchmark = true;
  m_options.bench_tier = Tier::kCheck;
  FakeProcesses processes(m_problem, correct);
  const JudgeReport report = judge(processes);
  ASSERT_EQ(report.verdict, Verdict::Accepted) << report.message;
  const std::vector<const TestCase*> tier = m_problem.cases.tier(Tier::kCheck);
  ASSERT_EQ(report.benchmarks.size(), tier.size());
  for (std::size_t index = 0; index < tier.size(); ++index) EXPECT_EQ(report.benchmarks[index].name, tier[index]->name);
  std::vector<double> bytes_in_timing_order;
  std::string last;
  for (const FakeCall& call : processes.journal.calls) {
    if (call.runner != "bench" || call.test_case == last) continue;
    last = call.test_case;
    bytes_in_timing_order.push_back(case_bytes(m_problem, m_problem.find_case(call.test_case)).total());
  }
  ASSERT_EQ(bytes_in_timing_order.size(), tier.size());
  EXPECT_TRUE(std::is_sorted(bytes_in_timing_order.begin(), bytes_in_timing_order.end()));
  EXPECT_FALSE(std::is_sorted(tier.begin(), tier.end(), [&](const TestCase* a, const TestCase* b) {
    return case_bytes(m_problem, *a).total() < case_bytes(m_problem, *b).total();
  }));  // else the test shows nothing
}

// A wrong call is found under any budget: the one batch is verified.
TEST_F(JudgingTest, UnderASpentBudgetAWrongCallIsStillAWrongAnswer) {
  m_options.check_tier = std::nullopt;
  m_options.benchmark = true;
  m_options.bench.budget_seconds = 1e-9;
  FakeProcesses processes(m_problem, correct_except(on_bench, {.wrong_output = true}));
  expect_verdict(judge(processes), Verdict::WrongAnswer, "gave a wrong result");
}

// A generous budget changes nothing: the stopping rule ends each case.
TEST_F(JudgingTest, AGenerousBudgetLeavesTheStoppingRuleToDecide) {
  m_options.check_tier = std::nullopt;
  m_options.benchmark = true;
  m_options.bench.budget_seconds = 1e6;
  int run = 0;
  FakeProcesses processes(m_problem, [&run](const FakeCall& call) {
    FakeReply reply;
    if (call.runner == "bench") reply.round_trip_ms = ++run % 2 ? 1.5 : 3.5;
    return reply;
  });
  const JudgeReport report = judge(processes);
  ASSERT_EQ(report.verdict, Verdict::Accepted) << report.message;
  ASSERT_EQ(report.benchmarks.size(), 1u);
  EXPECT_EQ(report.benchmarks[0].timing.times_ms.size(), m_options.bench.stopping.max_runs);
  EXPECT_EQ(report.benchmarks[0].measurement.stop_reason, "max-runs");
}

// Cases whose requests move the same tensors (here two of the test
// problem's, copied with a full tier of two cases of one shape)
// share one calibration of each size.
TEST_F(JudgingTest, CasesOfTheSameTensorSizesShareTheirCalibration) {
  const std::filesystem::path root = std::filesystem::path(::testing::TempDir()) / "shared-footprint";
  const std::filesystem::path source =
      std::filesystem::path(std::getenv("TEST_SRCDIR")) / "judge/judge/problem/testdata/problems/scale-rows";
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root / "scale-rows");
  std::filesystem::copy_file(source / "statement.md", root / "scale-rows/statement.md");
  // The test problem's own tiers, but a full tier of two cases of one shape.
  std::ifstream original(source / "cases.yaml");
  std::ofstream cases(root / "scale-rows/cases.yaml");
  for (std::string line; std::getline(original, line) && line.rfind("  full:", 0) != 0;) cases << line << "\n";
  cases << "  full:\n"
           "    - name: odd-sizes-big-scale\n"
           "      params: {scale: 40, rows: 7, cols: 13}\n"
           "    - name: odd-sizes-small-scale\n"
           "      params: {scale: 0.25, rows: 7, cols: 13}\n";
  cases.close();
  const Problem problem = Catalogue(root).load("scale-rows");
  m_options.check_tier = std::nullopt;
  m_options.benchmark = true;
  m_options.bench_tier = Tier::kFull;
  FakeProcesses processes(problem, correct);
  const JudgeReport report =
      judge_solution(problem, m_backend, m_options, processes, [](const JudgeEvent&) {});
  ASSERT_EQ(report.verdict, Verdict::Accepted) << report.message;
  ASSERT_EQ(report.benchmarks.size(), 2u);
  const std::size_t kept = static_cast<std::size_t>(m_options.bench.batches.calibration_batches);
  EXPECT_EQ(empty_calls_in(processes.journal, "calibrate"), 1 + kept * (1 + 4 + 16));
  EXPECT_EQ(empty_calls_in(processes.journal, "calibrate-after"), 1 + kept * 1);
  EXPECT_EQ(report.benchmarks[0].measurement.overhead.samples_ms, report.benchmarks[1].measurement.overhead.samples_ms);
}

}  // namespace
}  // namespace judge
