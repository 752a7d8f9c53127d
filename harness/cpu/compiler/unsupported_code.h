// Refuses, with the user's file:line, what the CPU backend cannot run
// faithfully: inline assembly (PTX), tensor-core APIs (wmma::, __hmma...),
// cuBLAS/cuDNN (their headers and names), cuRAND's host library, and the
// runtime API functions of refused_api.h. Grid-wide sync is not refused:
// cooperative launches run it (runtime/cooperative_launch.cc).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "source_error.h"
#include "token_cursor.h"

namespace cucpu::compiler {

// The refusal for the identifier at token i of a .cu file's user code, if any.
std::optional<SourceError> refuse_unsupported(const TokenCursor& c, size_t i);

// Refusals of the GPU library headers the user's code includes.
void refuse_library_includes(const TokenizedSource& parsed, std::vector<SourceError>* errors);

// The refusals that apply to a plain C++/C file (.cc/.cpp/.c, preprocessed
// without the prelude) built along with .cu files: GPU library calls and
// includes (cuBLAS, cuDNN, cuRAND's host library) and refused runtime API
// functions, which would otherwise fail at link time as undefined symbols.
std::vector<SourceError> refusals_in_host_source(std::string_view preprocessed);

}  // namespace cucpu::compiler
