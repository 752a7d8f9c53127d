// See cuda_to_cpp.h.
#include "cuda_to_cpp.h"

#include <algorithm>
#include <map>
#include <set>

#include "builtin_variables.h"
#include "inline_barrier_calls.h"
#include "launch_calls.h"
#include "shared_variables.h"
#include "signed_thread_indexes.h"
#include "source_edits.h"
#include "source_tokens.h"
#include "split_barriers.h"
#include "warp_slots.h"
#include "token_cursor.h"

namespace cucpu::compiler {
namespace {

// A `{` that opens a namespace or a linkage block keeps file scope.
bool opens_namespace_scope(const TokenCursor& c, size_t brace) {
  size_t j = brace;
  while (j > 0) {
    --j;
    std::string_view word = c.text(j);
    if (word == "namespace") return true;
    if (c.token(j).kind == TokenKind::literal) return j > 0 && c.is(j - 1, "extern");
    bool name_part = c.identifier(j) || word == ":" || word == "inline";
    if (!name_part) return false;
  }
  return false;
}

RewriteResult rewrite_once(std::string_view preprocessed, const RewriteOptions& options) {
  TokenizedSource parsed = tokenize(preprocessed);
  TokenCursor c(preprocessed, parsed);
  std::vector<Edit> edits;
  std::vector<SourceError> errors;
  refuse_library_includes(parsed, &errors);
  std::vector<bool> braces;  // per open brace: does it keep file scope?
  std::vector<size_t> kernel_markers;
  for (size_t i = 0; i < c.size(); ++i) {
    if (c.punctuation(i)) {
      if (c.is(i, "{")) braces.push_back(opens_namespace_scope(c, i));
      else if (c.is(i, "}") && !braces.empty()) braces.pop_back();
      else if (c.is_triple(i, '<')) i = rewrite_launch(c, i, &edits, &errors);
      continue;
    }
    if (!c.identifier(i)) continue;
    std::string_view word = c.text(i);
    if (word == "__cucpu_shared__") {
      SharedVariableOptions shared;
      shared.as_checked_globals = options.shared_as_checked_globals;
      shared.at_file_scope = std::all_of(braces.begin(), braces.end(), [](bool keeps) { return keeps; });
      rewrite_shared_variable(c, i, shared, &edits, &errors);
    } else if (word == "__cucpu_global__") {  // the prelude's spelling of __global__
      kernel_markers.push_back(i);
      edits.push_back({c.token(i).begin, c.token(i).end, ""});
    } else if (is_builtin_marker(word)) {
      edits.push_back({c.token(i).begin, c.token(i).end, builtin_replacement(c, i)});
    } else if (c.user_code(i)) {
      if (auto refusal = refuse_unsupported(c, i)) errors.push_back(*refusal);
      if (word == "cudaLaunchKernel" || word == "cudaLaunchCooperativeKernel") drop_untyped_kernel_cast(c, i, &edits);
    }
  }
  RewriteResult result;
  if (options.split_barriers && errors.empty()) {
    // The splitter copies expressions into new places: built-in markers
    // in them must read as their expansion.
    auto final_text = [&c](size_t i) {
      return is_builtin_marker(c.text(i)) ? builtin_replacement(c, i) : c.word(i);
    };
    SplitOptions split_options;
    split_options.interchange_loops = options.interchange_loops;
    split_options.exact_barriers = options.exact_barriers;
    SplitResult split = split_barrier_kernels(preprocessed, parsed, kernel_markers, final_text, split_options);
    for (Edit& edit : split.edits) edits.push_back(std::move(edit));
    result.split_kernels = std::move(split.split_kernels);
    result.kept_on_fibers = std::move(split.kept_on_fibers);
    result.interchanged_loops = split.interchanged_loops;
  }
  result.errors = std::move(errors);
  result.text = apply_edits(preprocessed, std::move(edits));
  return result;
}

}  // namespace

// With barrier splitting, global thread indexes are first written in signed
// arithmetic where that keeps their value (signed_thread_indexes.h), so
// the thread loops can vectorise over them. Then device functions holding a
// barrier or warp collective are inlined into
// the kernels that call them (inline_barrier_calls.h), and warp collectives
// lowered to slots around added barriers (warp_slots.h), but both are kept
// only where the kernel then splits: a kernel left to fibers keeps its
// calls and collectives, so barrier-divergence reports still count a
// function's barrier as one call site, and a collective keeps its
// rendezvous, which reports lanes that never arrive. In the race-checking
// build (exact_barriers) the barrier a lowered collective adds orders every
// warp of the block, not just its own, so a kernel keeps its lowering there
// only where no such barrier can be observed (added_barriers.h).
RewriteResult rewrite_cuda_as_cpp(std::string_view original, const RewriteOptions& options) {
  if (!options.split_barriers) return rewrite_once(original, options);
  const std::string indexed = sign_thread_indexes(original);
  const std::string_view preprocessed = indexed;
  struct Prepared {
    std::string text;
    std::set<std::string> kernels;  // kernels it changed
  };
  auto prepare = [&](const std::set<std::string>& only_kernels) {
    InlinedSource inlined = inline_barrier_calls(preprocessed, only_kernels);
    Prepared prepared{std::move(inlined.text), std::move(inlined.kernels)};
    LoweredSource lowered = lower_warp_collectives(prepared.text, only_kernels);
    prepared.text = std::move(lowered.text);
    prepared.kernels.insert(lowered.kernels.begin(), lowered.kernels.end());
    return prepared;
  };
  Prepared prepared = prepare({});
  if (prepared.kernels.empty()) return rewrite_once(preprocessed, options);
  RewriteResult result = rewrite_once(prepared.text, options);
  std::set<std::string> split(result.split_kernels.begin(), result.split_kernels.end());
  std::set<std::string> kept;
  for (const std::string& kernel : prepared.kernels) {
    if (split.count(kernel)) kept.insert(kernel);
  }
  if (kept.size() == prepared.kernels.size()) return result;
  // Why each kernel given up stays on fibers: the reason it did not split
  // with its calls inlined and collectives lowered, not the mere presence
  // of the call or collective that the final text keeps.
  std::map<std::string, std::string> reasons;
  for (const std::string& entry : result.kept_on_fibers) {
    std::string name = entry.substr(0, entry.find(':'));
    if (prepared.kernels.count(name)) reasons[name] = entry;
  }
  RewriteResult final_result = rewrite_once(kept.empty() ? std::string(preprocessed) : prepare(kept).text, options);
  for (std::string& entry : final_result.kept_on_fibers) {
    auto reason = reasons.find(entry.substr(0, entry.find(':')));
    if (reason != reasons.end()) entry = reason->second;
  }
  return final_result;
}

}  // namespace cucpu::compiler
