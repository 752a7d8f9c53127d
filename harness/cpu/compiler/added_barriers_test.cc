// Unit tests of telling whether the barriers a split adds can be observed.
#include "harness/cpu/compiler/added_barriers.h"

#include <gtest/gtest.h>

#include "harness/cpu/compiler/test_snippet.h"

namespace cucpu::compiler {
namespace {

const std::vector<std::string> kParameters = {"a", "b", "c", "n"};

// "" if every added barrier in the kernel body [body_begin, body_end) of
// `s` is invisible, the reason otherwise; "not split" if the body does not
// plan at all. Guards around collectives run per warp when `per_warp_guards`,
// as the shuffled pass's build plans them.
std::string observable_in(const TestSnippet& s, size_t body_begin, size_t body_end,
                          const std::vector<std::string>& names, bool per_warp_guards) {
  const TokenCursor& c = s.cursor();
  BlockUniformity uniformity(c, body_begin, body_end);
  BlockGroups groups = find_block_groups(c, body_begin, body_end);
  RegionPlan plan;
  std::string reason;
  if (!plan_barrier_regions(c, body_begin, body_end, names, groups, uniformity, /*interchange_loops=*/false, /*strided_loops=*/false, &plan,
                            &reason)) {
    return "not split: " + reason;
  }
  for (Guard& guard : plan.guards) guard.per_warp = per_warp_guards && guard.listed;
  return observable_added_barrier(c, body_begin, body_end, names, plan);
}

// A bare body `{ body }` whose parameters are kParameters.
std::string observable(const std::string& body) {
  TestSnippet s("{" + body + "}");
  return observable_in(s, 1, s.cursor().size() - 1, kParameters, false);
}

// A kernel `void k(parameters) { body }`.
std::string observable_in_kernel(const std::string& parameters, const std::vector<std::string>& names,
                                 const std::string& body, bool per_warp_guards = true) {
  TestSnippet s("void k(" + parameters + ") {" + body + "}");
  return observable_in(s, s.find("{") + 1, s.cursor().size() - 1, names, per_warp_guards);
}

const std::string kConstA = "const float* a, float* c, int n";
const std::string kWritableA = "float* a, float* c, int n";
const std::vector<std::string> kNames = {"a", "c", "n"};
const std::string kIndexes = "int t = __cucpu_builtin_threadIdx.x, lane = t % 32, w = t / 32;";
// What warp_slots.h makes of `v += __shfl_down_sync(~0u, v, 16);`.
const std::string kLoweredShuffle =
    "::cucpu::detail::split_warp<0>::store(cucpu_t, (v)); __cucpu_warp_barrier();"
    "v += ::cucpu::detail::split_warp<0>::shfl<::std::decay_t<decltype((v))>>(cucpu_t, cucpu_whole_warps,"
    " ::cucpu::detail::WarpOp::shfl_down, (0xffffffff), int(16), 32);";

TEST(AddedBarriers, ReadsThroughConstPointersMeetNoWrite) {
  const std::string body = kIndexes + "float v = a[t]; const int half = n / 2; c[t] = v + a[63 - t] + half;";
  EXPECT_EQ(observable_in_kernel(kConstA, kNames, body), "");
  EXPECT_NE(observable_in_kernel(kWritableA, kNames, body), "");  // a may be c
  // A const local that starts from a const parameter reads the same way;
  // one that starts from a written pointer does not.
  EXPECT_EQ(observable_in_kernel(kConstA, kNames,
                                 kIndexes + "const float* row = a + n * t; float v = row[0]; const int half = n / 2;"
                                            "c[t] = v + row[1] + half;"),
            "");
  EXPECT_NE(observable_in_kernel(kConstA, kNames,
                                 kIndexes + "const float* row = c + n * t; float v = row[0]; const int half = n / 2;"
                                            "c[t] = v + row[1] + half;"),
            "");
}

TEST(AddedBarriers, DistinctSharedArraysDoNotMeet) {
  const std::string shared = "__cucpu_shared__ float s[64]; __cucpu_shared__ float r[64];" + kIndexes;
  EXPECT_EQ(observable_in_kernel(kConstA, kNames, shared + "s[t] = 1.0f; const int half = n / 2; r[t] = 2.0f;"), "");
  EXPECT_NE(observable_in_kernel(kConstA, kNames, shared + "s[t] = 1.0f; const int half = n / 2; s[t] += 2.0f;"), "");
  // Shared memory and what a parameter points to are apart too.
  EXPECT_EQ(observable_in_kernel(kConstA, kNames, shared + "s[t] = 1.0f; const int half = n / 2; c[t] = 2.0f;"), "");
  // A fixed local pointer is the array it points into.
  EXPECT_EQ(observable_in_kernel(kConstA, kNames,
                                 shared + "float* p = s + 1; p[t] = 1.0f; const int half = n / 2; r[t] = 2.0f;"),
            "");
  EXPECT_NE(observable_in_kernel(kConstA, kNames,
                                 shared + "float* p = s + 1; p[t] = 1.0f; const int half = n / 2; s[t] = 2.0f;"),
            "");
  // Every extern __shared__ array is one buffer.
  EXPECT_NE(observable_in_kernel(kConstA, kNames,
                                 "extern __cucpu_shared__ float e1[]; extern __cucpu_shared__ int e2[];" + kIndexes +
                                     "e1[t] = 1.0f; const int half = n / 2; e2[t] = 2;"),
            "");
}

TEST(AddedBarriers, ReadsOnBothSidesDoNotConflict) {
  const std::string shared = "__cucpu_shared__ float s[64];" + kIndexes;
  EXPECT_EQ(observable_in_kernel(kConstA, kNames,
                                 shared + "s[t] = a[t]; __syncthreads();"
                                          "float v = s[63 - t]; const int half = n / 2; c[t] = v + s[t] + half;"),
            "");
  // A write on either side does.
  EXPECT_NE(observable_in_kernel(kConstA, kNames,
                                 shared + "s[t] = a[t]; __syncthreads();"
                                          "float v = s[63 - t]; const int half = n / 2; s[t] = v + half;"),
            "");
  EXPECT_NE(observable_in_kernel(kConstA, kNames,
                                 shared + "s[t] = a[t]; __syncthreads();"
                                          "float v = s[63 - t]; const int half = n / 2; ++s[t];"),
            "");
}

TEST(AddedBarriers, AUniformStatementsReadCounts) {
  // `total` is read once for the whole block between two thread loops:
  // the next write of the array, with no barrier between, could be seen.
  const std::string before = "__cucpu_shared__ float partial[32];" + kIndexes +
                             "partial[lane] = a[t]; __syncthreads(); const float total = partial[0];";
  EXPECT_NE(observable_in_kernel(kConstA, kNames, before + "float v = total * 2.0f; partial[lane] = v;"), "");
  EXPECT_EQ(observable_in_kernel(kConstA, kNames,
                                 before + "__syncthreads(); float v = total * 2.0f; partial[lane] = v;"),
            "");
}

TEST(AddedBarriers, ALoweredCollectivesBarrierOrdersOnlyItsWarp) {
  // Loads of inputs, the shuffle, a guarded store of the warp's total: its
  // slot store and read are the collective's own.
  EXPECT_EQ(observable_in_kernel(kConstA, kNames, kIndexes + "float v = a[t];" + kLoweredShuffle +
                                                      "if (lane == 0) c[w] = v;"),
            "");
  // A shared write before the shuffle and a read after it: the barrier that
  // would order them is not the source's (a missing __syncthreads()).
  EXPECT_NE(observable_in_kernel(kConstA, kNames,
                                 "__cucpu_shared__ float s[64];" + kIndexes + "float v = a[t]; s[t] = v;" +
                                     kLoweredShuffle + "c[t] = v + s[t ^ 32];"),
            "");
}

TEST(AddedBarriers, AGuardAroundCollectivesRunsOneWarpAtATime) {
  // The first warp reduces the warps' totals: it reads them, shuffles, and
  // its lane 0 writes the result back.
  const std::string body = "__cucpu_shared__ float partial[32];" + kIndexes + "float v = a[t];" + kLoweredShuffle +
                           "if (lane == 0) partial[w] = v; __syncthreads();"
                           "if (w == 0) { v = partial[lane];" +
                           kLoweredShuffle + "if (lane == 0) partial[0] = v; } __syncthreads(); c[t] = partial[0];";
  EXPECT_EQ(observable_in_kernel(kConstA, kNames, body), "");
  // Were all the guard's warps to run each region in turn, its shuffle's
  // barrier would order one warp's reads before another's write.
  EXPECT_NE(observable_in_kernel(kConstA, kNames, body, /*per_warp_guards=*/false), "");
  // Without the barrier after the guard, its write meets the read after it.
  std::string missing = body;
  missing.replace(missing.rfind("__syncthreads();"), std::string("__syncthreads();").size(), "");
  EXPECT_NE(observable_in_kernel(kConstA, kNames, missing), "");
}

bool only_locals(const std::string& declarations, const std::string& code) {
  TestSnippet s("{" + declarations + " " + code + "}");
  const TokenCursor& c = s.cursor();
  // The code under test is the tokens after the declarations.
  TestSnippet prefix("{" + declarations);
  size_t b = prefix.cursor().size();
  return touches_only_thread_locals(c, 1, c.size() - 1, kParameters, b, c.size() - 1);
}

// The same with `outside` before the kernel body: file-scope declarations.
bool only_locals_after(const std::string& outside, const std::string& declarations, const std::string& code) {
  TestSnippet s(outside + "{" + declarations + " " + code + "}");
  const TokenCursor& c = s.cursor();
  const size_t body_begin = TestSnippet(outside + "{").cursor().size();
  const size_t b = TestSnippet(outside + "{" + declarations).cursor().size();
  return touches_only_thread_locals(c, body_begin, c.size() - 1, kParameters, b, c.size() - 1);
}

const std::string kTile =
    "__cucpu_shared__ float at[16][16]; __cucpu_shared__ float bt[16][16];"
    "int tx = __cucpu_builtin_threadIdx.x, ty = __cucpu_builtin_threadIdx.y;"
    "int row = __cucpu_builtin_blockIdx.y * 16 + ty; int col = __cucpu_builtin_blockIdx.x * 16 + tx;"
    "float sum = 0.0f;";

TEST(AddedBarriers, TiledLoopEndingAtABarrierAddsNoneThatShows) {
  // Before the loop only the thread's own indices; the loop ends at a barrier.
  EXPECT_EQ(observable(kTile +
                       "for (int p = 0; p < n; p += 16) {"
                       "  at[ty][tx] = a[row * n + p + tx]; bt[ty][tx] = b[(p + ty) * n + col];"
                       "  __syncthreads();"
                       "  for (int k = 0; k < 16; ++k) sum += at[ty][k] * bt[k][tx];"
                       "  __syncthreads();"
                       "}"
                       "c[row * n + col] = sum;"),
            "");
}

TEST(AddedBarriers, MissingBarrierAtTheLoopsEndShows) {
  // The back edge would synchronise the tile's readers with its next writers.
  std::string reason = observable(kTile +
                                  "for (int p = 0; p < n; p += 16) {"
                                  "  at[ty][tx] = a[row * n + p + tx]; bt[ty][tx] = b[(p + ty) * n + col];"
                                  "  __syncthreads();"
                                  "  for (int k = 0; k < 16; ++k) sum += at[ty][k] * bt[k][tx];"
                                  "}"
                                  "c[row * n + col] = sum;");
  EXPECT_NE(reason.find("could observe"), std::string::npos) << reason;
}

TEST(AddedBarriers, MissingBarrierInsideARegionIsForTheShuffledOrderToShow) {
  // Without the first barrier, loading and reading the tile are one region:
  // no barrier is added there, and the one at the loop's end is real.
  EXPECT_EQ(observable(kTile +
                       "for (int p = 0; p < n; p += 16) {"
                       "  at[ty][tx] = a[row * n + p + tx];"
                       "  for (int k = 0; k < 16; ++k) sum += at[ty][k];"
                       "  __syncthreads();"
                       "}"
                       "c[row * n + col] = sum;"),
            "");
}

TEST(AddedBarriers, SharedWritesBeforeALoopMeetTheLoopsReads) {
  EXPECT_NE(observable("__cucpu_shared__ float s[64]; int t = __cucpu_builtin_threadIdx.x;"
                       "s[t] = a[t];"
                       "for (int i = 0; i < n; ++i) { c[t] += s[63 - t]; __syncthreads(); }"),
            "");
  // With a barrier before the loop, nothing is added there.
  EXPECT_EQ(observable("__cucpu_shared__ float s[64]; int t = __cucpu_builtin_threadIdx.x;"
                       "s[t] = a[t]; __syncthreads();"
                       "for (int i = 0; i < n; ++i) { c[t] += s[63 - t]; __syncthreads(); }"),
            "");
}

TEST(AddedBarriers, AUniformStatementBetweenMemoryAccessesShows) {
  EXPECT_NE(observable("__cucpu_shared__ float s[64]; int t = __cucpu_builtin_threadIdx.x;"
                       "s[t] = a[t]; const int half = n / 2; c[t] = s[63 - t]; __syncthreads();"),
            "");
  EXPECT_EQ(observable("__cucpu_shared__ float s[64]; int t = __cucpu_builtin_threadIdx.x;"
                       "int u = t * 2; const int half = n / 2; c[t] = u + half; __syncthreads();"),
            "");
}

TEST(AddedBarriers, ALoopsFirstRegionMeetsItsLastOnTheBackEdge) {
  // Memory at both ends of the body, a barrier only in the middle.
  EXPECT_NE(observable("__cucpu_shared__ float s[64]; int t = __cucpu_builtin_threadIdx.x;"
                       "for (int i = 0; i < n; ++i) { s[t] = c[t]; __syncthreads(); c[t] = s[63 - t]; }"),
            "");
  // Private code at the end of the body: nothing to see.
  EXPECT_EQ(observable("__cucpu_shared__ float s[64]; int t = __cucpu_builtin_threadIdx.x; float v = 0;"
                       "for (int i = 0; i < n; ++i) { s[t] = c[t]; __syncthreads(); v += 1.0f; }"
                       "c[t] = v;"),
            "");
}

TEST(AddedBarriers, ARegisterTilesZeroingAddsNoneThatShows) {
  // Each thread zeroes its own 4x4 accumulators before the tiled loop.
  EXPECT_EQ(observable("__cucpu_shared__ float at[16][64]; int ty = __cucpu_builtin_threadIdx.y;"
                       "float acc[4][4]; for (int i = 0; i < 4; ++i) for (int j = 0; j < 4; ++j) acc[i][j] = 0.0f;"
                       "for (int p = 0; p < n; p += 16) {"
                       "  at[ty][0] = a[p];"
                       "  __syncthreads();"
                       "  for (int i = 0; i < 4; ++i) for (int j = 0; j < 4; ++j) acc[i][j] += at[i][j];"
                       "  __syncthreads();"
                       "}"
                       "c[ty] = acc[0][0];"),
            "");
}

TEST(AddedBarriers, AnEarlyReturnIsPrivate) {
  // The uniform statement splits the region; the thread's exit is remembered
  // in a flag of its own.
  EXPECT_EQ(observable("int i = __cucpu_builtin_blockIdx.x * 64 + __cucpu_builtin_threadIdx.x;"
                       "if (i >= n) return; const int half = n / 2; c[i] = a[i] + half;"),
            "");
}

TEST(AddedBarriers, ThreadLocalCode) {
  EXPECT_TRUE(only_locals("int x, y; float f;", "x = y * 2 + n; f = sqrtf(f) + fminf(f, 1.0f);"));
  EXPECT_TRUE(only_locals("int x, y;", "if (x < n && y > 0) x *= 2; x &= 7; y = x & 3;"));
  EXPECT_TRUE(only_locals("const float* p;", "p = a + n;"));  // an address computed, not read
  EXPECT_TRUE(only_locals("float v;", "v = static_cast<float>(__cucpu_builtin_threadIdx.x);"));
  EXPECT_FALSE(only_locals("float v;", "v = a[0];"));
  EXPECT_FALSE(only_locals("float v; const float* p;", "v = *p;"));
  EXPECT_FALSE(only_locals("float v; const float* p;", "v = 1 + *p;"));
  EXPECT_FALSE(only_locals("int* q; int x;", "q = &x;"));
  EXPECT_FALSE(only_locals("float v;", "v = a->x;"));
  EXPECT_FALSE(only_locals("float v;", "v = helper(v);"));
  EXPECT_FALSE(only_locals("float v;", "atomicAdd(c, v);"));
  EXPECT_FALSE(only_locals("__cucpu_shared__ float total; float v;", "v = total;"));
  EXPECT_FALSE(only_locals("static int calls; int v;", "v = calls;"));
  EXPECT_FALSE(only_locals("float v;", "v = convert<float>(v);"));
  // A lowered collective's slot store and read; what it is given is checked.
  EXPECT_TRUE(only_locals("float v;", "::cucpu::detail::split_warp<0>::store(cucpu_t, (v));"));
  EXPECT_TRUE(only_locals("float v;", kLoweredShuffle.substr(kLoweredShuffle.find("v +="))));
  EXPECT_FALSE(only_locals("float v;", "::cucpu::detail::split_warp<0>::store(cucpu_t, (a[0]));"));
  EXPECT_FALSE(only_locals("float v;", "::cucpu::detail::other<0>::store(cucpu_t, (v));"));
  // A global the kernel writes is shared; one it only reads is a constant.
  EXPECT_FALSE(only_locals("float v;", "v = g_count; g_count = 2;"));
  EXPECT_TRUE(only_locals("float v;", "v = kScale * v;"));
  // The thread's own arrays of numbers, however subscripted; not arrays of
  // pointers, shared arrays, or memory reached through an element.
  EXPECT_TRUE(only_locals("float acc[4][4]; int i, j;", "acc[i][j] = 0.0f; acc[i][j + 1] += acc[0][j] * 2.0f;"));
  EXPECT_TRUE(only_locals("unsigned int bins[8]; int i;", "bins[i & 7] = bins[i] + 1;"));
  EXPECT_FALSE(only_locals("float acc[4]; int i;", "acc[i] = a[i];"));
  EXPECT_FALSE(only_locals("float acc[4]; int idx[4];", "acc[0] = a[idx[0]];"));
  EXPECT_FALSE(only_locals("const float* rows[4]; float v;", "v = rows[0][1];"));
  EXPECT_FALSE(only_locals("__cucpu_shared__ float tile[16]; float v;", "v = tile[0];"));
  EXPECT_FALSE(only_locals("float acc[4]; float* p;", "p = acc; p[1] = 0.0f;"));
  // A local array that shares its name with a global one may be shadowing it.
  EXPECT_TRUE(only_locals_after("__device__ float g_scale;", "float acc[4]; int i;", "acc[i] = 0.0f;"));
  EXPECT_FALSE(only_locals_after("__device__ float acc[4];", "int i;", "{ float acc[4]; acc[0] = 1.0f; } acc[i] = 0.0f;"));
}

}  // namespace
}  // namespace cucpu::compiler
