// A table of named entries that static initialisers in other files fill
// (the problems' definitions, the commands) and the program reads later,
// possibly from several threads. Keep each one a function-local static
// (`static Registry<T> registry;`), so an initialiser in another file never
// sees it unconstructed.
#pragma once

#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace judge {

template <typename Value>
class Registry {
 public:
  // Adds `value` under `name`; a name added twice is a std::logic_error
  // that says "<kind> '<name>' is registered twice".
  void add(const std::string& name, Value value, const std::string& kind) {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_entries.emplace(name, std::move(value)).second) {
      throw std::logic_error(kind + " '" + name + "' is registered twice");
    }
  }

  // The entry named `name`, or nullptr. Entries are never removed, so the
  // pointer stays valid.
  const Value* find(const std::string& name) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    auto it = m_entries.find(name);
    return it == m_entries.end() ? nullptr : &it->second;
  }

  // Every entry, sorted by name.
  std::vector<std::pair<std::string, const Value*>> entries() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<std::pair<std::string, const Value*>> all;
    for (const auto& [name, value] : m_entries) all.emplace_back(name, &value);
    return all;
  }

 private:
  mutable std::mutex m_mutex;
  std::map<std::string, Value> m_entries;
};

}  // namespace judge
