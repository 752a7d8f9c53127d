// Exit status shared by the leaderboard commands (`submissions`,
// `leaderboard`): the output was written, but some input was malformed and
// left out (each named on stderr). The judge's other codes are in main.cc.
#pragma once

namespace judge {

inline constexpr int kExitSomeInputSkipped = 5;

}  // namespace judge
