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

TEST(ParallelChunksTest, CoversTheRangeOnceInChunksOfTheGivenSize) {
  std::vector<std::atomic<int>> visits(10);
  std::vector<std::atomic<int64_t>> chunk_end(4);
  parallel_chunks(10, 3, [&](int64_t begin, int64_t end) {
    chunk_end[begin / 3] = end;
    for (int64_t i = begin; i < end; ++i) ++visits[i];
  });
  for (size_t i = 0; i < visits.size(); ++i) EXPECT_EQ(visits[i].load(), 1) << "element " << i;
  EXPECT_EQ(chunk_end[0].load(), 3);
  EXPECT_EQ(chunk_end[3].load(), 10);  // the last chunk is the short one
}

TEST(OrderedChunkSumTest, AddsThePartialSumsInChunkOrder) {
  // 1e16 + 1 + 1 - 1e16 is 0 added left to right in double, 2 in another
  // order: the chunk order is what fixes the result.
  const std::vector<double> terms = {1e16, 1, 1, -1e16};
  const double total = ordered_chunk_sum(4, 1, [&](int64_t begin, int64_t) { return terms[begin]; });
  EXPECT_EQ(total, ((1e16 + 1) + 1) + -1e16);
  EXPECT_EQ(ordered_chunk_sum(0, 5, [](int64_t, int64_t) { return 1.0; }), 0.0);
}

}  // namespace
}  // namespace problems
