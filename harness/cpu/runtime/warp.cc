// Warp collectives as rendezvous of the lanes named in the mask. The last
// lane to arrive computes every participant's result into its slot and
// queues the others to resume; each lane then reads its own slot.
#include <algorithm>
#include <cstring>

#include "block_run.h"

namespace cucpu::runtime {
namespace {

using detail::WarpOp;

unsigned word_of(const LaneSlot& slot) {
  unsigned word;
  std::memcpy(&word, slot.value, sizeof word);
  return word;
}

unsigned reduce_word(WarpOp op, const WarpRun& warp, unsigned group) {
  unsigned result = op == WarpOp::reduce_and ? ~0u : op == WarpOp::reduce_min ? ~0u : 0u;
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!((group >> lane) & 1u)) continue;
    unsigned value = word_of(warp.lanes[lane]);
    switch (op) {
      case WarpOp::ballot: result |= (value != 0 ? 1u : 0u) << lane; break;
      case WarpOp::reduce_add: result += value; break;
      case WarpOp::reduce_and: result &= value; break;
      case WarpOp::reduce_or: result |= value; break;
      case WarpOp::reduce_xor: result ^= value; break;
      case WarpOp::reduce_min: result = value < result ? value : result; break;
      case WarpOp::reduce_max: result = value > result ? value : result; break;
      default: break;
    }
  }
  return result;
}

void complete(WarpRun& warp, unsigned group) {
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!((group >> lane) & 1u)) continue;
    LaneSlot& slot = warp.lanes[lane];
    unsigned word = 0;
    switch (slot.op) {
      case WarpOp::shfl_idx:
      case WarpOp::shfl_up:
      case WarpOp::shfl_down:
      case WarpOp::shfl_xor:
        std::memcpy(slot.result, warp.lanes[shuffle_source(slot.op, lane, slot.argument, slot.width, group)].value, sizeof slot.result);
        continue;
      case WarpOp::sync: break;
      case WarpOp::any: word = reduce_word(WarpOp::ballot, warp, group) != 0; break;
      case WarpOp::all: word = reduce_word(WarpOp::ballot, warp, group) == group; break;
      case WarpOp::match_any:
      case WarpOp::match_all:
        // Values are compared on all their bytes (the slots are zero-padded).
        for (unsigned other = 0; other < 32; ++other) {
          if (((group >> other) & 1u) && std::memcmp(warp.lanes[other].value, slot.value, sizeof slot.value) == 0) {
            word |= 1u << other;
          }
        }
        if (slot.op == WarpOp::match_all && word != group) word = 0;
        break;
      default: word = reduce_word(slot.op, warp, group); break;
    }
    std::memcpy(slot.result, &word, sizeof word);
  }
}

}  // namespace
}  // namespace cucpu::runtime

namespace cucpu::detail {

using namespace cucpu::runtime;

void warp_collective(WarpOp op, unsigned mask, const void* value, unsigned value_bytes, int argument, int width,
                     void* result) {
  BlockRun* block = current_block();
  if (block == nullptr) {  // host code: a warp of one
    std::memset(result, 0, kMaxShuffleBytes);
    if (op == WarpOp::ballot || op == WarpOp::any || op == WarpOp::all || op == WarpOp::match_any ||
        op == WarpOp::match_all) {
      unsigned word = 0;
      std::memcpy(&word, value, std::min<unsigned>(value_bytes, sizeof word));
      word = op == WarpOp::match_any || op == WarpOp::match_all ? 1u : (word != 0);
      std::memcpy(result, &word, sizeof word);
    } else {
      std::memcpy(result, value, value_bytes);
    }
    return;
  }
  unsigned linear = tls_context.linear;
  unsigned lane = linear & 31u;
  unsigned warp_index = linear >> 5;
  unsigned lanes_in_warp = block->thread_count - warp_index * 32;
  unsigned existing = lanes_in_warp >= 32 ? ~0u : ((1u << lanes_in_warp) - 1);
  // Lanes beyond the block's last thread do not exist; the caller always takes part.
  unsigned group = (mask & existing) | (1u << lane);
  WarpRun& warp = block->warps[warp_index];
  LaneSlot& slot = warp.lanes[lane];
  std::memset(slot.value, 0, sizeof slot.value);
  std::memcpy(slot.value, value, value_bytes);
  slot.op = op;
  slot.argument = argument;
  slot.width = width;
  slot.mask = group;
  warp.arrived |= 1u << lane;
  if ((warp.arrived & group) == group) {
    complete(warp, group);
    warp.arrived &= ~group;
    for (unsigned other = 0; other < 32; ++other) {
      if (other != lane && ((group >> other) & 1u)) make_ready(*block, warp_index * 32 + other);
    }
  } else {
    suspend_current_thread();
  }
  std::memcpy(result, slot.result, kMaxShuffleBytes);
}

unsigned active_lanes() {
  BlockRun* block = current_block();
  if (block == nullptr) return 1u;
  unsigned warp_index = tls_context.linear >> 5;
  unsigned lanes_in_warp = block->thread_count - warp_index * 32;
  return lanes_in_warp >= 32 ? ~0u : ((1u << lanes_in_warp) - 1);
}

}  // namespace cucpu::detail
