#include "judge/problem/tensor_storage.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>

namespace judge::tensor_storage {
namespace {

std::mutex g_mutex;
std::optional<SpillPolicy> g_policy;
std::set<const void*> g_mapped;  // storage that is a file's mapping

// A shared mapping of an unnamed file of `bytes` (zero-filled, as a new
// file's pages are), or nullptr.
void* map_file(const std::filesystem::path& directory, std::size_t bytes) {
  const int fd = open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0) return nullptr;
  void* storage = MAP_FAILED;
  if (ftruncate(fd, static_cast<off_t>(bytes)) == 0) {
    storage = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  }
  close(fd);  // the mapping keeps the file
  return storage == MAP_FAILED ? nullptr : storage;
}

}  // namespace

void spill_large_tensors(std::optional<SpillPolicy> policy) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_policy = std::move(policy);
}

std::optional<SpillPolicy> spill_policy() {
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_policy;
}

void* allocate(std::size_t bytes) {
  if (bytes == 0) bytes = 1;
  std::optional<SpillPolicy> policy = spill_policy();
  if (policy && bytes >= policy->min_bytes) {
    if (void* storage = map_file(policy->directory, bytes)) {
      std::lock_guard<std::mutex> lock(g_mutex);
      g_mapped.insert(storage);
      return storage;
    }
    // A full disk or a directory that cannot hold unnamed files: memory,
    // which the check before the judging did not count on.
  }
  void* storage = std::calloc(1, bytes);
  if (storage == nullptr) throw std::bad_alloc();
  return storage;
}

void deallocate(void* storage, std::size_t bytes) noexcept {
  if (storage == nullptr) return;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto mapped = g_mapped.find(storage);
    if (mapped != g_mapped.end()) {
      g_mapped.erase(mapped);
      munmap(storage, bytes == 0 ? 1 : bytes);
      return;
    }
  }
  std::free(storage);
}

bool is_spilled(const void* storage) {
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_mapped.count(storage) != 0;
}

}  // namespace judge::tensor_storage
