#include "judge/pipeline/verdict.h"

#include <stdexcept>

#include "judge/common/exit_codes.h"

namespace judge {

const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::Accepted: return "ACCEPTED";
    case Verdict::WrongAnswer: return "WRONG_ANSWER";
    case Verdict::CompileError: return "COMPILE_ERROR";
    case Verdict::RuntimeError: return "RUNTIME_ERROR";
    case Verdict::TimeLimitExceeded: return "TIME_LIMIT_EXCEEDED";
    case Verdict::JudgeError: return "ERROR";
  }
  return "ERROR";
}

int verdict_exit_code(Verdict verdict) {
  switch (verdict) {
    case Verdict::Accepted: return 0;
    case Verdict::WrongAnswer: return 10;
    case Verdict::CompileError: return 11;
    case Verdict::RuntimeError: return 12;
    case Verdict::TimeLimitExceeded: return 13;
    case Verdict::JudgeError: return kExitJudgeError;
  }
  return kExitJudgeError;
}

Verdict parse_verdict(const std::string& name) {
  for (Verdict verdict : {Verdict::Accepted, Verdict::WrongAnswer, Verdict::CompileError, Verdict::RuntimeError,
                          Verdict::TimeLimitExceeded, Verdict::JudgeError}) {
    if (name == verdict_name(verdict)) return verdict;
  }
  throw std::invalid_argument("unknown verdict '" + name +
                              "' (expected ACCEPTED, WRONG_ANSWER, COMPILE_ERROR, RUNTIME_ERROR, "
                              "TIME_LIMIT_EXCEEDED or ERROR)");
}

}  // namespace judge
