#include "judge/pipeline/timing_guard.h"

#include "gtest/gtest.h"

namespace judge {
namespace {

TEST(TimingGuard, ClaimsLongerThanTheRequestAreImpossible) {
  const auto message = impossible_claim(30.0, 20.0);
  ASSERT_TRUE(message);
  EXPECT_NE(message->find("longer than"), std::string::npos) << *message;
  EXPECT_FALSE(impossible_claim(19.9, 20.0));
}

TEST(TimingGuard, ClaimsShorterThanTheRequestAreNoConcernOfIts) {
  // The figure is the judge's clock; a short claim is only a diagnostic.
  EXPECT_FALSE(impossible_claim(0.001, 500.0));
}

}  // namespace
}  // namespace judge
