// Printers for a judging run: they only render (nvbench's printers, Google
// Benchmark's reporters); the pipeline only measures and emits events.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "judge/pipeline/judging.h"

namespace judge {

// One human-readable progress line per event.
void print_progress(std::ostream& out, const nlohmann::json& event);

// The closing summary: verdict, message, per-case table, timings.
void print_summary(std::ostream& out, const JudgeReport& report);

// `--quiet`: the verdict line alone.
void print_verdict_line(std::ostream& out, const JudgeReport& report);

// `--events`: the event as one JSON line, flushed at once.
void print_event_line(std::ostream& out, const nlohmann::json& event);

}  // namespace judge
