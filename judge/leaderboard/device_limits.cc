#include "judge/leaderboard/device_limits.h"

#include <cstdlib>

namespace judge {

int fp32_lanes_per_sm(const std::string& compute_capability) {
  const std::size_t dot = compute_capability.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 >= compute_capability.size() || compute_capability.size() > 8) {
    return 0;
  }
  for (std::size_t i = 0; i < compute_capability.size(); ++i) {
    if (i != dot && (compute_capability[i] < '0' || compute_capability[i] > '9')) return 0;
  }
  const int major = std::atoi(compute_capability.substr(0, dot).c_str());
  const int minor = std::atoi(compute_capability.substr(dot + 1).c_str());
  // CUDA C++ Programming Guide, "Arithmetic Instructions" throughput table:
  // 32-bit floating-point add/multiply/FMA results per clock per SM.
  switch (major) {
    case 3: return 192;                       // Kepler
    case 5: return 128;                       // Maxwell
    case 6: return minor == 0 ? 64 : 128;     // Pascal: GP100 64, GP10x 128
    case 7: return 64;                        // Volta, Turing
    case 8: return minor == 0 ? 64 : 128;     // Ampere: A100 64, GA10x and Ada 128
    case 9: return 128;                       // Hopper
    case 10:
    case 11:
    case 12: return 128;                      // Blackwell
    default: return major < 3 ? 0 : 256;     // unknown: generous, see the header
  }
}

DeviceLimits device_limits(const DeviceProperties& device) {
  DeviceLimits limits;
  const int lanes = fp32_lanes_per_sm(device.compute_capability);
  if (lanes == 0) limits.missing = "compute capability";
  else if (device.sm_count <= 0) limits.missing = "SM count";
  else if (device.clock_mhz <= 0) limits.missing = "SM clock";
  else if (device.memory_clock_mhz <= 0) limits.missing = "memory clock";
  else if (device.memory_bus_width_bits <= 0) limits.missing = "memory bus width";
  if (!limits.missing.empty()) return limits;
  limits.known = true;
  limits.peak_gflops = device.sm_count * static_cast<double>(lanes) * 2.0 * device.clock_mhz * 1e6 / 1e9;
  limits.bandwidth_gb_per_s = 2.0 * device.memory_clock_mhz * 1e6 * device.memory_bus_width_bits / 8.0 / 1e9;
  return limits;
}

}  // namespace judge
