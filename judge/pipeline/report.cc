#include "judge/pipeline/report.h"

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "judge/common/printable.h"

namespace judge {

namespace {

std::string fixed(double value, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << value;
  return out.str();
}

std::string timing_label(TimingKind kind) {
  return kind == TimingKind::Gpu ? "GPU time" : "CPU-emulated time (not GPU time)";
}

// One event's progress lines. Every string printed here may carry a
// solution's bytes (a case name never does, but a compiler version, a reason
// or a message might): each goes through printable_line() on its way out, so
// that none can start a line of its own (a forged verdict line).
class ProgressPrinter {
 public:
  explicit ProgressPrinter(std::ostream& out) : m_out(out) {}

  void operator()(const CompilingEvent& event) const {
    m_out << "backend: " << printable_line(event.backend) << " (" << printable_line(event.reason) << ")\n"
          << "compiling with " << printable_line(event.compiler) << "\n";
    if (!event.host_memory.empty()) m_out << "host memory: " << printable_line(event.host_memory) << "\n";
  }
  void operator()(const CheckingEvent& event) const {
    m_out << "checking " << event.total_tests << " '" << tier_name(event.tier) << "' cases ("
          << check_pass_name(event.pass) << " thread order)\n";
    // The limits are the same for both passes: said once.
    if (event.pass == CheckPass::Natural) {
      m_out << "  time limit: " << printable_line(event.time_limit_rule) << "\n"
            << "  total time limit: " << fixed(event.total_time_limit_seconds, 0) << " s so far, "
            << printable_line(event.total_time_limit_rule) << "\n";
    }
  }
  void operator()(const TestResultEvent& event) const {
    m_out << "  [" << event.index << "/" << event.total_tests << "] " << std::left << std::setw(28)
          << printable_line(event.case_name) << " " << (event.passed ? "PASSED" : "FAILED") << "  ("
          << fixed(event.seconds, 2) << " s";
    if (event.time_limit_seconds > 0) m_out << ", limit " << fixed(event.time_limit_seconds, 0) << " s";
    m_out << ")\n";
  }
  void operator()(const CheckedEvent& event) const {
    m_out << "  " << event.passed_tests << "/" << event.total_tests << " passed\n";
  }
  void operator()(const BenchmarkingEvent& event) const {
    m_out << "benchmarking " << event.total_tests << " '" << tier_name(event.tier) << "' cases, "
          << timing_label(event.timing) << "\n";
  }
  void operator()(const BenchmarkResultEvent& event) const {
    m_out << "  " << std::left << std::setw(28) << printable_line(event.case_name) << " median "
          << fixed(event.median_ms, 3) << " ms (noise bound " << fixed(event.noise_bound_ms, 3) << " ms) over "
          << event.runs << " batches of " << event.calls_per_batch << " calls, " << fixed(event.gflops, 2)
          << " GFLOPS; event time " << fixed(event.event_median_ms, 3) << " ms (the runner's, a diagnostic)\n";
  }
  // BENCHMARKED's figures and the verdict are the summary's to say.
  void operator()(const BenchmarkedEvent&) const {}
  void operator()(const VerdictEvent&) const {}

 private:
  std::ostream& m_out;
};

}  // namespace

void print_progress(std::ostream& out, const JudgeEvent& event) {
  std::visit(ProgressPrinter(out), event);
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
        << (report.seed_given
                ? " (--seed)"
                : " (drawn at random; --seed " + std::to_string(report.seed) + " judges on the same inputs again)")
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
    out << "\n"
        << timing_label(report.timing_kind) << " on " << printable_line(report.backend.device)
        << (complete ? ":\n" : ", of the cases timed before the judging ended (no overall figure):\n");
    int width = 16;
    for (const CaseReport& c : report.benchmarks) {
      width = std::max(width, static_cast<int>(printable_line(c.name).size()) + 2);
    }
    out << std::left << std::setw(width) << "case" << std::right << std::setw(12) << "median ms" << std::setw(12)
        << "+- bound ms" << std::setw(12) << "mean ms" << std::setw(12) << "min ms" << std::setw(12) << "max ms"
        << std::setw(9) << "rse %" << std::setw(9) << "batches" << std::setw(7) << "calls" << std::setw(12) << "GFLOPS"
        << "\n";
    for (const CaseReport& c : report.benchmarks) {
      out << std::left << std::setw(width) << printable_line(c.name) << std::right << std::setw(12)
          << fixed(c.timing.median_ms, 3) << std::setw(12) << fixed(c.measurement.noise_bound_ms, 3) << std::setw(12)
          << fixed(c.timing.mean_ms, 3) << std::setw(12) << fixed(c.timing.min_ms, 3) << std::setw(12)
          << fixed(c.timing.max_ms, 3) << std::setw(9) << fixed(100 * c.timing.rse, 2) << std::setw(9)
          << c.timing.times_ms.size() << std::setw(7) << c.measurement.calls_per_batch << std::setw(12)
          << fixed(c.timing.gflops, 2) << "\n";
    }
    if (complete) {
      out << std::left << std::setw(width) << "geometric mean" << std::right << std::setw(12)
          << fixed(report.geomean_ms, 3) << std::setw(85) << fixed(report.geomean_gflops, 2) << "\n";
    }
  }
  out.flush();
}

void print_event_line(std::ostream& out, const JudgeEvent& event) {
  out << printable_json(to_json(event)).dump() << std::endl;
}

}  // namespace judge
