// See split_barriers.h: runs the splitting passes over each kernel.
#include "split_barriers.h"

#include <set>

#include "added_barriers.h"
#include "barrier_regions.h"
#include "block_groups.h"
#include "block_uniformity.h"
#include "bounds_prechecks.h"
#include "kernel_functions.h"
#include "split_eligibility.h"
#include "thread_loops.h"
#include "thread_storage.h"
#include "token_cursor.h"

namespace cucpu::compiler {
namespace {

// The edits that split one kernel, or the reason it stays on fibers.
bool split_kernel(const TokenCursor& c, const KernelDefinition& kernel, const std::set<std::string>& barrier_functions,
                  const std::function<std::string(size_t)>& final_text, const SplitOptions& options,
                  int* storage_counter, std::vector<Edit>* edits, int* interchanged_loops, std::string* reason) {
  size_t body_begin = kernel.body_open + 1, body_end = kernel.body_close;
  BlockGroups groups = find_block_groups(c, body_begin, body_end);
  if (auto refused = reason_to_keep_on_fibers(c, kernel, barrier_functions, groups.understood)) {
    *reason = *refused;
    return false;
  }
  // With loops interchanged first; a plan that fails with them (a local
  // that cannot move to per-thread storage, say) may not fail without. The
  // race-checking build interchanges no block-uniform loop (a barrier per
  // iteration could hide a missing one) but runs strided loops in rounds
  // where the barriers between rounds cannot be observed (added_barriers.h);
  // where they could, it plans again without them.
  const std::vector<std::string> parameters = parameter_names(c, kernel);
  struct Attempt {
    bool interchange_loops, strided_loops;
  };
  std::vector<Attempt> attempts;
  if (options.interchange_loops) attempts.push_back({!options.exact_barriers, true});
  attempts.push_back({false, false});
  std::set<size_t> strided_in_threads;  // strided loops whose rounds could be observed
  for (size_t a = 0; a < attempts.size(); ++a) {
    const Attempt& attempt = attempts[a];
    const bool last = a + 1 == attempts.size();
    BlockUniformity uniformity(c, body_begin, body_end);
    RegionPlan plan;
    int counter = *storage_counter;
    ThreadStorage storage;
    if (!plan_barrier_regions(c, body_begin, body_end, parameters, groups, uniformity, attempt.interchange_loops,
                              attempt.strided_loops, &plan, reason, strided_in_threads)) {
      if (last) break;
      continue;
    }
    if (options.exact_barriers) {
      // A guard around warp collectives runs one warp at a time there.
      for (Guard& guard : plan.guards) guard.per_warp = guard.listed;
      size_t strided_for = static_cast<size_t>(-1);
      std::vector<int> own_element_rounds;
      *reason = observable_added_barrier(c, body_begin, body_end, parameters, plan, &strided_for, &own_element_rounds);
      for (int strided : own_element_rounds) plan.strided_loops[size_t(strided)].rounds_need_own_elements = true;
      if (!reason->empty()) {
        if (strided_for != static_cast<size_t>(-1) && strided_in_threads.insert(strided_for).second) {
          --a;  // the same attempt, with that loop left in the threads
          continue;
        }
        if (last || plan.strided_loops.empty()) return false;
        continue;
      }
    }
    if (plan_thread_storage(c, body_begin, body_end, plan, uniformity, final_text, &counter, &storage, reason)) {
      *storage_counter = counter;
      *interchanged_loops = plan.interchanged_loops;
      const std::vector<BoundsPrecheck> prechecks =
          plan_bounds_prechecks(c, body_begin, body_end, parameters, plan, storage, uniformity, final_text);
      *edits = emit_thread_loops(c, kernel.body_open, kernel.body_close, plan, storage, prechecks, final_text);
      return true;
    }
    if (last) break;
  }
  return false;
}

}  // namespace

SplitResult split_barrier_kernels(std::string_view source, const TokenizedSource& parsed,
                                  const std::vector<size_t>& kernel_markers,
                                  const std::function<std::string(size_t)>& final_text,
                                  const SplitOptions& options) {
  TokenCursor c(source, parsed);
  std::set<std::string> barrier_functions = functions_with_block_collectives(c);
  int storage_counter = 0;
  SplitResult result;
  for (size_t marker : kernel_markers) {
    // (The marker itself comes from a system header's macro.)
    std::optional<KernelDefinition> kernel = find_kernel_definition(c, marker);
    if (!kernel || !c.user_code(kernel->body_open)) continue;
    // A kernel without barriers is one region: a loop over threads is
    // still tighter than the scheduler's per-thread start (conv2d: 57 ms
    // -> 45 ms of CPU).
    std::vector<Edit> edits;
    std::string reason;
    int interchanged = 0;
    if (split_kernel(c, *kernel, barrier_functions, final_text, options, &storage_counter, &edits,
                     &interchanged, &reason)) {
      for (Edit& edit : edits) result.edits.push_back(std::move(edit));
      result.split_kernels.push_back(kernel->name);
      result.interchanged_loops += interchanged;
    } else {
      result.kept_on_fibers.push_back(kernel->name + ": " + reason);
    }
  }
  return result;
}

}  // namespace cucpu::compiler
