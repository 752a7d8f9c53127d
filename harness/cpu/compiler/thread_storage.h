// How the locals of a split kernel reach the regions (loops over threads)
// that use them besides their own: a local that is arithmetic on threadIdx
// and uniform values (`int tid = threadIdx.x;`) is recomputed at the start
// of each such region; any other moves to per-thread storage, a
// `thread_local` array with a slot per thread, copied into a local for the
// region and back at its end when its address is never taken (so g++ keeps
// it in a register), bound by reference otherwise. Fails, with the reason,
// for a crossing local whose declaration is not plain (statement_parsing.h).
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "barrier_regions.h"
#include "block_uniformity.h"
#include "source_edits.h"
#include "token_cursor.h"

namespace cucpu::compiler {

// What each region opens with and closes with, plus the edits to the
// declarations that moved to per-thread storage.
struct RegionCode {
  std::string storage;      // per-thread storage declared before the region
  std::string bindings;     // recomputed locals, references or copies, at its start
  std::string write_backs;  // the copies stored back, at its end
};

// A local each region recomputes instead of storing: its declaration as
// code (`unsigned i = ...; `) and the other recomputed locals it reads.
struct RecomputedLocal {
  std::string declaration;
  std::vector<std::string> reads;
  size_t init_begin, init_end;  // its initialiser's tokens
};

// Appends to `code` the declaration of the recomputed local `name`, after
// those of the recomputed locals it reads, skipping names in `declared`
// (and adding those it declares).
void declare_recomputed(const std::map<std::string, RecomputedLocal>& recomputed, const std::string& name,
                        std::set<std::string>* declared, std::string* code);

struct ThreadStorage {
  std::vector<RegionCode> regions;  // parallel to RegionPlan::regions
  std::vector<Edit> edits;
  std::map<std::string, RecomputedLocal> recomputed;  // by name
};

// `final_text(i)`: what token i reads as after rewriting (for code copied
// to new places). `storage_counter` numbers the storage arrays file-wide.
bool plan_thread_storage(const TokenCursor& c, size_t body_begin, size_t body_end, const RegionPlan& plan,
                         BlockUniformity& uniformity, const std::function<std::string(size_t)>& final_text,
                         int* storage_counter, ThreadStorage* out, std::string* reason);

// The declaration of per-thread storage `name`: a block-wide thread_local
// array of `type` with a slot per thread (1024, the most a block has), and
// `name_at`, a pointer to it that regions capture (one TLS lookup per block,
// not per access).
std::string per_thread_array(const std::string& type, const std::string& name);

// Edits that remove tokens [b, e), keeping line breaks and line markers so
// the following lines keep their numbers.
void blank_tokens(const TokenCursor& c, size_t b, size_t e, std::vector<Edit>* into);

}  // namespace cucpu::compiler
