// Benchmark: the whole leaderboard build (read, check, rank, render, write)
// from 10,000 generated records: 5 problems x 4 GPU devices x 400 authors'
// records plus CPU-emulated ones, each record file written as
// `judge --record` writes them. Prints the time of each phase; the goal is
// under 2 s for the whole build.
//
//   bazel run -c opt //judge/leaderboard:leaderboard_benchmark [-- RECORDS [KEEP_SITE_DIR]]
#include <chrono>
#include <ctime>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>

#include "judge/leaderboard/publish.h"
#include "judge/leaderboard/record.h"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// CPU seconds of this process (all threads): on a machine shared with other
// work, wall time also counts waiting for a core.
double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

judge::DeviceProperties device(int index) {
  judge::DeviceProperties d;
  const char* names[] = {"NVIDIA H100 80GB HBM3", "NVIDIA A100-SXM4-40GB", "NVIDIA L4", "NVIDIA GeForce RTX 4090"};
  d.name = names[index % 4];
  d.compute_capability = index % 4 == 1 ? "8.0" : "8.9";
  d.sm_count = 100;
  d.clock_mhz = 1800;
  d.memory_clock_mhz = 2000;
  d.memory_bus_width_bits = 4096;
  d.driver_version = d.runtime_version = "13.0";
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  const int count = argc > 1 ? std::atoi(argv[1]) : 10000;
  const fs::path root = fs::temp_directory_path() / ("leaderboard-benchmark-" + std::to_string(getpid()));
  const fs::path results = root / "records", out = root / "site";

  // Problems: 5, each with a 3-case full tier.
  judge::ProblemFactsBySlug problems;
  for (int p = 0; p < 5; ++p) {
    judge::ProblemFacts& facts = problems["problem-" + std::to_string(p)];
    facts.title = "Problem " + std::to_string(p);
    for (int c = 0; c < 3; ++c) {
      const std::string name = "case-" + std::to_string(c);
      facts.tier_cases["full"].push_back(name);
      facts.cases[name] = {1e9 * (c + 1), 1e8 * (c + 1)};
    }
  }

  fs::create_directories(results);
  auto start = Clock::now();
  std::mt19937 random(42);
  std::uniform_real_distribution<double> jitter(1.0, 3.0);
  for (int i = 0; i < count; ++i) {
    judge::Record record;
    const int p = i % 5;
    record.problem = "problem-" + std::to_string(p);
    const int author = (i / 20) % 400;
    const bool baseline = author == 0;
    record.solution_path = "solutions/" + record.problem + "/" + (baseline ? "default" : "s" + std::to_string(i)) + ".cu";
    record.solution_hash = std::to_string(i);
    record.author = baseline ? "judge maintainers" : "author " + std::to_string(author);
    record.title = "submission " + std::to_string(i);
    record.verdict = i % 50 == 7 ? "WRONG_ANSWER" : "ACCEPTED";
    record.timing = i % 25 == 3 ? judge::kTimingCpuEmulated : judge::kTimingGpu;
    record.device = device(i / 5);
    record.judge_version = "0123456789abcdef";
    record.seed = 1;
    // Spread over 60 days, so the history charts have a race to draw.
    record.created = "2026-" + std::string(i % 60 < 30 ? "10-" : "11-") + (i % 30 + 1 < 10 ? "0" : "") +
                     std::to_string(i % 30 + 1) + "T" + (i % 24 < 10 ? "0" : "") + std::to_string(i % 24) + ":00:00Z";
    record.check_tier = "check";
    record.bench_tier = "full";
    for (int c = 0; c < 3; ++c) {
      const double ms = (baseline ? 4.0 : jitter(random)) * (c + 1);
      record.cases.push_back({"case-" + std::to_string(c), 1e9 * (c + 1), ms, ms, ms, ms, 0.005, 30, 1e9 * (c + 1) / ms / 1e6});
    }
    // As `--record` writes them, minus the fsync (10,000 fsyncs would time the disk).
    std::ofstream(results / (record.problem + "--" + std::to_string(i) + ".json")) << judge::record_to_json(record).dump(2);
  }
  std::cout << "generated " << count << " records in " << seconds_since(start) << " s (not part of the build)\n";

  // Each phase's wall and CPU time: on a machine shared with other work the
  // wall time also counts waiting for a core.
  struct Phase {
    Clock::time_point wall = Clock::now();
    double cpu = cpu_seconds();
    std::string done() const {
      return std::to_string(seconds_since(wall)) + " s wall, " + std::to_string(cpu_seconds() - cpu) + " s CPU";
    }
  };
  Phase phase;
  const judge::RecordFolder folder = judge::load_record_folder(results);
  std::cout << "read and check " << folder.records.size() << " records: " << phase.done() << "\n";
  phase = Phase();
  const judge::Leaderboard leaderboard = judge::build_leaderboard(folder, problems, {}, judge::utc_now());
  std::cout << "rank (" << leaderboard.boards.size() << " boards, " << leaderboard.cpu_emulated.size()
            << " CPU-emulated rows): " << phase.done() << "\n";
  phase = Phase();
  const nlohmann::json data = judge::leaderboard_json(leaderboard, {});
  std::cout << "render the data (leaderboard.json's object): " << phase.done() << "\n";
  for (const judge::PublishedFormat& format : judge::published_formats()) {
    phase = Phase();
    const std::string text = format.render(data);
    std::cout << "render " << format.file_name << " (" << text.size() / 1024 << " KiB): " << phase.done() << "\n";
  }

  phase = Phase();
  const judge::Leaderboard published = judge::publish_leaderboard(results, out, problems, {}, {}, judge::utc_now());
  std::cout << "whole build (read, rank, render, write " << fs::file_size(out / "index.html") / 1024
            << " KiB index.html): " << phase.done() << "  (goal: under 2 s)\n";
  if (argc > 2) {
    fs::create_directories(argv[2]);
    fs::copy(out, argv[2], fs::copy_options::overwrite_existing | fs::copy_options::recursive);
    std::cout << "the site is kept in " << argv[2] << "\n";
  }
  fs::remove_all(root);
  return published.skipped.empty() ? 0 : 1;
}
