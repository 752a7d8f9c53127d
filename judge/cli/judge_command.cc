// `judge --problem <slug> [--solution f.cu] ...`: reads the flags into the
// pipeline's JudgeOptions (its defaults and rules are judge/pipeline/
// judging_policy.h's and time_limits.h's), runs the judging, and prints,
// writes --json and --record.
#include "judge/cli/judge_command.h"

#include <sys/prctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cxxopts.hpp>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>

#include "judge/cli/command.h"
#include "judge/cli/live_status.h"
#include "judge/cli/options.h"
#include "judge/common/errors.h"
#include "judge/common/paths.h"
#include "judge/common/printable.h"
#include "judge/common/regular_file.h"
#include "judge/common/work_dir.h"
#include "judge/leaderboard/record.h"
#include "judge/leaderboard/report_record.h"
#include "judge/leaderboard/submission.h"
#include "judge/pipeline/compile.h"
#include "judge/pipeline/judging.h"
#include "judge/pipeline/judging_policy.h"
#include "judge/pipeline/report.h"
#include "judge/pipeline/report_json.h"
#include "judge/pipeline/subprocess.h"

namespace judge {

namespace {

// 53 bits from the OS's randomness (getrandom through std::random_device):
// unpredictable, and exact in every JSON reader (JavaScript's numbers too),
// so the seed a report or record shows reproduces the judging.
uint64_t random_seed() {
  std::random_device random;
  return ((static_cast<uint64_t>(random()) << 32) | random()) & ((uint64_t{1} << 53) - 1);
}

std::string whole_seconds(double seconds) { return std::to_string(static_cast<long long>(seconds)); }

void add_judge_flags(cxxopts::Options& options) {
  // One flag per entry, as `--help` lists them.
  // clang-format off
  options.add_options()
      ("problem", "problem slug (see `judge list`)", cxxopts::value<std::string>())
      ("solution", "the .cu file to judge (default: the problem's bundled solution)", cxxopts::value<std::string>())
      ("backend", "auto (GPU if the CUDA runtime finds one, else CPU), cuda or cpu",
       cxxopts::value<std::string>()->default_value("auto"))
      ("arch", "GPU architecture for nvcc, e.g. sm_90 (default: the device's)", cxxopts::value<std::string>())
      ("tier", "cases to check: sample, check, full or none", cxxopts::value<std::string>()->default_value("check"))
      ("benchmark", "time the benchmark cases (default on a GPU; on the CPU backend only when asked)")
      ("no-benchmark", "skip timing, also on a GPU")
      ("bench-tier", "cases to time: sample, check or full", cxxopts::value<std::string>()->default_value("full"))
      ("bench-budget", "wall-clock seconds the benchmark should take, shared among its cases: fewer batches, "
                       "and fewer calibration batches, where time runs short; each case still gets one batch, "
                       "and the noise bound and rse beside its figure say the precision reached (default: " +
                       whole_seconds(kDefaultCpuBenchBudgetSeconds) + " on the CPU backend, none on a GPU; "
                       "0: none)",
       cxxopts::value<double>())
      ("seed", "input seed, to reproduce a judging (default: drawn from the OS's randomness, and reported "
               "after the judging): the natural pass uses seed and seed+1, the CPU backend's shuffled pass seed+2 "
               "and seed+3", cxxopts::value<uint64_t>())
      ("time-limit", "seconds per call of the solution (and per timed run), for every case (default: " +
                         whole_seconds(kDefaultCallLimitSeconds) + " on a GPU; on the CPU backend derived per case, " +
                         whole_seconds(kCpuLimitFactor) + "x the reference's time and at least " +
                         whole_seconds(kCpuLimitFloorSeconds) + ")",
       cxxopts::value<double>())
      ("case", "judge only this case of the tier (and of the bench tier, when benchmarking)",
       cxxopts::value<std::string>())
      ("quiet", "print only the verdict line (messages still go to --json and stderr)")
      ("total-time-limit", "wall-clock seconds for the whole judging, from the end of compiling to the verdict "
                           "(default: " + whole_seconds(kDefaultTotalTimeLimitSeconds) + " on a GPU; on the CPU "
                           "backend derived from the per-call limits of the cases that run, at least " +
                           whole_seconds(kDefaultTotalTimeLimitSeconds) + ")",
       cxxopts::value<double>())
      ("json", "write the whole result as JSON to this file", cxxopts::value<std::string>())
      ("record", "write the result as a leaderboard record into this folder (the solution needs its "
                 "'// author:' and '// title:' header; see solutions/README.md)", cxxopts::value<std::string>())
      ("events", "print one JSON object per line per stage on stdout (progress goes to stderr)")
      ("cache-dir", "compiled-solution cache (default: ~/.cache/judge)", cxxopts::value<std::string>())
      ("cache-limit", "MiB the compiled-solution cache may hold; past it the least recently used entries go "
                      "(0: no limit)",
       cxxopts::value<unsigned long long>()->default_value(std::to_string(kDefaultCacheMaxBytes >> 20)))
      ("compiler-memory-limit", "MiB of address space for each compiler process; past it the solution gets "
                                "COMPILE_ERROR (0: no limit)",
       cxxopts::value<unsigned long long>()->default_value(std::to_string(kDefaultCompilerMemoryBytes >> 20)))
      ("keep-work", "keep the work folder: each runner's log, in a folder runners.txt names")
      ("no-sandbox", "run the solution and the compiler unconfined (debugging your own code only; "
                     "see README, Security)")
      ("memory-limit", "MiB of host memory for the solution's process; past it the solution gets RUNTIME_ERROR. "
                       "CPU backend: its address space (default " + std::to_string(kDefaultCpuMemoryLimitMiB) +
                       " plus twice the largest case's tensors; 0: none); GPU: its private writable memory, "
                       "RLIMIT_DATA (none unless given: CUDA reserves address space beyond any useful limit)",
       cxxopts::value<unsigned long long>())
      ("thread-limit", "threads the solution's process may run at once; past it creating one fails "
                       "(default 512; 0: none)", cxxopts::value<unsigned long long>()->default_value("512"))
      ("exchange-limit", "MiB the solution's exchange folder may hold (inputs and outputs of one call); past it "
                         "the run is stopped (default " + std::to_string(kDefaultExchangeLimitMiB) +
                         ", or more to hold one call of the largest case; 0: none)",
       cxxopts::value<unsigned long long>())
      ("check-memory", "CPU backend: build the solution with AddressSanitizer, so an access outside any "
                       "allocation is reported with the kernel's name (slower)")
      ("poison-outputs", "fill outputs with 0xFF bytes (NaN for floats) before each call instead of zeros, so an "
                         "element the solution never writes is wrong and named (stricter than the zero-fill "
                         "contract, which Tensara shares)");
  // clang-format on
  add_catalogue_flags(options);
  add_dtype_flag(options);
}

Tier tier_flag(const cxxopts::ParseResult& args, const std::string& flag) {
  const std::string text = args[flag].as<std::string>();
  try {
    return parse_tier(text);
  } catch (const std::invalid_argument&) {
    throw UsageError("--" + flag + ": unknown tier '" + printable_line(text) + "' (sample, check, full" +
                     (flag == "tier" ? ", none)" : ")"));
  }
}

// A size flag in MiB, in bytes.
std::uintmax_t mib_flag(const cxxopts::ParseResult& args, const std::string& flag) {
  const unsigned long long mib = args[flag].as<unsigned long long>();
  if (mib > (1ULL << 40)) {
    throw UsageError("--" + flag + " is in MiB; " + std::to_string(mib) +
                     " is beyond any machine (0 turns the "
                     "limit off)");
  }
  return mib << 20;
}

Backend backend_flags(const cxxopts::ParseResult& args, const std::filesystem::path& runfiles) {
  BackendRequest request;
  const std::string choice = args["backend"].as<std::string>();
  const std::optional<BackendChoice> parsed = parse_backend_choice(choice);
  if (!parsed) throw UsageError("--backend must be auto, cuda or cpu, not '" + printable_line(choice) + "'");
  request.backend = *parsed;
  if (args.count("arch")) request.arch = args["arch"].as<std::string>();
  request.runfiles = runfiles;
  // A backend this machine cannot provide is its fault, not the command
  // line's: choose_backend's errors end the judge with exit 4 (main.cc).
  Backend backend = choose_backend(request);
  if (args.count("check-memory")) enable_memory_checking(backend);
  return backend;
}

// The solution to judge: --solution, else the problem's bundled one. A
// submitted path must name a regular file itself: a link (a solution
// committed as a link to a secret), a FIFO, a device or a folder is refused
// here, without following it. Its size is the compile stage's. (A cap of 0
// bytes: checked through the descriptor, nothing read.)
void solution_flag(const cxxopts::ParseResult& args, const Problem& problem, const std::filesystem::path& runfiles,
                   JudgeOptions& options) {
  if (args.count("solution")) {
    options.solution = resolve_user_path(args["solution"].as<std::string>());
    options.solution_display = args["solution"].as<std::string>();
  } else {
    const std::filesystem::path bundled = bundled_solution(problem);
    // The judge's own file; its runfiles entry may be a link into the tree.
    std::error_code ignored;
    options.solution = std::filesystem::weakly_canonical(runfiles / bundled, ignored);
    options.solution_display = bundled.string();
  }
  const RegularFileRead file = read_regular_file(options.solution, 0);
  if (file.status != RegularFileRead::Status::Ok && file.status != RegularFileRead::Status::TooLarge) {
    throw UsageError("--solution: " + file.message);
  }
  options.solution = std::filesystem::absolute(options.solution);
}

JudgeOptions judge_options(const cxxopts::ParseResult& args, const Problem& problem, const Backend& backend,
                           const std::filesystem::path& runfiles) {
  JudgeOptions options = default_options(backend);
  solution_flag(args, problem, runfiles, options);
  if (args["tier"].as<std::string>() == "none") {
    options.check_tier = std::nullopt;
  } else {
    options.check_tier = tier_flag(args, "tier");
  }
  options.bench_tier = tier_flag(args, "bench-tier");
  if (args.count("benchmark")) options.benchmark = true;
  if (args.count("no-benchmark")) options.benchmark = false;
  if (args.count("bench-budget")) {
    options.bench.budget_seconds = args["bench-budget"].as<double>();
    if (!(options.bench.budget_seconds >= 0)) throw UsageError("--bench-budget is in seconds, 0 or more (0: none)");
  }
  // Unpredictable unless asked for: a solution that carries answers for
  // known inputs must not know which inputs it will get.
  options.seed_given = args.count("seed") > 0;
  options.seed = options.seed_given ? args["seed"].as<uint64_t>() : random_seed();
  options.case_time_limit_given = args.count("time-limit") > 0;
  if (options.case_time_limit_given) options.case_time_limit = args["time-limit"].as<double>();
  options.total_time_limit_given = args.count("total-time-limit") > 0;
  if (options.total_time_limit_given) options.total_time_limit = args["total-time-limit"].as<double>();
  options.cache_root =
      args.count("cache-dir") ? resolve_user_path(args["cache-dir"].as<std::string>()) : default_cache_root();
  options.sandbox = args.count("no-sandbox") == 0;
  if (args.count("poison-outputs")) options.output_fill = OutputFill::Poison;
  options.thread_limit = args["thread-limit"].as<unsigned long long>();
  options.cache_max_bytes = mib_flag(args, "cache-limit");
  options.compiler_memory_bytes = mib_flag(args, "compiler-memory-limit");
  if (args.count("case")) {
    if (auto note = restrict_to_case(problem, args["case"].as<std::string>(), options)) {
      std::cerr << "judge: " << *note << "\n";
    }
  }
  // Sized for the cases chosen above.
  const TestCase* largest = largest_case(problem, options);
  const CaseBytes largest_bytes = largest ? case_bytes(problem, *largest) : CaseBytes{};
  auto optional_mib = [&](const char* flag) {
    return args.count(flag) ? std::optional(args[flag].as<unsigned long long>()) : std::nullopt;
  };
  options.memory_limit_bytes = memory_limit_bytes(backend, optional_mib("memory-limit"), largest_bytes.total());
  options.exchange_limit_bytes = exchange_limit_bytes(optional_mib("exchange-limit"), largest_bytes);
  options.host_memory_available_bytes = available_host_memory();
  return options;
}

void write_json(const std::filesystem::path& path, const JudgeReport& report) {
  std::ofstream out(path);
  out << to_json(report).dump(2) << "\n";
  out.close();
  if (out) return;
  // The solution lowered the judge's file-size or open-files limit from
  // its runner: the verdict (RUNTIME_ERROR) stands, and says so.
  if (!report.judge_process_changed) throw std::runtime_error("cannot write " + path.string());
  std::cerr << "judge: cannot write " << path.string() << ": the solution changed the judge's limits\n";
}

}  // namespace

int run_judge_command(const CommandLine& line) {
  // Expected outputs live in this process: no other process of the user
  // (a solution that got out) may read its memory or attach to it.
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  // Whatever a child leaves behind becomes ours, and is killed at the end.
  adopt_orphans();
  cxxopts::Options flags("judge --problem <slug>",
                         "Judge a CUDA solution to a problem: compile, check every case, benchmark.\n"
                         "Exit codes: 0 ACCEPTED, 10 WRONG_ANSWER, 11 COMPILE_ERROR, 12 RUNTIME_ERROR,\n"
                         "13 TIME_LIMIT_EXCEEDED, 4 ERROR (a fault of the judge), 2 usage error, 3 broken problem.");
  add_judge_flags(flags);
  const std::optional<cxxopts::ParseResult> parsed = parse_flags(flags, line);
  if (!parsed) return 0;
  const cxxopts::ParseResult& args = *parsed;
  const Problem problem = open_catalogue(line, args).load(required_flag(args, "problem", "judge"), dtype_flag(args));
  const std::filesystem::path runfiles = runfiles_root(line.program).value_or(std::filesystem::path());
  const Backend backend = backend_flags(args, runfiles);
  JudgeOptions judge_options = ::judge::judge_options(args, problem, backend, runfiles);
  // A record needs the submission's author and title: refuse before judging.
  std::optional<SubmissionHeader> header;
  if (args.count("record")) {
    std::string error;
    header = read_submission_header(judge_options.solution, error);
    if (!header) throw UsageError("--record: " + error);
  }

  const bool events = args.count("events") > 0;
  const bool quiet = args.count("quiet") > 0;
  std::ostream discarded(nullptr);  // --quiet: the usual lines go nowhere
  std::ostream& human = quiet ? discarded : events ? std::cerr : std::cout;
  // A live status line on a terminal only, never with --events or --quiet.
  const std::size_t width = events || quiet ? 0 : terminal_width(STDOUT_FILENO);
  std::unique_ptr<LiveStatus> live = width > 0 ? std::make_unique<LiveStatus>(std::cout, width) : nullptr;
  human << "judge: " << problem.slug() << " (" << dtype_name(problem.dtype) << ") <- "
        << printable_line(judge_options.solution_display) << "\n";
  if (!judge_options.sandbox) {
    std::cerr << "judge: WARNING: --no-sandbox: the solution and its compiler run UNCONFINED, with every file, "
                 "process and network right you have. Never use it on code you did not write.\n";
  }
  EventSink sink = [&](const JudgeEvent& event) {
    if (events) print_event_line(std::cout, event);
    if (live) {
      live->print_above([&] { print_progress(human, event); });
    } else {
      print_progress(human, event);
    }
  };
  ProgressSink progress;
  if (live) progress = [&](const Progress& now) { live->set(now); };

  // Work folders of judges that died (killed, out of memory) go first.
  const std::filesystem::path temp_root = std::filesystem::temp_directory_path();
  std::string sweep_failures;
  if (const int swept = sweep_stale_work_dirs(temp_root, &sweep_failures)) {
    human << "judge: removed " << swept << " work folder(s) of judges that are no longer running\n";
  }
  if (!sweep_failures.empty()) {
    std::cerr << "judge: left work folders of judges that are no longer running:\n" << printable(sweep_failures);
  }
  judge_options.work_root = make_work_dir(temp_root);
  const JudgeReport report = judge_solution(problem, backend, judge_options, sink, progress);
  live.reset();
  if (const int leftover = kill_leftover_children()) {
    std::cerr << "judge: killed " << leftover << " process(es) the solution or its compiler left behind\n";
  }
  if (!args.count("keep-work")) {
    // Whatever modes the solution gave what it made; what still cannot go is said.
    if (const std::string failure = remove_tree(judge_options.work_root); !failure.empty()) {
      std::cerr << "judge: the work folder was not removed: " << printable_line(failure) << "\n";
    }
  } else {
    mark_work_dir_kept(judge_options.work_root);
    human << "work folder kept: " << printable_line(judge_options.work_root.string()) << "\n";
  }
  print_summary(human, report);
  if (quiet) print_verdict_line(std::cout, report);
  if (args.count("json")) write_json(resolve_user_path(args["json"].as<std::string>()), report);
  if (header && report.judge_process_changed) {
    std::cerr << "judge: no record written: the solution changed the judge's limits\n";
  } else if (header) {
    RecordContext context{repository_path(judge_options.solution, judge_options.solution_display),
                          *header,
                          judge_version(),
                          judge_options.seed,
                          judge_options.check_tier ? tier_name(*judge_options.check_tier) : "none",
                          judge_options.benchmark ? tier_name(judge_options.bench_tier) : "",
                          utc_now(),
                          host_cpu_model()};
    const std::filesystem::path written =
        write_record(resolve_user_path(args["record"].as<std::string>()), record_from_report(report, context));
    human << "record: " << printable_line(written.string()) << "\n";
  }
  return verdict_exit_code(report.verdict);
}

REGISTER_COMMAND(kJudgeCommandName, "judge a solution: compile, check, benchmark (also: judge --problem <slug>)",
                 run_judge_command);

}  // namespace judge
