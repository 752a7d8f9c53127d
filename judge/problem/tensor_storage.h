// Where a TensorBuffer's elements live. In memory, unless the judging has
// asked for large tensors to be spilled: then a buffer of at least
// `min_bytes` is a shared mapping of an unnamed file in `directory`, so the
// kernel can write its pages out and drop them while the solution's
// process needs the memory (a case whose tensors are more than half the
// host's memory still runs; it costs disk traffic, so only such cases
// spill). Reads and writes are the same as for memory.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>

namespace judge::tensor_storage {

struct SpillPolicy {
  std::filesystem::path directory;
  std::size_t min_bytes = 0;
};

// Process-wide; buffers allocated before a change stay where they are.
void spill_large_tensors(std::optional<SpillPolicy> policy);
std::optional<SpillPolicy> spill_policy();

// Zero-filled storage of `bytes`, in a file when the policy says so and the
// file can be made (memory otherwise). Throws std::bad_alloc.
void* allocate(std::size_t bytes);
void deallocate(void* storage, std::size_t bytes) noexcept;
// Is `storage` (from allocate) a file's mapping?
bool is_spilled(const void* storage);

// A std::allocator for TensorBuffer's words.
template <typename T>
struct Allocator {
  using value_type = T;
  Allocator() = default;
  template <typename U>
  Allocator(const Allocator<U>&) {}
  T* allocate(std::size_t count) { return static_cast<T*>(tensor_storage::allocate(count * sizeof(T))); }
  void deallocate(T* storage, std::size_t count) noexcept { tensor_storage::deallocate(storage, count * sizeof(T)); }
  template <typename U>
  bool operator==(const Allocator<U>&) const { return true; }
};

}  // namespace judge::tensor_storage
