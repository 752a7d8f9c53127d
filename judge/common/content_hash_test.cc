#include "judge/common/content_hash.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(ContentHash, IsSha256InLowercaseHex) {
  EXPECT_EQ(content_hash(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(content_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(ContentHash, CoversEveryByte) {
  EXPECT_NE(content_hash(std::string("a\0b", 3)), content_hash(std::string("a\0c", 3)));
}

}  // namespace
}  // namespace judge
