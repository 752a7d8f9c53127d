// The closed set of outcomes of judging one solution, each with its own exit
// code. JudgeError is never the solution's fault (a broken problem, a missing
// compiler, a runner bug), and stands apart from the solution's verdicts.
#pragma once

#include <string>

namespace judge {

enum class Verdict {
  Accepted,
  WrongAnswer,
  CompileError,
  RuntimeError,
  TimeLimitExceeded,
  JudgeError,
};

// Tensara's status name: "ACCEPTED", "WRONG_ANSWER", ...
const char* verdict_name(Verdict verdict);

// Process exit code of `judge --problem ...` for each verdict (README lists them).
int verdict_exit_code(Verdict verdict);

// Parses a status name; throws std::invalid_argument for anything else.
Verdict parse_verdict(const std::string& name);

}  // namespace judge
