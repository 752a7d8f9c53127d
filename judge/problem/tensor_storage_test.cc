// Spilled tensors: the judge's large buffers as shared mappings of unnamed
// files, read and written like memory, and only while a judging asks.
#include "judge/problem/tensor_storage.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "judge/problem/tensor.h"

namespace judge {
namespace {

std::filesystem::path test_directory() {
  const char* root = std::getenv("TEST_TMPDIR");
  return root ? root : "/tmp";
}

// Is the page at `address` a mapping of a deleted file (an O_TMPFILE's)?
bool mapped_from_unnamed_file(const void* address) {
  std::ifstream maps("/proc/self/maps");
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  for (std::string line; std::getline(maps, line);) {
    std::uintptr_t begin = 0, end = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx", &begin, &end) != 2 || at < begin || at >= end) continue;
    return line.find("(deleted)") != std::string::npos;
  }
  return false;
}

class SpillTest : public ::testing::Test {
 protected:
  void TearDown() override { tensor_storage::spill_large_tensors(std::nullopt); }
};

TEST_F(SpillTest, WithoutAPolicyEveryBufferIsMemory) {
  ASSERT_FALSE(tensor_storage::spill_policy());
  TensorBuffer large(ScalarType::kFloat32, 1 << 20);
  EXPECT_FALSE(large.spilled());
  EXPECT_FALSE(mapped_from_unnamed_file(large.view().as<float>()));
}

TEST_F(SpillTest, BuffersFromTheThresholdUpLiveInUnnamedFilesAndReadLikeMemory) {
  tensor_storage::spill_large_tensors(tensor_storage::SpillPolicy{test_directory(), 1 << 20});
  TensorBuffer small(ScalarType::kFloat32, 1024);
  TensorBuffer large(ScalarType::kFloat32, 1 << 20);  // 4 MiB
  EXPECT_FALSE(small.spilled());
  ASSERT_TRUE(large.spilled());
  EXPECT_TRUE(mapped_from_unnamed_file(large.view().as<float>()));
  EXPECT_EQ(large.at(12345), 0.0);  // zero-filled, as in memory
  for (int64_t i = 0; i < large.size(); i += 4097) large.set(i, static_cast<double>(i) * 0.5);
  TensorBuffer copy = large;  // a copy spills too, and holds the same elements
  EXPECT_TRUE(copy.spilled());
  EXPECT_TRUE(copy == large);
  EXPECT_EQ(copy.at(4097 * 3), 4097 * 1.5);

  tensor_storage::spill_large_tensors(std::nullopt);
  TensorBuffer after(ScalarType::kFloat32, 1 << 20);
  EXPECT_FALSE(after.spilled());
  EXPECT_EQ(large.at(4097), 4097 * 0.5);  // a spilled buffer outlives the policy
}

TEST_F(SpillTest, ADirectoryThatCannotHoldFilesFallsBackToMemory) {
  tensor_storage::spill_large_tensors(tensor_storage::SpillPolicy{"/nonexistent/spill", 1});
  TensorBuffer buffer(ScalarType::kInt32, 1 << 16);
  EXPECT_FALSE(buffer.spilled());
  buffer.set(7, 42);
  EXPECT_EQ(buffer.at(7), 42.0);
}

}  // namespace
}  // namespace judge
