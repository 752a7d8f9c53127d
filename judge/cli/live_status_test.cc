#include "judge/cli/live_status.h"

#include <gtest/gtest.h>

#include <sstream>

namespace judge {
namespace {

TEST(StatusLine, ShowsElapsedExpectedBarAndLimit) {
  const Progress progress{"running 'upstream' (natural pass, seed 1)", 40, "the reference's time", 400};
  const std::string line = status_line(progress, 12.3, 0, 200);
  EXPECT_EQ(line,
            "| running 'upstream' (natural pass, seed 1)  12.3 s / ~40.0 s [###.......] (the reference's time), "
            "limit 400 s");
}

TEST(StatusLine, SaysWhenAStepRunsLongerThanExpected) {
  const std::string line = status_line(Progress{"x", 2, "", 0}, 5, 1, 200);
  EXPECT_EQ(line, "/ x  5.0 s / ~2.0 s (longer than expected)");
}

TEST(StatusLine, NeverWrapsAndEscapesWhatItShows) {
  const std::string line = status_line(Progress{"case \x1b[2J\xc3\xa9 and a long tail", 0, "", 0}, 1, 2, 12);
  EXPECT_EQ(line.find('\x1b'), std::string::npos) << line;
  EXPECT_EQ(line, "- case \\x1b");  // 11 columns: one short of the width, so the cursor stays on the line
}

TEST(LiveStatus, ClearsItsLineBeforeNormalOutputAndAtTheEnd) {
  std::ostringstream out;
  {
    LiveStatus status(out, 80);
    status.set(Progress{"preparing 'tiny'", 0, "", 0});
    status.print_above([&] { out << "a normal line\n"; });
    status.set(Progress{});
  }
  const std::string text = out.str();
  const std::size_t normal = text.find("a normal line\n");
  ASSERT_NE(normal, std::string::npos) << text;
  // The status line was erased ("\r" + erase-line) just before the normal line.
  EXPECT_EQ(text.rfind("\r\x1b[2K", normal), normal - 5) << text;
  // And it ends erased: nothing after the last erase-line.
  EXPECT_EQ(text.substr(text.rfind("\r\x1b[2K") + 5).find_first_not_of("\r\x1b[2K"), std::string::npos) << text;
}

}  // namespace
}  // namespace judge
