// Layers 3-5 for the runner, in the order they must come.
#include "harness/sandbox/sandbox.h"

#include "harness/sandbox/policy.h"

namespace sandbox {

std::string confine_solution_process(const SolutionConfinement& confinement) {
  apply_limits(confinement.limits);
  close_inherited_descriptors(confinement.keep_fds);

  LandlockRules rules = solution_rules(confinement.gpu, confinement.cuda_home);
  rules.read_execute.insert(rules.read_execute.end(), confinement.read.begin(), confinement.read.end());
  rules.read_write.insert(rules.read_write.end(), confinement.write.begin(), confinement.write.end());
  const LandlockReport report = apply_landlock(rules);

  install_seccomp(SeccompProfile::Solution, SeccompOptions{confinement.gpu});
  return report.summary();
}

}  // namespace sandbox
