// The core of barrier splitting: cuts a kernel body into regions, the runs
// of statements between barriers that each become one loop over the block's
// threads. Statements are classified as barriers (`__syncthreads();` or a
// thread block's sync, block_groups.h), barrier loops (a `for` whose
// header is block-uniform, with barriers in its braced body, recursed into;
// a braced block with barriers likewise), uniform statements (run once per block
// between the loops: shared and static declarations, uniform locals and
// their whole-block reassignments) or thread statements (the regions).
// Block-uniform loops without barriers may be treated as barrier loops
// (plan_barrier_regions' `interchange_loops`), and strided loops may run in
// rounds (`strided_loops`).
// Fails, with the reason, on barriers anywhere else, and on a `return`
// before the last barrier.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "block_groups.h"
#include "block_uniformity.h"
#include "statement_parsing.h"
#include "token_cursor.h"

namespace cucpu::compiler {

struct ThreadRegion {
  size_t first;  // token range of its statements
  size_t last;
  bool top_level;
  bool final;    // the kernel's last region: may hold `return`
  std::vector<int> guards;  // RegionPlan::guards around it, outermost first
  int strided = -1;  // RegionPlan::strided_loops index where the region is such a loop
  int jammed = -1;   // RegionPlan::jammed_loops index where the region is such a loop's body
  std::vector<std::string> uniform_in_scope;  // the uniform names its statement list sees
};

// A loop without barriers whose counter starts at a per-thread value and
// steps by a block-uniform stride up to a block-uniform bound: the
// block-stride and grid-stride loops, `for (T k = start; k < bound; k +=
// stride)` (or `++k`). It is a region of its own that the block runs in
// rounds, each thread doing one iteration per round (in its own order:
// iteration r of a thread has the counter start + r * stride), so that a
// round walks consecutive elements instead of each thread walking the whole
// array (split_kernel.h, StridedRounds). Token indexes:
struct StridedLoop {
  size_t type_begin, type_end;      // T
  size_t equals;                    // the `=` before start
  size_t init_semicolon;            // the `;` after start
  size_t bound_begin, bound_end;    // bound
  size_t stride_begin, stride_end;  // stride; empty for ++k and k++
  size_t header_close;              // the header's `)`
  size_t body_last;                 // the body's last token
  // Start is threadIdx.x, or it plus a block-uniform value, and each
  // `P[k]` (P a block-uniform name, k the counter, never declared again in
  // the body) has its `[` here: in a 1-D block striding at least the
  // block's width, such an element is one thread's alone.
  bool start_is_thread_x = false;
  std::vector<size_t> own_elements;
  // Rounds only where no two threads share an element (set where the
  // race-checking build allows the loop's rounds for that reason alone,
  // added_barriers.h): checked at launch, else whole loops.
  bool rounds_need_own_elements = false;
};

// An interchanged loop `for (T k = init; k < bound; ++k)` (or `k++`, `k +=
// 1`; T an integer type) whose body is one region: each pass of the
// block's loop runs several of its iterations in each thread's pass, so a
// thread keeps its locals in registers across them and g++ interleaves
// their independent work (naive_matmul's `sum += a[..k] * b[k..]`: one
// load and store of `sum` per 4 iterations, not per 1). Each thread still
// runs its own iterations in order (split_kernel.h, jammed_iterations).
// Token indexes:
struct JammedLoop {
  size_t counter;                 // the declarator's name, after the type
  size_t condition_counter;       // `k` in `k < bound`
  size_t bound_begin, bound_end;  // bound
  size_t update_begin, update_end;
  size_t header_close;            // the header's `)`
};

// `if (condition) { body }` around interchanged loops or warp collectives,
// or `if (condition) statement` that few threads enter (a sparse guard):
// the header's tokens `if` and `{` and the body's closing brace; without
// braces, the header's `)` and the statement's last token.
struct Guard {
  size_t if_token;
  size_t open_brace;
  size_t close_brace;
  // The header lists the threads whose condition holds, and the thread
  // loops inside run over the list (else: a flag per thread that each
  // thread loop tests). For warp collectives' guards, which usually keep
  // one warp of many (`if (warp == 0)`): a loop over the whole block for
  // each of its collectives cost more than the collectives themselves.
  bool listed = false;
  // The body runs one warp of the list at a time (a listed guard in the
  // race-checking build, split_barriers.h): its lowered collectives'
  // barriers then order only threads of one warp, as on a GPU.
  bool per_warp = false;
  // The list is the same in every block of the launch: the condition is
  // (BlockUniformity::is_launch_invariant) and so are the guards around
  // it. It is made once per launch and worker (split_kernel.h,
  // LaunchGuardList).
  bool launch_invariant = false;
  bool braced = true;
};

// A local declared at the top level of a thread statement.
struct RegionLocal {
  Declaration syntax;
  size_t scope_end;  // the enclosing statement list's end (token index)
  int region;
  std::vector<std::string> uniform_in_scope;
};

// One step of a statement list as the split kernel runs it: a region (one
// loop over the threads), a barrier, or a nested list: a loop of the block
// (a barrier loop or an interchanged loop, run zero or more times) or a
// block (a braced block or a guard's body, run once), or a uniform
// statement, run once for the whole block between two thread loops.
struct PlanStep {
  enum class Kind { region, barrier, loop, block, uniform };
  Kind kind = Kind::loop;
  int region = -1;  // RegionPlan::regions index, for a region
  std::vector<PlanStep> body;
  // A barrier of a lowered warp collective (warp_slots.h): the source
  // orders only the collective's warp there, the split kernel the block.
  bool warp_barrier = false;
  int guard = -1;  // RegionPlan::guards index, for a guard's body (a block)
  size_t first = 0, last = 0;  // a uniform statement's tokens
};

struct RegionPlan {
  std::vector<ThreadRegion> regions;
  std::vector<PlanStep> steps;  // the kernel body's
  std::map<size_t, int> region_of;  // token -> its region (tokens of thread statements only)
  std::vector<RegionLocal> locals;  // in source order
  // Token ranges of the barrier statements (`__syncthreads();`, `block.sync();`).
  std::vector<std::pair<size_t, size_t>> barriers;
  // Interchanged loops (below) whose body is a single unbraced statement:
  // braces go after the first token and after the second.
  std::vector<std::pair<size_t, size_t>> added_braces;
  int interchanged_loops = 0;  // block-uniform and strided loops
  std::vector<StridedLoop> strided_loops;
  std::vector<JammedLoop> jammed_loops;
  // A `return` before the last region (only in kernels without barriers):
  // each `return;` (`returns`: their tokens)
  // records the thread's exit, and every region after the first one skips
  // the threads that exited.
  bool exit_flags = false;
  std::vector<size_t> returns;
  // `if (uniform condition) return;` at the kernel's top level: the whole
  // block leaves, once, between two thread loops (`returns` excludes them).
  std::vector<size_t> block_returns;  // their `return` tokens
  // Guards: each header `if (c) {` is a region that sets the thread's flag
  // to c (or lists the thread when c holds); the regions inside skip
  // threads whose flag is false (or run over the list).
  std::vector<Guard> guards;
};

// Plans the regions of the kernel body [body_begin, body_end) whose
// parameters are `parameters`; false with `reason` set when it must stay on
// fibers. Records uniform locals that are reassigned in `uniformity`.
// `interchange_loops`: a barrier-free `for` loop at a barrier level (the
// kernel's top level, a barrier loop's body) whose header is block-uniform
// and whose body never leaves it early becomes a loop of the block, its body
// a region (the thread loop moves inside it), as if a barrier ended each
// iteration; recursively, so the innermost such loop holds the thread loop.
// Likewise an `if` without else around such loops becomes a guard. So does
// `if (c) statement` (no else) that few threads enter, the same ones in
// every block: `c` an equality or negation (`lane == 0`, `!tid`) of
// launch-invariant values, and the statement does not leave (a sparse
// guard): the code around it then runs as loops over all threads, which
// vectorise, and it as a loop over its few threads.
// `strided_loops`: a strided loop (StridedLoop) at a barrier level becomes
// a region of its own that runs in rounds (and an `if` around one a guard).
// `strided_in_threads`: the `for` tokens of strided loops to leave in the
// threads all the same.
bool plan_barrier_regions(const TokenCursor& c, size_t body_begin, size_t body_end,
                          const std::vector<std::string>& parameters, const BlockGroups& groups,
                          BlockUniformity& uniformity, bool interchange_loops, bool strided_loops, RegionPlan* plan,
                          std::string* reason, const std::set<size_t>& strided_in_threads = {});

}  // namespace cucpu::compiler
