// See thread_loops.h.
#include "thread_loops.h"

#include <algorithm>
#include <functional>
#include <set>

namespace cucpu::compiler {

namespace {

// The counter type matching a declaration's type: "int" where it is signed.
std::string_view counter_for_type(const TokenCursor& c, const Declaration& d) {
  bool is_signed = false;
  for (size_t j = d.type_begin; j < d.type_end; ++j) {
    std::string_view t = c.text(j);
    if (t == "unsigned" || t == "size_t" || t.substr(0, 4) == "uint" || t == "auto") return "unsigned";
    if (t == "int" || t == "long" || t == "short" || t == "int32_t" || t == "int64_t" || t == "signed") is_signed = true;
  }
  return is_signed ? "int" : "unsigned";
}

}  // namespace

std::string thread_counter_type(const TokenCursor& c, const std::vector<RegionLocal>& locals) {
  for (bool exactly : {true, false}) {
    for (const RegionLocal& local : locals) {
      for (const Declarator& v : local.syntax.declarators) {
        if (!v.has_initializer) continue;
        bool reads = false;
        if (exactly) {
          reads = v.init_end == v.init_begin + 3 && is_thread_index_x(c, v.init_begin);
        } else {
          for (size_t i = v.init_begin; i < v.init_end && !reads; ++i) reads = is_thread_index_x(c, i);
        }
        if (reads) return std::string(counter_for_type(c, local.syntax));
      }
    }
  }
  return "unsigned";
}

std::vector<Edit> emit_thread_loops(const TokenCursor& c, size_t open, size_t close, const RegionPlan& plan,
                                    const ThreadStorage& storage, const std::vector<BoundsPrecheck>& prechecks,
                                    const std::function<std::string(size_t)>& final_text) {
  const std::string loop = "::cucpu::detail::for_each_thread<" + thread_counter_type(c, plan.locals) + ">";
  std::vector<Edit> edits;
  std::string begin = " ::cucpu::detail::split_block_begin();";
  for (size_t i = open; i < close; ++i) {
    if (!c.is(i, "split_warp")) continue;
    // Lowered warp collectives read it (warp_slots.h).
    begin += " const bool cucpu_whole_warps = ::cucpu::detail::tls_context.start_count % 32 == 0;";
    break;
  }
  if (plan.exit_flags) {
    // `cucpu_any_exited`: whether any thread of the block has left; the
    // loops after a return pick their copy by it (below).
    begin += " " + per_thread_array("bool", "cucpu_exited") +
             "for (unsigned cucpu_i = 0; cucpu_i < ::cucpu::detail::tls_context.start_count; ++cucpu_i)"
             " cucpu_exited_at[cucpu_i] = false; bool cucpu_any_exited = false;";
    for (size_t at : plan.returns) {
      edits.push_back({c.token(at).begin, c.token(at + 1).end,
                       "{ cucpu_exited_at[cucpu_t] = true; cucpu_any_exited = true; return; }"});
    }
  }
  for (size_t at : plan.block_returns) {
    edits.push_back({c.token(at).begin, c.token(at + 1).end, "{ ::cucpu::detail::split_block_end(); return; }"});
  }
  for (size_t g = 0; g < plan.guards.size(); ++g) {
    const Guard& guard = plan.guards[g];
    std::string name = "cucpu_guard_" + std::to_string(g);
    if (guard.listed) {
      // `if (c) {` -> `if (c) list[count++] = t;`; the count is reset
      // before the header's thread loop (below).
      begin += " " + per_thread_array("unsigned", name + "_list") + "unsigned " + name + "_count = 0;";
      if (guard.launch_invariant) begin += " static thread_local ::cucpu::detail::LaunchGuardList " + name + "_kept;";
      const std::string listing = name + "_list_at[" + name + "_count++] = cucpu_t;";
      if (guard.braced) {
        edits.push_back({c.token(guard.open_brace).begin, c.token(guard.open_brace).end, listing});
      } else {
        edits.push_back({c.token(guard.open_brace).end, c.token(guard.open_brace).end, " " + listing});
      }
    } else {
      begin += " " + per_thread_array("bool", name);
      edits.push_back({c.token(guard.if_token).begin, c.token(guard.if_token).end, name + "_at[cucpu_t] ="});
      edits.push_back({c.token(guard.open_brace).begin, c.token(guard.open_brace).end, ";"});
    }
    // A per-warp body's loop over the list's warps (opened after the
    // header's thread loop, below) ends at the guard's brace. (Guards
    // without braces are sparse guards, which that build does not plan.)
    if (guard.braced) {
      edits.push_back({c.token(guard.close_brace).begin, c.token(guard.close_brace).end, guard.per_warp ? "}" : ""});
    }
  }
  edits.push_back({c.token(open).end, c.token(open).end, begin});
  // Braces around interchanged loops' single statements (outer loops
  // first). Where a thread loop starts at the same place, its opener comes
  // after the `{`; where one ends, its closer before the `}`, innermost loop
  // first, and all of that before a next thread loop's opener there.
  const std::vector<std::pair<size_t, size_t>>& braces = plan.added_braces;
  for (const auto& [after_header, body_last] : braces) {
    edits.push_back({c.token(after_header).end, c.token(after_header).end, " {"});
  }
  auto push_closing_braces = [&](size_t at) {
    for (size_t k = braces.size(); k-- > 0;) {
      size_t end = c.token(braces[k].second).end;
      if (end == at) edits.push_back({end, end, " }"});
    }
  };
  std::set<size_t> region_ends;
  for (const ThreadRegion& region : plan.regions) region_ends.insert(c.token(region.last - 1).end);
  std::set<size_t> other_ends;
  for (const auto& [after_header, body_last] : braces) {
    if (!region_ends.count(c.token(body_last).end)) other_ends.insert(c.token(body_last).end);
  }
  for (size_t at : other_ends) push_closing_braces(at);
  // In source order: where one region ends and the next starts at one place
  // (a guard's header, then the first region inside it), the closer comes
  // first.
  std::vector<size_t> in_order(plan.regions.size());
  for (size_t r = 0; r < in_order.size(); ++r) in_order[r] = r;
  std::sort(in_order.begin(), in_order.end(),
            [&](size_t a, size_t b) { return plan.regions[a].first < plan.regions[b].first; });
  for (size_t r : in_order) {
    const ThreadRegion& region = plan.regions[r];
    const RegionCode& code = storage.regions[r];
    // Openers go at the end of the token before the region, so a #pragma
    // line that starts the region stays at the start of its line.
    size_t before = c.token(region.first - 1).end;
    std::string skips, region_loop = loop + "(", reset;
    const bool after_exits = plan.exit_flags && region.first > plan.returns.front();
    if (after_exits) skips += "if (cucpu_some_exited && cucpu_exited_at[cucpu_t]) return; ";
    for (int g : region.guards) {
      const std::string name = "cucpu_guard_" + std::to_string(g);
      // The innermost listed guard's list holds only threads that passed
      // the guards around it.
      if (plan.guards[size_t(g)].per_warp) {
        region_loop = "::cucpu::detail::for_each_listed_thread(" + name + "_warps.list(), " + name + "_warps.count(), ";
      } else if (plan.guards[size_t(g)].listed) {
        region_loop = "::cucpu::detail::for_each_listed_thread(" + name + "_list_at, " + name + "_count, ";
      } else {
        skips += "if (!" + name + "_at[cucpu_t]) return; ";
      }
    }
    // The guard whose header `if (c) {` this region is, if any.
    long header_of = -1;
    for (size_t g = 0; g < plan.guards.size(); ++g) {
      if (plan.guards[g].if_token == region.first) header_of = long(g);
    }
    // A list kept for the launch (LaunchGuardList, split_kernel.h) is made
    // by the header's loop only when stale. Not where the header runs over
    // a per-warp list, one warp at a time, or skips exited threads.
    std::string kept_begin, kept_end;
    if (header_of >= 0 && plan.guards[size_t(header_of)].listed) {
      const std::string name = "cucpu_guard_" + std::to_string(header_of);
      reset = name + "_count = 0; ";
      bool kept = plan.guards[size_t(header_of)].launch_invariant && !after_exits;
      for (int g : region.guards) kept = kept && !plan.guards[size_t(g)].per_warp;
      if (kept && !plan.guards[size_t(header_of)].per_warp) {
        kept_begin = "if (" + name + "_kept.stale()) { ";
        kept_end = " " + name + "_kept.keep(" + name + "_count); } else { " + name + "_count = " + name +
                   "_kept.count(); }";
      }
    }
    // Block constants the region branches on become template arguments
    // (with_block_constants, split_kernel.h): each value gets its own copy
    // of the loop, with no branch on it, so the copy can vectorise (g++ does
    // not unswitch loops this large). A lowered shuffle's parameter shadows
    // the kernel's `cucpu_whole_warps`.
    std::vector<std::pair<std::string, std::string>> constants;  // parameter, value
    if (after_exits) constants.push_back({"cucpu_some_exited", "cucpu_any_exited"});
    // A strided loop runs in rounds around its thread loop (StridedLoop,
    // barrier_regions.h; StridedRounds, split_kernel.h): each round starts
    // every thread's counter at its next iteration and breaks after one;
    // where the rounds cannot hold the loop's values, one round runs each
    // thread's whole loop.
    std::string rounds_begin, rounds_end;
    if (region.strided >= 0) {
      const StridedLoop& strided = plan.strided_loops[size_t(region.strided)];
      const std::string n = std::to_string(region.strided);
      const std::string rounds = "cucpu_strided_" + n, interleaved = "cucpu_interleaved_" + n;
      auto spell = [&](size_t b, size_t e) { return c.spell(b, e, final_text); };
      const std::string type = spell(strided.type_begin, strided.type_end);
      const std::string bound = "(" + spell(strided.bound_begin, strided.bound_end) + ")";
      const std::string stride =
          strided.stride_begin == strided.stride_end ? "1" : "(" + spell(strided.stride_begin, strided.stride_end) + ")";
      rounds_begin = "{ ::cucpu::detail::StridedRounds<" + type + ", decltype(::std::declval<" + type + ">() + " +
                     bound + ")> " + rounds + "(" + bound + ", " + stride +
                     (strided.rounds_need_own_elements ? ", ::cucpu::detail::OwnElementsOnly{}" : "") + "); do { ";
      rounds_end = " } while (" + rounds + ".next()); }";
      constants.push_back({interleaved, rounds + ".interleave()"});
      edits.push_back({c.token(strided.equals).begin, c.token(strided.equals).end,
                       "= " + rounds + ".start(" + interleaved + ", "});
      edits.push_back({c.token(strided.init_semicolon).begin, c.token(strided.init_semicolon).end, ");"});
      edits.push_back({c.token(strided.header_close).begin, c.token(strided.header_close).end, ") {"});
      const Token& last = c.token(strided.body_last);
      edits.push_back({last.begin, last.end, std::string(c.text(strided.body_last)) + " if (" + interleaved + ") break; }"});
    }
    // A jammed loop's body (JammedLoop, barrier_regions.h; split_kernel.h,
    // jammed_iterations): the header counts in `cucpu_jam_N` and steps by
    // the iterations each pass runs; the thread's pass runs them with its
    // own counter.
    std::string jam_count, jam_begin, jam_end;
    if (region.jammed >= 0) {
      const JammedLoop& jammed = plan.jammed_loops[size_t(region.jammed)];
      const std::string n = std::to_string(region.jammed);
      const std::string counter = "cucpu_jam_" + n, count = "cucpu_jam_count_" + n, full = "cucpu_jam_full_" + n;
      const std::string iterations = "::cucpu::detail::jammed_iterations(" + counter + ", (" +
                                     c.spell(jammed.bound_begin, jammed.bound_end, final_text) + "))";
      auto replace = [&](size_t first, size_t last, const std::string& text) {
        edits.push_back({c.token(first).begin, c.token(last).end, text});
      };
      replace(jammed.counter, jammed.counter, counter);
      replace(jammed.condition_counter, jammed.condition_counter, counter);
      replace(jammed.update_begin, jammed.update_end - 1, counter + " += " + iterations);
      jam_count = "const unsigned " + count + " = " + iterations + "; ";
      constants.push_back({full, count + " == ::cucpu::detail::kJammedIterations"});
      jam_begin = "for (unsigned cucpu_jam_u = 0; cucpu_jam_u < (" + full + " ? ::cucpu::detail::kJammedIterations : " +
                  count + "); ++cucpu_jam_u) { decltype(" + counter + ") " + c.word(jammed.counter) +
                  " = static_cast<decltype(" + counter + ")>(" + counter + " + cucpu_jam_u); ";
      jam_end = " }";
    }
    for (size_t i = region.first; i < region.last; ++i) {
      if (!c.is(i, "cucpu_whole_warps")) continue;
      constants.push_back({"cucpu_whole_warps", "cucpu_whole_warps"});
      break;
    }
    // The bounds precheck (bounds_prechecks.h): a thread loop over the
    // region's threads, before it, and a block constant of the region.
    std::string precheck;
    for (const BoundsPrecheck& check : prechecks) {
      if (check.region != int(r)) continue;
      std::string check_skips;
      if (after_exits) check_skips += "if (cucpu_any_exited && cucpu_exited_at[cucpu_t]) return; ";
      for (int g : region.guards) {
        if (!plan.guards[size_t(g)].listed) check_skips += "if (!cucpu_guard_" + std::to_string(g) + "_at[cucpu_t]) return; ";
      }
      precheck = "unsigned " + check.misses + " = 0; " + region_loop + "[&]([[maybe_unused]] ::std::size_t cucpu_t) { " +
                 check_skips + check.body + "}); const bool " + check.flag + " = " + check.misses + " == 0; ";
      constants.push_back({check.flag, check.flag});
    }
    std::string opener = code.storage + kept_begin + reset + jam_count + precheck,
                closer = jam_end + code.write_backs + " }";
    std::string parameters;
    for (const auto& [parameter, value] : constants) parameters += "[[maybe_unused]] auto " + parameter + ", ";
    parameters += "[[maybe_unused]] ::std::size_t cucpu_t";
    if (constants.empty()) {
      opener += region_loop + "[&](" + parameters + ") { ";
      closer += ");";
    } else {
      opener += "::cucpu::detail::with_block_constants([&](auto&& cucpu_region) { " + region_loop +
                "cucpu_region); }, [&](" + parameters + ") { ";
      for (const auto& [parameter, value] : constants) closer += ", " + value;
      closer += ");";
    }
    edits.push_back({before, before, rounds_begin + opener + skips + code.bindings + jam_begin});
    size_t after = c.token(region.last - 1).end;
    edits.push_back({after, after, closer + rounds_end + kept_end});
    push_closing_braces(after);
    if (header_of >= 0 && plan.guards[size_t(header_of)].per_warp) {
      const std::string name = "cucpu_guard_" + std::to_string(header_of);
      edits.push_back({after, after, " for (::cucpu::detail::ListedWarps " + name + "_warps(" + name + "_list_at, " +
                                         name + "_count); " + name + "_warps.next();) {"});
    }
  }
  for (const auto& [begin, end] : plan.barriers) blank_tokens(c, begin, end, &edits);
  edits.push_back({c.token(close).begin, c.token(close).begin, "::cucpu::detail::split_block_end(); "});
  // Stable: edits at one place keep the order pushed (a closer before the
  // kernel's end call; a region's opener before a condition's rewrite).
  for (const Edit& edit : storage.edits) edits.push_back(edit);
  for (const BoundsPrecheck& check : prechecks) {
    for (const Edit& edit : check.edits) edits.push_back(edit);
  }
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  return edits;
}

}  // namespace cucpu::compiler
