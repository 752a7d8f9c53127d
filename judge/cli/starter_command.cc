// `judge starter --problem <slug> [--out file.cu]`: a ready-to-edit CUDA file
// with the exact `solution` definition the judge links against and, in a
// comment, the shapes of the sample and first full case.
#include <fstream>
#include <iostream>

#include "judge/cli/case_format.h"
#include "judge/cli/command.h"
#include "judge/cli/options.h"
#include "judge/common/errors.h"
#include "judge/common/paths.h"

namespace judge {
namespace {

std::string commented(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out += "//" + (end > start ? " " + text.substr(start, end - start) : "") + "\n";
    start = end + 1;
  }
  return out;
}

std::string starter_source(const Problem& problem) {
  std::string source;
  source += "// " + problem.statement.title + " (" + problem.slug() + ")\n";
  source += "//\n// The judge calls solution() once per test case. Every pointer is a device\n"
            "// pointer to a contiguous row-major tensor of its element type (dtype " +
            std::string(dtype_name(problem.dtype)) + "); const pointers\n"
            "// are inputs, the others are outputs to fill. Outputs hold zeros when\n"
            "// solution() is called (every call, as on Tensara), so you may accumulate\n"
            "// into them. `judge show --problem " + problem.slug() +
            "`\n// prints the statement and every case.\n//\n";
  for (Tier tier : {Tier::kSample, Tier::kFull}) {
    std::vector<const TestCase*> cases = problem.cases.tier(tier);
    if (cases.empty()) continue;
    source += std::string("// ") + (tier == Tier::kSample ? "Sample case:" : "First full (benchmark) case:") + "\n";
    source += commented(describe_case(problem, *cases.front(), "  "));
    source += "//\n";
  }
  std::string prototype = problem.signature().c_prototype();
  prototype.pop_back();  // the ';'
  source += problem.signature().c_includes() + "#include <cuda_runtime.h>\n\n" + prototype + " {\n" +
            "  // TODO: launch your kernel(s) here.\n"
            "}\n";
  return source;
}

int run_starter(const CommandLine& line) {
  cxxopts::Options options("judge starter", "Write a ready-to-edit .cu file for a problem.");
  add_problem_flags(options);
  options.add_options()("out", "file to write (default: standard output)", cxxopts::value<std::string>())(
      "force", "overwrite --out if it exists");
  std::optional<cxxopts::ParseResult> flags = parse_flags(options, line);
  if (!flags) return 0;
  Problem problem = problem_flag(line, *flags, "judge starter");
  const std::string source = starter_source(problem);

  if (!flags->count("out")) {
    std::cout << source;
    return 0;
  }
  const std::filesystem::path out = resolve_user_path(flags->operator[]("out").as<std::string>());
  // A starter is written where a solution is being edited: never clobber one.
  if (std::filesystem::exists(out) && !flags->count("force")) {
    throw UsageError("judge starter: " + out.string() + " exists; pass --force to overwrite it");
  }
  std::ofstream file(out);
  file << source;
  if (!file) throw UsageError("judge starter: cannot write " + out.string());
  std::cerr << "wrote " << out.string() << "\n";
  return 0;
}

}  // namespace

REGISTER_COMMAND("starter", "write a ready-to-edit .cu file with the exact solution() signature", run_starter);

}  // namespace judge
