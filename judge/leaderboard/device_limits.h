// What a device can do at most, from the properties a record carries: the
// float32 peak and the memory bandwidth. A record claiming more than either
// allows is physically impossible on that device (a timing bug, a solution
// that skips work it must do, or a forged record) and is flagged.
//
//   peak GFLOP/s  = SMs x FP32 lanes per SM (by compute capability) x 2 (FMA) x SM clock
//   bandwidth GB/s = 2 (double data rate) x memory clock x bus width / 8
//   minimal time  = (bytes of every input + every output) / bandwidth
//
// Clocks are the peak (boost) clocks the CUDA runtime reports, so both
// figures are upper bounds of what the device reaches.
#pragma once

#include <string>

#include "judge/leaderboard/record.h"

namespace judge {

// FP32 lanes per SM for a compute capability "major.minor"; 0 when the
// capability is malformed. Unknown newer capabilities get 256, twice the
// widest known SM, so the bound errs towards never flagging honest records.
int fp32_lanes_per_sm(const std::string& compute_capability);

struct DeviceLimits {
  bool known = false;         // false when the record lacks the properties
  std::string missing;        // which property is missing, when !known
  double peak_gflops = 0;
  double bandwidth_gb_per_s = 0;
};

DeviceLimits device_limits(const DeviceProperties& device);

}  // namespace judge
