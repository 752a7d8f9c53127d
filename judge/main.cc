// The judge's entry point: one error boundary around the command table
// (judge/cli/command.h). Exit codes: 0 ok, 4 the judge's own fault, 2 usage
// error, 3 a problem's files or definition are wrong; commands may return
// others of their own.
#include <cxxopts.hpp>
#include <iostream>

#include "judge/cli/command.h"
#include "judge/common/errors.h"
#include "judge/common/printable.h"

int main(int argc, char** argv) {
  try {
    return judge::run_command_line(argc, argv);
  } catch (const judge::UsageError& error) {
    std::cerr << "judge: " << judge::printable(error.what()) << "\n";
    return 2;
  } catch (const cxxopts::exceptions::exception& error) {
    std::cerr << "judge: " << judge::printable(error.what()) << " (see --help)\n";
    return 2;
  } catch (const judge::ProblemError& error) {
    std::cerr << "judge: problem error: " << judge::printable(error.what()) << "\n";
    return 3;
  } catch (const std::exception& error) {
    std::cerr << "judge: internal error (not the solution's fault): " << judge::printable(error.what()) << "\n";
    return 4;
  }
}
