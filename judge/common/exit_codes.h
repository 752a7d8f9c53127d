// The judge's process exit codes, in one place (README.md, "Exit codes").
// main.cc maps its error boundary to the first three; the judging command
// returns a verdict's code (judge/pipeline/verdict.h: 0 and 10-13, and
// kExitJudgeError for ERROR); the leaderboard commands may return
// kExitSomeInputSkipped.
#pragma once

namespace judge {

inline constexpr int kExitUsageError = 2;    // a bad flag or argument (UsageError)
inline constexpr int kExitProblemError = 3;  // a problem's files or definition are wrong (ProblemError)
inline constexpr int kExitJudgeError = 4;    // a fault of the judge, never the solution's
// The output was written, but some input was malformed and left out (each
// named on stderr): `judge submissions`, `judge leaderboard`.
inline constexpr int kExitSomeInputSkipped = 5;

}  // namespace judge
