#include "judge/problem/definition.h"

#include <mutex>

namespace judge {

void ScalarArgs::set_integer(const std::string& name, int64_t value) {
  m_reals.erase(name);
  m_integers[name] = value;
}

void ScalarArgs::set_real(const std::string& name, double value) {
  m_integers.erase(name);
  m_reals[name] = value;
}

bool ScalarArgs::has(const std::string& name) const {
  return m_integers.count(name) != 0 || m_reals.count(name) != 0 || m_arrays.count(name) != 0;
}

void ScalarArgs::set_array(const std::string& name, std::vector<int64_t> values) {
  m_arrays[name] = std::move(values);
}

const std::vector<int64_t>& ScalarArgs::array(const std::string& name) const {
  auto it = m_arrays.find(name);
  if (it == m_arrays.end()) throw std::out_of_range("tensor parameter '" + name + "' has no literal values");
  return it->second;
}

int64_t ScalarArgs::integer(const std::string& name) const {
  auto it = m_integers.find(name);
  if (it == m_integers.end()) {
    throw std::out_of_range("scalar parameter '" + name + "' " +
                            (m_reals.count(name) ? "is real, not an integer" : "has no value"));
  }
  return it->second;
}

double ScalarArgs::real(const std::string& name) const {
  auto it = m_reals.find(name);
  if (it == m_reals.end()) {
    throw std::out_of_range("scalar parameter '" + name + "' " +
                            (m_integers.count(name) ? "is an integer, not real" : "has no value"));
  }
  return it->second;
}

std::optional<std::string> ProblemDefinition::check(const ScalarArgs&, const ConstTensors&, const ConstTensors&,
                                                    const ConstTensors&, const Tolerance&) const {
  throw std::logic_error("ProblemDefinition::check called for a definition without a checker (has_checker() is false)");
}

namespace {
// Function-local so registration from other translation units' static
// initialisers never sees an unconstructed map.
std::map<std::string, DefinitionFactory>& registry() {
  static std::map<std::string, DefinitionFactory> factories;
  return factories;
}
std::mutex& registry_mutex() {
  static std::mutex mutex;
  return mutex;
}
}  // namespace

bool register_definition(const std::string& slug, DefinitionFactory factory) {
  std::lock_guard<std::mutex> lock(registry_mutex());
  auto [it, inserted] = registry().emplace(slug, std::move(factory));
  if (!inserted) throw std::logic_error("problem '" + slug + "' is registered twice");
  return true;
}

std::unique_ptr<ProblemDefinition> make_definition(const std::string& slug) {
  std::lock_guard<std::mutex> lock(registry_mutex());
  auto it = registry().find(slug);
  return it == registry().end() ? nullptr : it->second();
}

std::vector<std::string> registered_slugs() {
  std::lock_guard<std::mutex> lock(registry_mutex());
  std::vector<std::string> slugs;
  for (const auto& entry : registry()) slugs.push_back(entry.first);
  return slugs;
}

}  // namespace judge
