#include "judge/pipeline/bounded_json.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(BoundedJson, CountsNestingOutsideStrings) {
  EXPECT_EQ(json_nesting_depth("42", 100), 0u);
  EXPECT_EQ(json_nesting_depth(R"({"a": [1, {"b": []}], "c": {}})", 100), 4u);
  EXPECT_EQ(json_nesting_depth(R"({"text": "[[[[{{{{ \" [[[["})", 100), 1u);
  EXPECT_EQ(json_nesting_depth(R"(["\\", [[]]])", 100), 3u);  // an escaped backslash ends before the quote
}

TEST(BoundedJson, ParsesShallowReplies) {
  std::string error;
  const auto reply = parse_json_bounded(R"({"status":"ok","id":"00ff","device_properties":{"name":"x"}})", 8, error);
  ASSERT_TRUE(reply) << error;
  EXPECT_EQ((*reply)["device_properties"]["name"], "x");
}

// 400,000 levels in under 1 MiB: what a forged reply can hold. Refused
// before a tree exists (built, copied and destroyed, it overflows the stack).
TEST(BoundedJson, RefusesDeepNestingWithoutBuildingIt) {
  const std::string deep = R"({"status":"ok","deep":)" + std::string(400000, '[') + std::string(400000, ']') + "}";
  std::string error;
  EXPECT_FALSE(parse_json_bounded(deep, 8, error));
  EXPECT_NE(error.find("nested deeper than 8 levels"), std::string::npos) << error;
  EXPECT_EQ(json_nesting_depth(deep, 8), 9u);  // the scan stops once over the limit
  EXPECT_FALSE(parse_json_bounded(std::string(9, '[') + std::string(9, ']'), 8, error));
  EXPECT_TRUE(parse_json_bounded(std::string(8, '[') + std::string(8, ']'), 8, error)) << error;
  // Unbalanced closers do not lower the count below zero.
  EXPECT_FALSE(parse_json_bounded("]]]]" + std::string(9, '['), 8, error));
}

TEST(BoundedJson, NamesWhatIsNotJson) {
  std::string error;
  EXPECT_FALSE(parse_json_bounded("{\"status\": SECRET-LOOKING-TEXT", 8, error));
  EXPECT_NE(error.find("not JSON (syntax error at byte"), std::string::npos) << error;
  EXPECT_EQ(error.find("SECRET"), std::string::npos) << "the error quotes the text it read: " << error;
}

}  // namespace
}  // namespace judge
