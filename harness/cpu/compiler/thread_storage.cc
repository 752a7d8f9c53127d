// See thread_storage.h.
#include "thread_storage.h"

#include <functional>
#include <map>
#include <set>

#include "statement_parsing.h"

namespace cucpu::compiler {

void blank_tokens(const TokenCursor& c, size_t b, size_t e, std::vector<Edit>* into) {
  for (size_t i = b; i < e; ++i) {
    if (!c.directive(i)) into->push_back({c.token(i).begin, c.token(i).end, ""});
  }
}

void declare_recomputed(const std::map<std::string, RecomputedLocal>& recomputed, const std::string& name,
                        std::set<std::string>* declared, std::string* code) {
  if (!declared->insert(name).second) return;
  const RecomputedLocal& local = recomputed.at(name);
  for (const std::string& read : local.reads) declare_recomputed(recomputed, read, declared, code);
  *code += local.declaration;
}

std::string per_thread_array(const std::string& type, const std::string& name) {
  return "static thread_local " + type + " " + name + "[1024]; auto* const " + name + "_at = " + name + "; ";
}

bool plan_thread_storage(const TokenCursor& c, size_t body_begin, size_t body_end, const RegionPlan& plan,
                         BlockUniformity& uniformity, const std::function<std::string(size_t)>& final_text,
                         int* storage_counter, ThreadStorage* out, std::string* reason) {
  out->regions.assign(plan.regions.size(), RegionCode{});
  out->recomputed.clear();
  auto spell = [&](size_t b, size_t e) { return c.spell(b, e, final_text); };
  // Recomputed locals: their declaration and the recomputed locals their
  // initialisers read, which a region must recompute first
  // (`int row = ...; int r = min(row, n - 1);` in a region that reads r alone).
  std::map<std::string, RecomputedLocal>& recomputed_locals = out->recomputed;
  std::vector<std::set<std::string>> bound(plan.regions.size());
  auto bind_recomputed = [&](int region, const std::string& name) {
    declare_recomputed(recomputed_locals, name, &bound[size_t(region)], &out->regions[size_t(region)].bindings);
  };
  // Recompute: arithmetic on threadIdx, uniform values and earlier such locals.
  auto recomputable = [&](const Declaration& d, const Declarator& v, const RegionLocal& local) {
    return v.has_initializer && v.suffix_begin == v.suffix_end &&
           !modified(c, c.word(v.name), d.statement_end, local.scope_end) &&
           uniformity.is_recomputable(v.init_begin, v.init_end, local.uniform_in_scope);
  };
  auto remember_recomputed = [&](const Declarator& v, const std::string& type) {
    std::string name = c.word(v.name);
    RecomputedLocal& local = recomputed_locals[name];
    local.init_begin = v.init_begin;
    local.init_end = v.init_end;
    local.declaration = type + " " + name + " = " + spell(v.init_begin, v.init_end) + "; ";
    for (size_t i = v.init_begin; i < v.init_end; ++i) {
      if (c.identifier(i) && !c.member_access(i) && c.word(i) != name && recomputed_locals.count(c.word(i))) {
        local.reads.push_back(c.word(i));
      }
    }
  };
  // Names declared more than once (in sibling scopes): recomputation goes
  // by name, so a local under such a name is recomputed only where it
  // crosses a barrier itself (below), never just for other locals' sake.
  std::set<std::string> declared, declared_twice;
  for (const RegionLocal& local : plan.locals) {
    for (const Declarator& v : local.syntax.declarators) {
      if (!declared.insert(c.word(v.name)).second) declared_twice.insert(c.word(v.name));
    }
  }
  for (const RegionLocal& local : plan.locals) {
    const Declaration& d = local.syntax;
    std::vector<std::set<int>> used_in(d.declarators.size());
    bool crosses = false;
    for (size_t k = 0; k < d.declarators.size(); ++k) {
      std::string name = c.word(d.declarators[k].name);
      for (size_t i = d.statement_end; i < local.scope_end; ++i) {
        if (!c.identifier(i) || c.text(i) != name || c.member_access(i)) continue;
        auto region = plan.region_of.find(i);
        if (region == plan.region_of.end()) {
          *reason = "uses the per-thread local '" + name + "' in a uniform place";
          return false;
        }
        if (region->second != local.region) used_in[k].insert(region->second);
      }
      crosses = crosses || !used_in[k].empty();
    }
    if (!crosses) {
      // Still recomputable where its initialiser is, for the locals made
      // from it that do cross (`unsigned tid = threadIdx.x;` and `unsigned
      // lane = tid % 32;` read after a barrier): they are recomputed, with
      // it, instead of kept in per-thread storage.
      if (!d.plain) continue;
      const std::string type = spell(d.type_begin, d.type_end);
      for (const Declarator& v : d.declarators) {
        std::string name = c.word(v.name);
        if (declared_twice.count(name) || !recomputable(d, v, local)) continue;
        uniformity.add_recomputable(name);
        remember_recomputed(v, type);
      }
      continue;
    }
    if (!d.plain) {
      *reason = "keeps the local '" + c.word(d.declarators[0].name) +
                "' across a barrier, but its declaration is not plain (auto, a reference, a brace "
                "initialiser or an initialised array)";
      return false;
    }
    std::string type = spell(d.type_begin, d.type_end);
    std::vector<std::string> recomputed;
    bool all_recomputable = true;
    for (size_t k = 0; k < d.declarators.size() && all_recomputable; ++k) {
      const Declarator& v = d.declarators[k];
      std::string name = c.word(v.name);
      if (used_in[k].empty()) continue;
      if (recomputable(d, v, local)) {
        uniformity.add_recomputable(name);
        recomputed.push_back(name);
      } else {
        all_recomputable = false;
      }
    }
    if (all_recomputable) {
      for (size_t k = 0; k < d.declarators.size(); ++k) {
        const Declarator& v = d.declarators[k];
        remember_recomputed(v, type);
        for (int r : used_in[k]) bind_recomputed(r, c.word(v.name));
      }
      continue;
    }
    for (const std::string& name : recomputed) uniformity.remove_recomputable(name);
    RegionCode& home = out->regions[size_t(local.region)];
    for (size_t k = 0; k < d.declarators.size(); ++k) {
      const Declarator& v = d.declarators[k];
      std::string name = c.word(v.name);
      std::string storage = "cucpu_split_" + std::to_string((*storage_counter)++) + "_" + name;
      home.storage += per_thread_array("::std::remove_cv_t<" + type + spell(v.suffix_begin, v.suffix_end) + ">", storage);
      used_in[k].insert(local.region);
      // A scalar or struct whose address the kernel never takes is copied
      // into a local for the region and back at its end, so g++ keeps it
      // in a register: through a reference to the thread's slot, every
      // store through a pointer of a compatible type forces a reload (and
      // slots of 1024-element arrays sit 4 KiB apart, which costs more).
      bool copy = v.suffix_begin == v.suffix_end && !address_taken(c, name, body_begin, body_end);
      for (int r : used_in[k]) {
        RegionCode& region = out->regions[size_t(r)];
        if (copy) {
          region.bindings += "::std::remove_cv_t<" + type + "> " + name + " = " + storage + "_at[cucpu_t]; ";
          region.write_backs += " " + storage + "_at[cucpu_t] = " + name + ";";
        } else {
          region.bindings += "auto& " + name + " = " + storage + "_at[cucpu_t]; ";
        }
      }
      blank_tokens(c, v.suffix_begin, v.suffix_end, &out->edits);
    }
    // The declaration becomes assignments to the thread's slots:
    // `float a = 1, b;` -> `a = 1, b;`.
    blank_tokens(c, d.type_begin, d.type_end, &out->edits);
  }
  return true;
}

}  // namespace cucpu::compiler
