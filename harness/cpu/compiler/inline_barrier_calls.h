// Inlines, into kernels, calls of device functions that hold a barrier, so
// that barrier splitting can see the barrier at the call's place (NVIDIA's
// `scan` sample reaches its cg::sync only through four such functions).
// A call is inlined when it sits in a simple statement of a kernel
// (`T x = f(a);`, `x = f(a) - y;`, `f(a);`) and the callee is one plain
// function: no template or overload, no default arguments, its only `return`
// its last statement, no static locals, no goto, not
// recursive, and no name in its body that the kernel declares for itself.
// A `__shared__` local at the function body's top level (the block
// reduction's `__shared__ float partial[32];`) is one array per function,
// as on a GPU: the kernel declares it once, at its start, as
// `cucpu_shared_<function>_<name>`, and every inlined call uses that one,
// so a missing barrier between two calls (the next call's store
// overwriting what a slow thread of the last one has yet to read) still
// shows.
// The statement
//     uint v = scan(x, s, n);
// becomes, on its first line,
//     uint cucpu_inl_0_result; { uint cucpu_inl_0_idata = (x); ...
//     cucpu_inl_0_result = ...; } uint v = cucpu_inl_0_result;
// with the parameters and the body's locals renamed and its `#pragma`s
// dropped (the following lines keep their numbers). Inlined bodies are searched again,
// to a fixed depth, so chains of such functions are inlined too.
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace cucpu::compiler {

struct InlinedSource {
  std::string text;
  std::set<std::string> kernels;  // kernels that had a call inlined
};

// `only_kernels`: inline into these kernels only; all when empty.
InlinedSource inline_barrier_calls(std::string_view preprocessed, const std::set<std::string>& only_kernels = {});

}  // namespace cucpu::compiler
