#include "judge/common/printable.h"

#include <gtest/gtest.h>

#include <random>

namespace judge {
namespace {

TEST(Printable, KeepsPlainTextAndUtf8) {
  EXPECT_EQ(printable("error: x.cu:3: expected ';'\n\tnote: here"), "error: x.cu:3: expected ';'\n\tnote: here");
  EXPECT_EQ(printable("Größe — 検査 ✓"), "Größe — 検査 ✓");
  EXPECT_EQ(printable("a::b and std::size_t"), "a::b and std::size_t");
}

TEST(Printable, EscapesTerminalControls) {
  EXPECT_EQ(printable("\x1b[2J\x1b[Hclear"), "\\x1b[2J\\x1b[Hclear");
  EXPECT_EQ(printable("fake\rACCEPTED"), "fake\\x0dACCEPTED");
  EXPECT_EQ(printable(std::string("nul\0bel\a del\x7f", 13)), "nul\\x00bel\\x07 del\\x7f");
  EXPECT_EQ(printable_line("two\nlines"), "two\\x0alines");
}

TEST(Printable, EscapesInvalidUtf8AndInvisibleCodePoints) {
  EXPECT_EQ(printable("\xff\xfe"), "\\xff\\xfe");
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");            // overlong '/'
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");   // a surrogate
  EXPECT_EQ(printable("cut \xe2\x80"), "cut \\xe2\\x80");    // truncated sequence
  EXPECT_EQ(printable("\xc2\x9b" "31m"), "\\u009b31m");     // C1 CSI
  EXPECT_EQ(printable("a\xe2\x80\xae" "b"), "a\\u202eb");   // right-to-left override
  EXPECT_EQ(printable("line\xe2\x80\xa8sep"), "line\\u2028sep");
}

TEST(Printable, NeutralisesWorkflowCommandsAtLineStart) {
  EXPECT_EQ(printable("::error file=a.cu::pwned"), "\\x3a:error file=a.cu::pwned");
  EXPECT_EQ(printable("ok\n  ::add-mask::x"), "ok\n  \\x3a:add-mask::x");
  EXPECT_EQ(printable("\x1b::x"), "\\x1b::x");  // not at a line start once escaped
  EXPECT_EQ(printable("see ::error"), "see ::error");
}

TEST(Printable, RelayedLinesArePrefixed) {
  EXPECT_EQ(relayed("ACCEPTED  p <- s\n::set-output name=x::y\n"), "| ACCEPTED  p <- s\n| ::set-output name=x::y");
  EXPECT_EQ(relayed("one"), "| one");
  EXPECT_EQ(relayed(""), "");
  EXPECT_EQ(relayed("a\r\nb"), "| a\\x0d\n| b");
}

TEST(Printable, JsonStringsAndKeysAreEscapedAndDumpable) {
  nlohmann::json hostile = {{"name\x1b", "dev\xff"}, {"list", {"ok", "\x1b]0;title\x07", 3}}, {"n", 1.5}};
  const nlohmann::json safe = printable_json(hostile);
  EXPECT_EQ(safe["name\\x1b"], "dev\\xff");
  EXPECT_EQ(safe["list"][1], "\\x1b]0;title\\x07");
  EXPECT_EQ(safe["list"][2], 3);
  EXPECT_EQ(safe["n"], 1.5);
  EXPECT_NO_THROW(safe.dump());
  EXPECT_THROW(hostile.dump(), nlohmann::json::type_error);  // why the escaping is needed
}

// On random bytes: the output holds no control byte but \t and \n, is valid
// UTF-8 (nlohmann dumps it), and escaping it again changes nothing.
TEST(Printable, RandomBytesComeOutSafeAndIdempotent) {
  std::mt19937 random(7);
  for (int round = 0; round < 2000; ++round) {
    std::string bytes(random() % 64, '\0');
    for (char& byte : bytes) byte = static_cast<char>(random() % 256);
    const std::string once = printable(bytes);
    for (unsigned char c : once) {
      EXPECT_TRUE(c >= 0x20 || c == '\t' || c == '\n') << "control byte " << int(c) << " in " << once;
      EXPECT_NE(c, 0x7f);
    }
    EXPECT_EQ(printable(once), once);
    EXPECT_NO_THROW(nlohmann::json(once).dump());
  }
}

}  // namespace
}  // namespace judge
