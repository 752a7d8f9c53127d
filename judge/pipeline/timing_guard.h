// The one check the runner's own time still gets: the ranked time is the
// judge's clock around a whole timed batch (measurement.h), and the time
// the runner replies, measured with events inside the solution's process,
// is a diagnostic. A reply whose event time is longer than the request the
// judge saw take is impossible, so it was forged: the solution's fault.
#pragma once

#include <optional>
#include <string>

namespace judge {

// A message saying why a batch's claimed event time cannot be true: longer
// than the `round_trip_ms` the judge saw its request take; nullopt when it
// is possible.
std::optional<std::string> impossible_claim(double claimed_ms, double round_trip_ms);

}  // namespace judge
