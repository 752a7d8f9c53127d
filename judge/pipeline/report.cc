#include "judge/pipeline/report.h"

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "judge/common/printable.h"

namespace judge {

using json = nlohmann::json;

namespace {

std::string fixed(double value, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << value;
  return out.str();
}

std::string timing_label(const std::string& kind) {
  return kind == "gpu" ? "GPU time" : "CPU-emulated time (not GPU time)";
}

}  // namespace

// Every string printed here may carry a solution's bytes (a case name never
// does, but a compiler version, a reason or a message might): each goes
// through printable() on its way out.
void print_progress(std::ostream& out, const json& hostile_event) {
  const json event = printable_json(hostile_event);
  const std::string status = event.value("status", "");
  if (status == "COMPILING") {
    out << "backend: " << event.value("backend", "") << " (" << event.value("reason", "") << ")\n"
        << "compiling with " << event.value("compiler", "") << "\n";
    if (event.contains("host_memory")) out << "host memory: " << event.value("host_memory", "") << "\n";
  } else if (status == "CHECKING") {
    out << "checking " << event.value("total_tests", 0) << " '" << event.value("tier", "") << "' cases ("
        << event.value("pass", "") << " thread order)\n";
    if (event.value("pass", "") == "natural" && event.contains("time_limit")) {
      out << "  time limit: " << event.value("time_limit", "") << "\n";
    }
    if (event.value("pass", "") == "natural" && event.contains("total_time_limit")) {
      out << "  total time limit: " << fixed(event.value("total_time_limit_s", 0.0), 0) << " s so far, "
          << event.value("total_time_limit", "") << "\n";
    }
  } else if (status == "TEST_RESULT") {
    out << "  [" << event.value("index", 0) << "/" << event.value("total_tests", 0) << "] "
        << std::left << std::setw(28) << event.value("case", "") << " " << event.value("result", "") << "  ("
        << fixed(event.value("seconds", 0.0), 2) << " s";
    if (event.value("time_limit_s", 0.0) > 0) out << ", limit " << fixed(event.value("time_limit_s", 0.0), 0) << " s";
    out << ")\n";
  } else if (status == "CHECKED") {
    out << "  " << event.value("passed_tests", 0) << "/" << event.value("total_tests", 0) << " passed\n";
  } else if (status == "BENCHMARKING") {
    out << "benchmarking " << event.value("total_tests", 0) << " '" << event.value("tier", "") << "' cases, "
        << timing_label(event.value("timing", "")) << "\n";
  } else if (status == "BENCHMARK_RESULT") {
    out << "  " << std::left << std::setw(28) << event.value("case", "") << " median "
        << fixed(event.value("median_ms", 0.0), 3) << " ms (noise bound " << fixed(event.value("noise_bound_ms", 0.0), 3)
        << " ms) over " << event.value("runs", 0) << " batches of " << event.value("calls_per_batch", 0) << " calls, "
        << fixed(event.value("gflops", 0.0), 2) << " GFLOPS; event time " << fixed(event.value("event_median_ms", 0.0), 3)
        << " ms (the runner's, a diagnostic)\n";
  }
  out.flush();
}

void print_verdict_line(std::ostream& out, const JudgeReport& report) {
  out << verdict_name(report.verdict) << "  " << printable_line(report.problem) << " <- "
      << printable_line(report.solution) << std::endl;
}

void print_summary(std::ostream& out, const JudgeReport& report) {
  // The verdict line is the only line that starts with a verdict's name:
  // every line of the message is indented.
  out << "\n";
  print_verdict_line(out, report);
  if (!report.message.empty()) {
    std::istringstream message(printable(report.message));
    for (std::string line; std::getline(message, line);) out << "  " << line << "\n";
  }
  // Said only now: while the solution ran, its inputs were unpredictable.
  if (!report.checks.empty()) {
    out << "input seed " << report.seed
        << (report.seed_given ? " (--seed)" : " (drawn at random; --seed " + std::to_string(report.seed) +
                                                   " judges on the same inputs again)")
        << "\n";
  }
  // What an output held before each call: an element the solution never
  // writes passes under zeros where it stays zero, and fails under poison.
  if (!report.checks.empty() || !report.benchmarks.empty()) {
    out << "output fill: " << output_fill_name(report.output_fill)
        << (report.output_fill == OutputFill::Poison
                ? " (--poison-outputs: every byte 0xFF, NaN for floats, before each call)"
                : " (zeros before each call, Tensara's contract; --poison-outputs fills 0xFF bytes instead)")
        << "\n";
  }
  if (!report.benchmarks.empty()) {
    // A judging that ended before its benchmark did has no overall figure.
    const bool complete = report.verdict == Verdict::Accepted;
    out << "\n" << timing_label(timing_kind_name(report.timing_kind)) << " on " << printable_line(report.backend.device)
        << (complete ? ":\n" : ", of the cases timed before the judging ended (no overall figure):\n");
    int width = 16;
    for (const CaseReport& c : report.benchmarks) {
      width = std::max(width, static_cast<int>(printable_line(c.name).size()) + 2);
    }
    out << std::left << std::setw(width) << "case" << std::right << std::setw(12) << "median ms" << std::setw(12)
        << "+- bound ms" << std::setw(12) << "mean ms" << std::setw(12) << "min ms" << std::setw(12) << "max ms"
        << std::setw(9) << "rse %" << std::setw(9) << "batches" << std::setw(7) << "calls" << std::setw(12)
        << "GFLOPS" << "\n";
    for (const CaseReport& c : report.benchmarks) {
      out << std::left << std::setw(width) << printable_line(c.name) << std::right << std::setw(12) << fixed(c.timing.median_ms, 3)
          << std::setw(12) << fixed(c.measurement.noise_bound_ms, 3)
          << std::setw(12) << fixed(c.timing.mean_ms, 3) << std::setw(12) << fixed(c.timing.min_ms, 3)
          << std::setw(12) << fixed(c.timing.max_ms, 3) << std::setw(9) << fixed(100 * c.timing.rse, 2)
          << std::setw(9) << c.timing.times_ms.size() << std::setw(7) << c.measurement.calls_per_batch
          << std::setw(12) << fixed(c.timing.gflops, 2) << "\n";
    }
    if (complete) {
      out << std::left << std::setw(width) << "geometric mean" << std::right << std::setw(12)
          << fixed(report.geomean_ms, 3) << std::setw(85) << fixed(report.geomean_gflops, 2) << "\n";
    }
  }
  out.flush();
}

void print_event_line(std::ostream& out, const json& event) { out << printable_json(event).dump() << std::endl; }

}  // namespace judge
