#include "judge/leaderboard/display_name.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(DisplayName, NfkcNormalises) {
  EXPECT_EQ(normalized_name("Ada\xC2\xA0Lovelace"), "Ada Lovelace");          // no-break space
  EXPECT_EQ(normalized_name("\xEF\xBC\xA1" "da"), "Ada");                     // full-width A
  EXPECT_EQ(normalized_name("Ada Lovelace"), "Ada Lovelace");
}

TEST(DisplayName, NamesTheInvisibleCharacter) {
  EXPECT_EQ(invisible_character("Ada Lovelace"), std::nullopt);
  EXPECT_EQ(invisible_character("Zo\xC3\xAB Ren\xC3\xA9"), std::nullopt);  // accented letters are fine
  EXPECT_EQ(invisible_character("Ada\xF3\xA0\x81\x81 Lovelace"), "U+E0041 TAG LATIN CAPITAL LETTER A");
  EXPECT_EQ(invisible_character("Ada\xD8\x9C Lovelace"), "U+061C ARABIC LETTER MARK");
  EXPECT_EQ(invisible_character("Ada\xE2\x80\x8B"), "U+200B ZERO WIDTH SPACE");
  EXPECT_EQ(invisible_character("\xE2\x80\xAE" "ecalevoL"), "U+202E RIGHT-TO-LEFT OVERRIDE");
  EXPECT_EQ(invisible_character("Ada\xC2\xA0Lovelace"), "U+00A0 NO-BREAK SPACE");
  EXPECT_EQ(invisible_character("Ada\xEF\xBB\xBF"), "U+FEFF ZERO WIDTH NO-BREAK SPACE");
}

TEST(DisplayName, ConfusablesShareASkeleton) {
  const std::string latin = "Ada Lovelace";
  const std::string cyrillic = "\xD0\x90" "da Lovelace";  // U+0410 CYRILLIC CAPITAL LETTER A
  const std::string greek = "Ada L\xCE\xBFvelace";         // U+03BF GREEK SMALL LETTER OMICRON
  EXPECT_EQ(confusable_skeleton(cyrillic), confusable_skeleton(latin));
  EXPECT_EQ(confusable_skeleton(greek), confusable_skeleton(latin));
  EXPECT_EQ(confusable_skeleton("ADA LOVELACE"), confusable_skeleton(latin));  // case folded
  EXPECT_NE(confusable_skeleton("Ada Byron"), confusable_skeleton(latin));
  EXPECT_EQ(confusable_character(cyrillic, latin), "U+0410 CYRILLIC CAPITAL LETTER A");
  EXPECT_EQ(confusable_character(greek, latin), "U+03BF GREEK SMALL LETTER OMICRON");
  EXPECT_EQ(confusable_character(latin, latin), "");
}

}  // namespace
}  // namespace judge
