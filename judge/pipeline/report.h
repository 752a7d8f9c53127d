// Printers for a judging run: they only render (nvbench's printers, Google
// Benchmark's reporters); the pipeline only measures and emits events.
#pragma once

#include <ostream>

#include "judge/pipeline/events.h"
#include "judge/pipeline/judging.h"

namespace judge {

// The human-readable progress lines of an event (none for the verdict,
// which print_summary says).
void print_progress(std::ostream& out, const JudgeEvent& event);

// The closing summary: verdict, message, per-case table, timings.
void print_summary(std::ostream& out, const JudgeReport& report);

// `--quiet`: the verdict line alone.
void print_verdict_line(std::ostream& out, const JudgeReport& report);

// `--events`: the event as one JSON line (to_json, events.h), flushed at once.
void print_event_line(std::ostream& out, const JudgeEvent& event);

}  // namespace judge
