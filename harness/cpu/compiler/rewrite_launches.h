// Source-to-source pass over preprocessed CUDA (g++ -E output with the
// prelude included) that makes it plain C++ for the CPU backend:
//   - every `callee<<<config>>>(args)` becomes a ::cucpu::launch(...) call;
//   - `__shared__` variables become per-worker thread_local storage and
//     `extern __shared__` arrays the worker's dynamic shared buffer;
//   - constructs the backend cannot run faithfully (inline PTX, tensor-core
//     APIs, cuBLAS/cuDNN, cuRAND's host library, grid-wide sync) are refused
//     with the user's file:line.
// Line structure is preserved so g++ diagnostics keep the user's lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cucpu::compiler {

struct SourceError {
  std::string file;
  int line;
  std::string message;
};

struct RewriteResult {
  std::string text;
  std::vector<SourceError> errors;  // refusals; `text` is unusable if any
  // Barrier splitting (split_barriers.h): kernels split into loops over
  // threads, and those with barriers left to fibers ("name: reason").
  std::vector<std::string> split_kernels;
  std::vector<std::string> kept_on_fibers;
};

struct RewriteOptions {
  // Static __shared__ arrays become plain statics (one copy, blocks run one
  // at a time) so AddressSanitizer puts redzones around them: cucc
  // --check-memory. Otherwise they are per-worker thread_local storage.
  bool shared_as_checked_globals = false;
  // Rewrite kernels whose barriers are all block-uniform into loops over
  // threads (split_barriers.h); the others run on fibers.
  bool split_barriers = true;
};

RewriteResult rewrite_launches(std::string_view preprocessed, const RewriteOptions& options = {});

// The refusals that apply to a plain C++/C file (.cc/.cpp/.c, preprocessed
// without the prelude) built along with .cu files: GPU library calls and
// includes (cuBLAS, cuDNN, cuRAND's host library) and refused runtime API
// functions, which would otherwise fail at link time as undefined symbols.
std::vector<SourceError> refusals_in_host_source(std::string_view preprocessed);

// "file:line: error: message", the form compilers use.
std::string format_error(const SourceError& error);

}  // namespace cucpu::compiler
