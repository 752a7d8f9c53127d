#include "judge/pipeline/timing_guard.h"

#include <cstdio>

namespace judge {

std::optional<std::string> impossible_claim(double claimed_ms, double round_trip_ms) {
  // A GPU event interval lies inside the request; allow clock granularity.
  if (claimed_ms <= round_trip_ms * 1.01 + 0.5) return std::nullopt;
  char text[300];
  std::snprintf(text, sizeof text,
                "a timed batch's reply claimed %.4f ms of event time, longer than the %.4f ms the whole request took "
                "by the judge's clock: the reply was forged",
                claimed_ms, round_trip_ms);
  return std::string(text);
}

}  // namespace judge
