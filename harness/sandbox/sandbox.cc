#include "harness/sandbox/sandbox.h"

#include <unistd.h>

namespace sandbox {

std::vector<std::string> system_read_paths() {
  return {
      "/usr", "/lib", "/lib64", "/lib32",
      "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/ld.so.preload",
      "/etc/localtime", "/etc/nsswitch.conf",
      // /proc/self resolves to this process's own folder when the rule is
      // made, so other processes' /proc entries (environ, mem) stay shut.
      "/proc/self", "/proc/cpuinfo", "/proc/meminfo", "/proc/stat",
      "/sys/devices/system/cpu", "/sys/devices/system/node", "/sys/fs/cgroup",
  };
}

LandlockRules gpu_rules(const std::string& cuda_home) {
  LandlockRules rules;
  rules.read_only = {
      cuda_home,
      "/proc/driver/nvidia",  // driver parameters and MIG capabilities
      "/sys/bus/pci", "/sys/devices", "/sys/module/nvidia",  // device topology
      "/etc/nvidia",                        // driver application profiles
      "/usr/share/nvidia",
  };
  rules.devices = {
      "/dev/nvidiactl", "/dev/nvidia-uvm", "/dev/nvidia-uvm-tools", "/dev/nvidia-modeset", "/dev/nvidia-caps",
  };
  for (int index = 0; index < 64; ++index) rules.devices.push_back("/dev/nvidia" + std::to_string(index));
  // nvidia-persistenced's socket (AF_UNIX, which seccomp allows).
  rules.read_write = {"/run/nvidia-persistenced"};
  return rules;
}

std::string confine_solution_process(const SolutionConfinement& confinement) {
  apply_limits(confinement.limits);
  close_inherited_descriptors(confinement.keep_fds);

  LandlockRules rules;
  if (confinement.gpu) rules = gpu_rules(confinement.cuda_home);
  for (const std::string& path : system_read_paths()) rules.read_only.push_back(path);
  rules.read_execute = confinement.read;
  rules.read_write.insert(rules.read_write.end(), confinement.write.begin(), confinement.write.end());
  rules.devices.insert(rules.devices.end(), {"/dev/null", "/dev/zero", "/dev/urandom", "/dev/random"});
  const LandlockReport report = apply_landlock(rules);

  install_seccomp(SeccompProfile::Solution, SeccompOptions{confinement.gpu});
  return report.summary();
}

}  // namespace sandbox
