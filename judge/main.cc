// The judge's entry point: one error boundary around the command table
// (judge/cli/command.h) that turns what a command throws into an exit code
// (judge/common/exit_codes.h); a command that returns picks its own.
#include <cxxopts.hpp>
#include <iostream>

#include "judge/cli/command.h"
#include "judge/common/errors.h"
#include "judge/common/exit_codes.h"
#include "judge/common/printable.h"

int main(int argc, char** argv) {
  try {
    return judge::run_command_line(argc, argv);
  } catch (const judge::UsageError& error) {
    std::cerr << "judge: " << judge::printable(error.what()) << "\n";
    return judge::kExitUsageError;
  } catch (const cxxopts::exceptions::exception& error) {
    std::cerr << "judge: " << judge::printable(error.what()) << " (see --help)\n";
    return judge::kExitUsageError;
  } catch (const judge::ProblemError& error) {
    std::cerr << "judge: problem error: " << judge::printable(error.what()) << "\n";
    return judge::kExitProblemError;
  } catch (const std::exception& error) {
    std::cerr << "judge: internal error (not the solution's fault): " << judge::printable(error.what()) << "\n";
    return judge::kExitJudgeError;
  }
}
