// parallel_for visits every item exactly once and hands a body's exception
// back to the caller.
#include "problems/common/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

namespace problems {
namespace {

TEST(ParallelForTest, VisitsEveryItemOnce) {
  std::vector<std::atomic<int>> visits(1000);
  parallel_for(1000, [&](int64_t item) { ++visits[item]; });
  for (size_t i = 0; i < visits.size(); ++i) EXPECT_EQ(visits[i].load(), 1) << "item " << i;
}

TEST(ParallelForTest, NoItemsIsANoOp) {
  bool called = false;
  parallel_for(0, [&](int64_t) { called = true; });
  EXPECT_FALSE(called);
}

TEST(ParallelForTest, RethrowsTheBodysException) {
  EXPECT_THROW(parallel_for(100,
                            [](int64_t item) {
                              if (item == 37) throw std::runtime_error("item 37");
                            }),
               std::runtime_error);
}

}  // namespace
}  // namespace problems
