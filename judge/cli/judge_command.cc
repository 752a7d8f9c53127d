#include "judge/cli/judge_command.h"

#include <sys/prctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cxxopts.hpp>
#include <fstream>
#include <iostream>
#include <memory>

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
#include "judge/pipeline/report.h"
#include "judge/pipeline/report_json.h"
#include "judge/pipeline/subprocess.h"

namespace judge {

namespace {

std::string case_names(const std::vector<const TestCase*>& cases) {
  std::string names;
  for (const TestCase* test_case : cases) names += (names.empty() ? "" : ", ") + test_case->name;
  return names;
}

// --case names a case of the tier being checked; the benchmark times it only
// if its tier has it too (otherwise it is skipped, and the judge says so).
// Case names are unique across a problem's tiers, so one lookup tells both.
void require_case(const Problem& problem, JudgeOptions& options) {
  const TestCase* chosen = problem.cases.find(options.only_case);
  auto in_tier = [&](const std::string& tier) { return chosen != nullptr && chosen->tier == parse_tier(tier); };
  auto no_such_case = [&](const std::string& tier) {
    return UsageError("--case: " + problem.slug() + " has no case '" + printable_line(options.only_case) +
                      "' in its '" + tier + "' tier (" + case_names(problem.cases.tier(parse_tier(tier))) + ")");
  };
  if (options.check_tier != "none" && !in_tier(options.check_tier)) throw no_such_case(options.check_tier);
  if (options.benchmark && !in_tier(options.bench_tier)) {
    if (options.check_tier == "none") throw no_such_case(options.bench_tier);
    std::cerr << "judge: --case " << printable_line(options.only_case) << " is not in the '" << options.bench_tier
              << "' tier: no benchmark\n";
    options.benchmark = false;
  }
}

}  // namespace

int run_judge_command(const CommandLine& line) {
  // Expected outputs live in this process: no other process of the user
  // (a solution that got out) may read its memory or attach to it.
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  // Whatever a child leaves behind becomes ours, and is killed at the end.
  adopt_orphans();
  cxxopts::Options options("judge --problem <slug>",
                           "Judge a CUDA solution to a problem: compile, check every case, benchmark.\n"
                           "Exit codes: 0 ACCEPTED, 10 WRONG_ANSWER, 11 COMPILE_ERROR, 12 RUNTIME_ERROR,\n"
                           "13 TIME_LIMIT_EXCEEDED, 4 ERROR (a fault of the judge), 2 usage error, 3 broken problem.");
  options.add_options()
      ("problem", "problem slug (see `judge list`)", cxxopts::value<std::string>())
      ("solution", "the .cu file to judge (default: the problem's bundled solution)", cxxopts::value<std::string>())
      ("backend", "auto (GPU if the CUDA runtime finds one, else CPU), cuda or cpu",
       cxxopts::value<std::string>()->default_value("auto"))
      ("arch", "GPU architecture for nvcc, e.g. sm_90 (default: the device's)", cxxopts::value<std::string>())
      ("tier", "cases to check: sample, check, full or none", cxxopts::value<std::string>()->default_value("check"))
      ("benchmark", "time the benchmark cases (default on a GPU; on the CPU backend only when asked)")
      ("no-benchmark", "skip timing, also on a GPU")
      ("bench-tier", "cases to time", cxxopts::value<std::string>()->default_value("full"))
      ("seed", "input seed: the natural pass uses seed and seed+1, the CPU backend's shuffled pass seed+2 and "
               "seed+3", cxxopts::value<uint64_t>()->default_value("1"))
      ("time-limit", "seconds per call of the solution (and per timed run), for every case (default: 60 on a "
                     "GPU; on the CPU backend derived per case, 100x the reference's time and at least 60)",
       cxxopts::value<double>()->default_value("60"))
      ("case", "judge only this case of the tier (and of the bench tier, when benchmarking)",
       cxxopts::value<std::string>())
      ("quiet", "print only the verdict line (messages still go to --json and stderr)")
      ("total-time-limit", "wall-clock seconds for the whole judging, from the end of compiling to the verdict",
       cxxopts::value<double>()->default_value("1800"))
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
      ("keep-work", "keep the folder of exchanged tensors and runner logs")
      ("no-sandbox", "run the solution and the compiler unconfined (debugging your own code only; "
                     "see README, Security)")
      ("memory-limit", "CPU backend: address-space limit of the solution's process in MiB; past it the "
                       "solution gets RUNTIME_ERROR (default 8192; 0: none)", cxxopts::value<unsigned long long>())
      ("thread-limit", "threads the solution's process may run at once; past it creating one fails "
                       "(default 512; 0: none)", cxxopts::value<unsigned long long>()->default_value("512"))
      ("exchange-limit", "MiB the solution's exchange folder may hold (inputs and outputs of one call); past it "
                         "the run is stopped (default 4096; 0: none)",
       cxxopts::value<unsigned long long>()->default_value("4096"))
      ("check-memory", "CPU backend: build the solution with AddressSanitizer, so an access outside any "
                       "allocation is reported with the kernel's name (slower)");
  add_catalogue_flags(options);
  add_dtype_flag(options);
  const std::optional<cxxopts::ParseResult> parsed = parse_flags(options, line);
  if (!parsed) return 0;
  const cxxopts::ParseResult& args = *parsed;
  const Problem problem = open_catalogue(line, args).load(required_flag(args, "problem", "judge"), dtype_flag(args));

  const std::filesystem::path runfiles = runfiles_root(line.program).value_or(std::filesystem::path());

  JudgeOptions judge_options;
  if (args.count("solution")) {
    judge_options.solution = resolve_user_path(args["solution"].as<std::string>());
    judge_options.solution_display = args["solution"].as<std::string>();
  } else {
    // The bundled solution of a dtype other than the default is
    // <dtype>_default.cu (solutions/README.md).
    const bool default_dtype = problem.dtype == problem.statement.dtypes.front();
    const std::filesystem::path bundled =
        std::filesystem::path("solutions") / problem.slug() /
        (default_dtype ? std::string("default.cu") : std::string(dtype_name(problem.dtype)) + "_default.cu");
    // The judge's own file; its runfiles entry may be a link into the tree.
    std::error_code ignored;
    judge_options.solution = std::filesystem::weakly_canonical(runfiles / bundled, ignored);
    judge_options.solution_display = bundled.string();
  }
  // A submitted path must name a regular file itself: a link (a solution
  // committed as a link to a secret), a FIFO, a device or a folder is
  // refused here, without following it. Its size is the compile stage's.
  // (A cap of 0 bytes: checked through the descriptor, nothing read.)
  const RegularFileRead solution_file = read_regular_file(judge_options.solution, 0);
  if (solution_file.status != RegularFileRead::Status::Ok && solution_file.status != RegularFileRead::Status::TooLarge) {
    throw UsageError("--solution: " + solution_file.message);
  }
  judge_options.solution = std::filesystem::absolute(judge_options.solution);
  // A record needs the submission's author and title: refuse before judging.
  std::optional<SubmissionHeader> header;
  if (args.count("record")) {
    std::string error;
    header = read_submission_header(judge_options.solution, error);
    if (!header) throw UsageError("--record: " + error);
  }
  judge_options.check_tier = args["tier"].as<std::string>();
  judge_options.bench_tier = args["bench-tier"].as<std::string>();
  judge_options.seed = args["seed"].as<uint64_t>();
  judge_options.case_time_limit = args["time-limit"].as<double>();
  judge_options.case_time_limit_given = args.count("time-limit") > 0;
  judge_options.total_time_limit = args["total-time-limit"].as<double>();
  judge_options.cache_root = args.count("cache-dir") ? resolve_user_path(args["cache-dir"].as<std::string>())
                                                     : default_cache_root();
  for (const std::string* tier : {&judge_options.check_tier, &judge_options.bench_tier}) {
    if (*tier != "sample" && *tier != "check" && *tier != "full" && !(tier == &judge_options.check_tier && *tier == "none")) {
      throw UsageError("unknown tier '" + *tier + "' (sample, check, full" +
                       (tier == &judge_options.check_tier ? ", none)" : ")"));
    }
  }
  if (args.count("case")) judge_options.only_case = args["case"].as<std::string>();

  BackendRequest backend_request;
  backend_request.backend = args["backend"].as<std::string>();
  if (args.count("arch")) backend_request.arch = args["arch"].as<std::string>();
  backend_request.runfiles = runfiles;
  Backend backend;
  try {
    backend = choose_backend(backend_request);
    if (args.count("check-memory")) enable_memory_checking(backend);
  } catch (const std::exception& error) {
    // A bad --backend, or a forced backend this machine cannot provide.
    throw UsageError(error.what());
  }
  judge_options.sandbox = args.count("no-sandbox") == 0;
  // A default memory limit where one can apply: the CPU backend without
  // AddressSanitizer (a GPU's memory is bounded by the device).
  constexpr unsigned long long kDefaultMemoryLimitMiB = 8192;
  const bool memory_limit_given = args.count("memory-limit") > 0;
  judge_options.memory_limit_bytes =
      (memory_limit_given ? args["memory-limit"].as<unsigned long long>()
                          : (backend.kind == BackendKind::Cpu && !backend.check_memory ? kDefaultMemoryLimitMiB : 0))
      << 20;
  judge_options.thread_limit = args["thread-limit"].as<unsigned long long>();
  judge_options.exchange_limit_bytes = args["exchange-limit"].as<unsigned long long>() << 20;
  if (judge_options.memory_limit_bytes && backend.kind != BackendKind::Cpu) {
    throw UsageError("--memory-limit applies to the CPU backend only (CUDA reserves address space beyond any "
                     "useful limit; a GPU's memory is bounded by the device)");
  }
  if (judge_options.memory_limit_bytes && backend.check_memory) {
    throw UsageError("--memory-limit cannot be combined with --check-memory (AddressSanitizer reserves terabytes of "
                     "address space)");
  }
  for (const char* flag : {"cache-limit", "compiler-memory-limit"}) {
    if (args[flag].as<unsigned long long>() > (1ULL << 40)) {
      throw UsageError(std::string("--") + flag + " is in MiB; " + std::to_string(args[flag].as<unsigned long long>()) +
                       " is beyond any machine (0 turns the limit off)");
    }
  }
  judge_options.cache_max_bytes = args["cache-limit"].as<unsigned long long>() << 20;
  judge_options.compiler_memory_bytes = args["compiler-memory-limit"].as<unsigned long long>() << 20;
  judge_options.benchmark = args.count("benchmark") ? true : backend.kind == BackendKind::Cuda;
  if (args.count("no-benchmark")) judge_options.benchmark = false;
  if (!judge_options.only_case.empty()) require_case(problem, judge_options);

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
  EventSink sink = [&](const nlohmann::json& event) {
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
  if (const int swept = sweep_stale_work_dirs(temp_root)) {
    human << "judge: removed " << swept << " work folder(s) of judges that are no longer running\n";
  }
  judge_options.work_root = make_work_dir(temp_root);
  const JudgeReport report = judge_solution(problem, backend, judge_options, sink, progress);
  live.reset();
  if (const int leftover = kill_leftover_children()) {
    std::cerr << "judge: killed " << leftover << " process(es) the solution or its compiler left behind\n";
  }
  if (!args.count("keep-work")) {
    std::error_code ignored;
    std::filesystem::remove_all(judge_options.work_root, ignored);
  } else {
    mark_work_dir_kept(judge_options.work_root);
    human << "work folder kept: " << printable_line(judge_options.work_root.string()) << "\n";
  }
  print_summary(human, report);
  if (quiet) print_verdict_line(std::cout, report);
  if (args.count("json")) {
    const std::filesystem::path path = resolve_user_path(args["json"].as<std::string>());
    std::ofstream out(path);
    out << to_json(report).dump(2) << "\n";
    out.close();
    if (!out) {
      // The solution lowered the judge's file-size or open-files limit from
      // its runner: the verdict (RUNTIME_ERROR) stands, and says so.
      if (!report.judge_process_changed) throw std::runtime_error("cannot write " + path.string());
      std::cerr << "judge: cannot write " << path.string() << ": the solution changed the judge's limits\n";
    }
  }
  if (header && report.judge_process_changed) {
    std::cerr << "judge: no record written: the solution changed the judge's limits\n";
  } else if (header) {
    RecordContext context{repository_path(judge_options.solution, judge_options.solution_display),
                          *header,
                          judge_version(),
                          judge_options.seed,
                          judge_options.check_tier,
                          judge_options.benchmark ? judge_options.bench_tier : "",
                          utc_now(),
                          host_cpu_model()};
    const std::filesystem::path written = write_record(resolve_user_path(args["record"].as<std::string>()),
                                                       record_from_report(report, context));
    human << "record: " << printable_line(written.string()) << "\n";
  }
  return verdict_exit_code(report.verdict);
}

REGISTER_COMMAND(kJudgeCommandName, "judge a solution: compile, check, benchmark (also: judge --problem <slug>)",
                 run_judge_command);

}  // namespace judge
