// The path table. Columns: path, runner (solution), compiler, mounted in the
// runner's namespaces, GPU only, why. Runner and compiler differ where a
// compiler must run programs (/usr as kExecute, /bin, /etc/alternatives) and
// where only a CUDA program needs a file (the clock's zone, extra devices).
#include "harness/sandbox/policy.h"

namespace sandbox {

namespace {

constexpr Access N = Access::kNone, R = Access::kRead, X = Access::kExecute, W = Access::kWrite,
                 D = Access::kDevice;

// How many /dev/nvidiaN nodes (one per GPU) the runner may open.
constexpr int kMaxGpuNodes = 64;

}  // namespace

const std::vector<PathRule>& path_rules() {
  static const std::vector<PathRule> rules = {
      // path                        runner compiler mounted gpu
      {"/usr", R, X, true, false, "system libraries, headers and the compilers' programs"},
      {"/lib", R, X, true, false, "system libraries (a link into /usr on merged-/usr systems)"},
      {"/lib64", R, X, true, false, "the dynamic loader"},
      {"/lib32", R, X, true, false, "32-bit libraries, where installed"},
      {"/libx32", N, N, true, false, "x32 libraries, where installed: kept as the system has them"},
      {"/bin", N, X, true, false, "the compiler drivers' helper programs (a link into /usr)"},
      {"/sbin", N, X, true, false, "kept as the system has it (a link into /usr)"},
      {"/etc/ld.so.cache", R, R, true, false, "the dynamic loader's configuration"},
      {"/etc/ld.so.conf", R, R, true, false, "the dynamic loader's configuration"},
      {"/etc/ld.so.conf.d", R, R, true, false, "the dynamic loader's configuration"},
      {"/etc/ld.so.preload", R, N, true, false, "the dynamic loader's configuration"},
      {"/etc/alternatives", N, R, false, false, "Debian's links to the chosen compilers (cc, c++)"},
      {"/etc/localtime", R, N, true, false, "the C library's time zone"},
      {"/etc/nsswitch.conf", R, N, true, false, "the C library's name lookups"},
      {"/etc/passwd", N, N, true, false, "bubblewrap names the run's user; never readable under Landlock"},
      {"/etc/group", N, N, true, false, "bubblewrap names the run's group; never readable under Landlock"},
      // /proc/self resolves to the confined process's own folder when the
      // rule is made, so other processes' entries (environ, mem) stay shut.
      {"/proc/self", R, R, false, false, "its own maps, status and limits"},
      {"/proc/cpuinfo", R, R, false, false, "CPU features (OpenMP, the C library)"},
      {"/proc/meminfo", R, R, false, false, "memory size (the compilers' and runtime's heuristics)"},
      {"/proc/stat", R, N, false, false, "CPU count (OpenMP)"},
      {"/sys/devices/system/cpu", R, R, true, false, "CPU topology (OpenMP, nproc)"},
      {"/sys/devices/system/node", R, N, true, false, "NUMA topology (OpenMP)"},
      {"/sys/fs/cgroup", R, N, true, false, "the CPU quota (OpenMP's thread count)"},
      // Devices: bubblewrap's own /dev has these; nothing else is needed. A
      // compiler gets /dev/null only: an endless device (`#include
      // "/dev/zero"`) would have it read until memory runs out.
      {"/dev/null", D, D, false, false, "discarded output"},
      {"/dev/zero", D, N, false, false, "zeroed memory maps"},
      {"/dev/urandom", D, N, false, false, "random seeds"},
      {"/dev/random", D, N, false, false, "random seeds"},
      // The CUDA driver and runtime (README.md cites NVIDIA's documentation).
      {"/proc/driver/nvidia", R, N, false, true, "driver parameters and MIG capabilities"},
      {"/proc/driver/nvidia-uvm", R, N, false, true, "unified memory's parameters"},
      // Its own threads only (/proc/self, as above): the driver names the
      // threads it starts (pthread_setname_np writes task/<tid>/comm).
      {"/proc/self/task", W, N, false, true, "the driver's thread names"},
      {"/sys/bus/pci", R, N, true, true, "device topology"},
      {"/sys/devices", R, N, true, true, "device topology"},
      {"/sys/module/nvidia", R, N, true, true, "driver module parameters"},
      {"/etc/nvidia", R, N, true, true, "driver application profiles"},
      {"/usr/share/nvidia", R, N, false, true, "driver data files (under /usr, already mounted)"},
      {"/dev/nvidiactl", D, N, true, true, "the driver's control node"},
      {"/dev/nvidia-uvm", D, N, true, true, "unified memory"},
      {"/dev/nvidia-uvm-tools", D, N, true, true, "unified memory"},
      {"/dev/nvidia-modeset", D, N, true, true, "the driver's mode-setting node"},
      {"/dev/nvidia-caps", D, N, true, true, "MIG capabilities"},
      {"/run/nvidia-persistenced", W, N, true, true, "the persistence daemon's socket (AF_UNIX, which seccomp allows)"},
  };
  return rules;
}

namespace {

void add(LandlockRules& rules, Access access, const std::string& path) {
  switch (access) {
    case Access::kNone: break;
    case Access::kRead: rules.read_only.push_back(path); break;
    case Access::kExecute: rules.read_execute.push_back(path); break;
    case Access::kWrite: rules.read_write.push_back(path); break;
    case Access::kDevice: rules.devices.push_back(path); break;
  }
}

std::vector<std::string> gpu_nodes() {
  std::vector<std::string> nodes;
  for (int index = 0; index < kMaxGpuNodes; ++index) nodes.push_back("/dev/nvidia" + std::to_string(index));
  return nodes;
}

}  // namespace

LandlockRules solution_rules(bool gpu, const std::string& cuda_home) {
  LandlockRules rules;
  for (const PathRule& rule : path_rules()) {
    if (!rule.gpu_only || gpu) add(rules, rule.solution, rule.path);
  }
  if (gpu) {
    add(rules, Access::kRead, cuda_home);
    for (const std::string& node : gpu_nodes()) add(rules, Access::kDevice, node);
  }
  return rules;
}

LandlockRules compiler_rules() {
  LandlockRules rules;
  for (const PathRule& rule : path_rules()) add(rules, rule.compiler, rule.path);
  return rules;
}

std::vector<Mount> runner_mounts(bool gpu, const std::string& cuda_home) {
  std::vector<Mount> mounts;
  for (const PathRule& rule : path_rules()) {
    if (!rule.mounted || (rule.gpu_only && !gpu)) continue;
    const Mount::Kind kind = rule.solution == Access::kWrite    ? Mount::Kind::kReadWrite
                             : rule.solution == Access::kDevice ? Mount::Kind::kDevice
                                                                : Mount::Kind::kReadOnly;
    mounts.push_back({kind, rule.path});
  }
  if (gpu) {
    // The toolkit, and /usr/local/cuda too where CUDA_HOME is elsewhere (a
    // versioned folder's libraries often point back into it).
    mounts.push_back({Mount::Kind::kReadOnly, cuda_home});
    if (cuda_home != "/usr/local/cuda") mounts.push_back({Mount::Kind::kReadOnly, "/usr/local/cuda"});
    for (const std::string& node : gpu_nodes()) mounts.push_back({Mount::Kind::kDevice, node});
  }
  return mounts;
}

}  // namespace sandbox
