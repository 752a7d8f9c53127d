// Unit tests of ListedWarps (include/cucpu/split_kernel.h): a guard's list
// of threads taken one warp at a time, as the race-checking build runs a
// guard around warp collectives.
#include <gtest/gtest.h>

#include <vector>

#include "cucpu/split_kernel.h"

namespace {

using cucpu::detail::ListedWarps;

// Each warp's part of the list, in the order ListedWarps gives them.
std::vector<std::vector<unsigned>> warps_of(std::vector<unsigned> list) {
  std::vector<std::vector<unsigned>> parts;
  for (ListedWarps warps(list.data(), unsigned(list.size())); warps.next();) {
    parts.emplace_back(warps.list(), warps.list() + warps.count());
  }
  return parts;
}

TEST(ListedWarps, IncreasingListsAreTakenAWarpAtATime) {
  std::vector<unsigned> list;
  for (unsigned t = 0; t < 70; ++t) list.push_back(t);
  const auto parts = warps_of(list);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[0].front(), 0u);
  EXPECT_EQ(parts[0].size(), 32u);
  EXPECT_EQ(parts[1].front(), 32u);
  EXPECT_EQ(parts[1].size(), 32u);
  EXPECT_EQ(parts[2], (std::vector<unsigned>{64, 65, 66, 67, 68, 69}));
}

TEST(ListedWarps, AShuffledListIsRegroupedInTheOrderOfFirstAppearance) {
  // Warp 1 first (40), then warp 0 (3), then warp 2 (70); each warp's
  // threads keep their order in the list.
  EXPECT_EQ(warps_of({40, 3, 33, 70, 7, 63, 0}),
            (std::vector<std::vector<unsigned>>{{40, 33, 63}, {3, 7, 0}, {70}}));
}

TEST(ListedWarps, EmptyAndSingleWarpLists) {
  EXPECT_TRUE(warps_of({}).empty());
  EXPECT_EQ(warps_of({5, 2, 31}), (std::vector<std::vector<unsigned>>{{5, 2, 31}}));
}

TEST(ListedWarps, AWholeBlockInReverse) {
  std::vector<unsigned> list;
  for (unsigned t = 1024; t-- > 0;) list.push_back(t);
  const auto parts = warps_of(list);
  ASSERT_EQ(parts.size(), 32u);
  for (unsigned w = 0; w < 32; ++w) {
    ASSERT_EQ(parts[w].size(), 32u);
    EXPECT_EQ(parts[w].front(), (31 - w) * 32 + 31);
    EXPECT_EQ(parts[w].back(), (31 - w) * 32);
  }
}

}  // namespace
