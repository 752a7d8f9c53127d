// Global thread indexes in `int`, written so that g++ can vectorise a thread
// loop over them. CUDA computes
//     int col = blockIdx.x * blockDim.x + threadIdx.x;
// in unsigned 32-bit arithmetic and converts the sum; g++ cannot prove that
// sum free of wrapping, so it sees neither `col` nor an address made from
// it (`b[k * n + col]`) as consecutive across the threads, and gathers. Such
// an initialiser becomes, on the same line,
//     int col = (P > 2147482624u ? (int)(P + T) : (int)(P) + (int)(T));
// with P the block's part (`blockIdx.x * blockDim.x`) and T the thread's
// (`threadIdx.x`): the same value for every P, since T is below 1024 and the
// signed sum in the second arm cannot overflow. In a split kernel's
// natural-order thread loop g++ knows P is small (split_kernel.h) and keeps
// only the signed sum, which is consecutive in the loop's counter.
//
// Rewritten: the initialiser of an `int` or `int32_t` local (const or not,
// a loop's too) that is exactly P + T or T + P, with P `blockIdx.c *
// blockDim.c`, `blockIdx.c * N` or either reversed (N an integer literal)
// and T `threadIdx.c`, all of one component c.
#pragma once

#include <string>
#include <string_view>

namespace cucpu::compiler {

std::string sign_thread_indexes(std::string_view preprocessed);

}  // namespace cucpu::compiler
