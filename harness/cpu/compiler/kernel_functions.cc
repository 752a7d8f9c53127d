// See kernel_functions.h.
#include "kernel_functions.h"

#include <vector>

namespace cucpu::compiler {

bool needs_fibers(std::string_view word) {
  static const std::string_view kPrefixes[] = {"__shfl", "__ballot", "__any", "__all", "__reduce_", "__match",
                                               "__syncwarp", "__activemask", "__syncthreads_"};
  for (std::string_view prefix : kPrefixes) {
    if (word.substr(0, prefix.size()) == prefix) return true;
  }
  static const std::set<std::string_view> kWords = {
      "cooperative_groups", "this_thread_block", "tiled_partition", "coalesced_threads", "thread_block",
      "thread_block_tile", "sync", "block_barrier", "warp_collective", "labeled_partition", "memcpy_async",
      "thread_group", "coalesced_group", "binary_partition", "inclusive_scan", "exclusive_scan", "wait_prior",
      "group_rendezvous", "coalesced_lanes",
      // Waits for other threads of the block (cuda::barrier, cuda::std::atomic
      // and semaphores, spin loops): the waiter must yield its fiber.
      "arrive", "arrive_and_wait", "arrive_and_drop", "wait", "wait_parity", "acquire", "try_acquire",
      "count_down", "producer_acquire", "consumer_wait", "__nanosleep", "sched_yield", "nanosleep"};
  return kWords.count(word) != 0;
}

std::optional<KernelDefinition> find_kernel_definition(const TokenCursor& c, size_t marker) {
  for (size_t i = marker + 1; i < c.size(); ++i) {
    if (c.is(i, "__attribute__") && c.is(i + 1, "(")) {
      i = c.closing_bracket(i + 1);
      continue;
    }
    if (c.is(i, ";") || c.is(i, "{")) return std::nullopt;
    if (c.is(i, "(") && c.identifier(i - 1)) {
      KernelDefinition kernel;
      kernel.name = c.word(i - 1);
      kernel.params_open = i;
      kernel.params_close = c.closing_bracket(i);
      size_t j = kernel.params_close + 1;
      while (j < c.size() && !c.is(j, "{") && !c.is(j, ";")) ++j;
      if (!c.is(j, "{")) return std::nullopt;
      kernel.body_open = j;
      kernel.body_close = c.closing_bracket(j);
      if (kernel.body_close >= c.size()) return std::nullopt;
      return kernel;
    }
  }
  return std::nullopt;
}

std::vector<KernelDefinition> user_kernels(const TokenCursor& c, const std::set<std::string>& only_kernels) {
  std::vector<KernelDefinition> kernels;
  for (size_t i = 0; i < c.size(); ++i) {
    if (!c.is(i, "__cucpu_global__")) continue;
    std::optional<KernelDefinition> kernel = find_kernel_definition(c, i);
    if (!kernel || !c.user_code(kernel->body_open)) continue;
    if (!only_kernels.empty() && !only_kernels.count(kernel->name)) continue;
    kernels.push_back(*kernel);
  }
  return kernels;
}

std::set<std::string> functions_with_block_collectives(const TokenCursor& c) {
  struct Function {
    std::string name;
    size_t open, close;
  };
  std::vector<Function> functions;
  for (size_t i = 1; i < c.size(); ++i) {
    if (!c.is(i, "{") || !c.user_code(i)) continue;
    size_t j = i - 1;
    while (j > 0 && (c.is(j, "const") || c.is(j, "noexcept") || c.is(j, "override"))) --j;
    if (!c.is(j, ")")) continue;
    // the matching '('
    int depth = 0;
    size_t k = j;
    for (;; --k) {
      if (c.is(k, ")")) ++depth;
      if (c.is(k, "(") && --depth == 0) break;
      if (k == 0) break;
    }
    if (k == 0 || !c.identifier(k - 1)) continue;
    std::string_view callee = c.text(k - 1);
    if (callee == "if" || callee == "for" || callee == "while" || callee == "switch" || callee == "catch") continue;
    functions.push_back({std::string(callee), i, c.closing_bracket(i)});
  }
  std::set<std::string> found;
  for (bool changed = true; changed;) {
    changed = false;
    for (const Function& f : functions) {
      if (found.count(f.name)) continue;
      for (size_t i = f.open; i < f.close && i < c.size(); ++i) {
        if (!c.identifier(i)) continue;
        std::string_view word = c.text(i);
        if (word == "__syncthreads" || needs_fibers(word) || found.count(std::string(word))) {
          if (word == f.name) continue;  // recursion
          found.insert(f.name);
          changed = true;
          break;
        }
      }
    }
  }
  return found;
}

}  // namespace cucpu::compiler
