// `judge --problem <slug> [--solution file.cu] ...`: the project's main job.
// Parses the flags, loads the problem, picks the backend, runs the judging
// pipeline and prints; returns the verdict's exit code.
#pragma once

namespace judge {

struct CommandLine;
int run_judge_command(const CommandLine& line);

}  // namespace judge
