// `judge show --problem <slug>`: what a user needs to write a solution: the
// statement (its Markdown rendered for a terminal, or --raw), the C
// prototype, the tolerance, and every case with its parameter values,
// tensor shapes and FLOPs.
#include <iostream>

#include "judge/cli/case_format.h"
#include "judge/cli/command.h"
#include "judge/cli/options.h"
#include "judge/problem/problem_json.h"
#include "judge/cli/terminal_text.h"

namespace judge {
namespace {

std::string offered_dtypes(const Statement& statement) {
  std::string text;
  for (ScalarType dtype : statement.dtypes) text += (text.empty() ? "" : ", ") + std::string(dtype_name(dtype));
  return text + (statement.signature.uses_var() ? "" : " (no parameter is [VAR])");
}

int run_show(const CommandLine& line) {
  cxxopts::Options options("judge show", "Show a problem's statement, C prototype, tolerance and cases.");
  add_problem_flags(options);
  options.add_options()("raw", "print the statement's Markdown as written (control characters still removed)")(
      "json", "print the problem as JSON (metadata, signature, tolerance, every case with shapes, FLOPs, bytes)");
  std::optional<cxxopts::ParseResult> flags = parse_flags(options, line);
  if (!flags) return 0;
  Problem problem = problem_flag(line, *flags, "judge show");
  if (flags->count("json")) {
    std::cout << problem_json(problem).dump(2) << "\n";
    return 0;
  }
  const Statement& statement = problem.statement;

  // Statements come from outside the judge: nothing of theirs reaches the
  // terminal unfiltered (terminal_text.h). With --raw the whole output is
  // Markdown; without, headings are underlined like the rendered statement's.
  const bool raw = flags->count("raw") > 0;
  auto heading = [raw](const std::string& text, int level) {
    return raw ? std::string(level, '#') + " " + text + "\n" : underlined(text, level == 1 ? '=' : '-');
  };
  std::cout << heading(terminal_safe(statement.title) + "  (" + statement.slug + ")", 1)
            << "difficulty: " << terminal_safe(statement.difficulty) << "   author: " << terminal_safe(statement.author)
            << "   tags: ";
  for (std::size_t i = 0; i < statement.tags.size(); ++i) std::cout << (i ? ", " : "") << terminal_safe(statement.tags[i]);
  const std::string body = raw ? terminal_safe(statement.body, true) : render_markdown(statement.body);
  std::cout << "\n" << body;
  if (!body.empty() && body.back() != '\n') std::cout << "\n";

  std::cout << "\n" << heading(std::string("C prototype (dtype ") + dtype_name(problem.dtype) + ")", 2)
            << problem.signature().c_prototype() << "\n"
            << "Pointers are device pointers to contiguous row-major tensors of their element type; const pointers "
               "are inputs.\n"
            << "Outputs hold zeros when solution() is called (every call, as on Tensara); judging with "
               "--poison-outputs fills them with 0xFF bytes instead.\n"
            << (statement.signature.uses_var() ? "dtypes offered for [VAR] (--dtype): " + offered_dtypes(statement)
                                               : std::string("no [VAR] parameter: the types are as declared"))
            << "\n"
            << "\n" << heading("Tolerance", 2);
  if (problem.definition->has_checker()) {
    // The answer is judged by the problem's own check() (a sort, a histogram,
    // an encoding), which its statement's Exact semantics describes.
    std::cout << "judged by the problem's own checker (see Exact semantics above), with rtol = "
              << problem.tolerance().rtol << ", atol = " << problem.tolerance().atol << " where it compares values\n";
  } else {
    std::cout << "|actual - expected| <= atol + rtol * |expected|, with rtol = " << problem.tolerance().rtol
              << ", atol = " << problem.tolerance().atol
              << " (NaN or Inf where the expected value is finite fails); integer outputs must be equal\n";
  }
  std::cout << "\n" << heading("FLOPs", 2) << problem.definition->flop_formula() << "\n";

  for (Tier tier : kAllTiers) {
    std::cout << "\n" << heading(std::string("Cases: ") + tier_name(tier), 2);
    for (const TestCase* test_case : problem.cases.tier(tier)) {
      std::cout << describe_case(problem, *test_case, "  ");
    }
  }
  return 0;
}

}  // namespace

REGISTER_COMMAND("show", "show a problem: statement, C prototype, tolerance, cases with shapes and FLOPs", run_show);

}  // namespace judge
