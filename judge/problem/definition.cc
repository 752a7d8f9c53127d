#include "judge/problem/definition.h"

#include "judge/common/registry.h"

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

namespace {
// The value of scalar `name` in `values` (one kind's map); otherwise
// std::out_of_range saying whether it is of the `other` kind or has none.
template <typename Value, typename Other>
Value scalar_of_kind(const std::map<std::string, Value>& values, const std::map<std::string, Other>& other,
                     const std::string& name, const char* other_kind_text) {
  auto it = values.find(name);
  if (it == values.end()) {
    throw std::out_of_range("scalar parameter '" + name + "' " +
                            (other.count(name) ? other_kind_text : "has no value"));
  }
  return it->second;
}
}  // namespace

int64_t ScalarArgs::integer(const std::string& name) const {
  return scalar_of_kind(m_integers, m_reals, name, "is real, not an integer");
}

double ScalarArgs::real(const std::string& name) const {
  return scalar_of_kind(m_reals, m_integers, name, "is an integer, not real");
}

std::optional<std::string> ProblemDefinition::check(const ScalarArgs&, const ConstTensors&, const ConstTensors&,
                                                    const ConstTensors&, const Tolerance&) const {
  throw std::logic_error("ProblemDefinition::check called for a definition without a checker (has_checker() is false)");
}

namespace {
Registry<DefinitionFactory>& registry() {
  static Registry<DefinitionFactory> factories;  // see registry.h
  return factories;
}
}  // namespace

bool register_definition(const std::string& slug, DefinitionFactory factory) {
  registry().add(slug, std::move(factory), "problem");
  return true;
}

std::unique_ptr<ProblemDefinition> make_definition(const std::string& slug) {
  const DefinitionFactory* factory = registry().find(slug);
  return factory ? (*factory)() : nullptr;
}

std::vector<std::string> registered_slugs() {
  std::vector<std::string> slugs;
  for (const auto& entry : registry().entries()) slugs.push_back(entry.first);
  return slugs;
}

}  // namespace judge
