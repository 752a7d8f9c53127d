#!/usr/bin/env bash
# End-to-end checks of the cucc driver: a program with main, a solution
# library loaded by a host program, launch forms, refusals naming the
# user's line (in a .cu and in a plain .cc file), the fallback from split
# kernels to fibers, a multiply-add left unfused, and the --version line.
set -euo pipefail

cucc=$1
testdata=$2
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }

"$cucc" "$testdata/launch_forms.cu" -o "$work/launch_forms"
"$work/launch_forms" | grep -q "ALL PASS" || fail "launch_forms did not pass"

"$cucc" "$testdata/cooperative_groups.cu" -o "$work/cooperative_groups"
"$work/cooperative_groups" | grep -q "ALL PASS" || fail "cooperative_groups did not pass"

"$cucc" -shared "$testdata/solution_library.cu" -o "$work/solution.so"
"$cucc" "$testdata/dlopen_host.cc" -o "$work/dlopen_host"
"$work/dlopen_host" "$work/solution.so" | grep -q "sum=100000.000000 err=cudaSuccess" \
  || fail "the dlopened solution did not compute the sum"
CUCPU_WORKERS=1 CUCPU_SHUFFLE_SEED=3 "$work/dlopen_host" "$work/solution.so" >/dev/null \
  || fail "the solution failed with one worker in shuffled order"
# A library's __shared__ arrays are thread_local; 48 KiB of them is more
# than the loader keeps spare for libraries loaded late.
"$cucc" -shared "$testdata/large_shared_library.cu" -o "$work/large_shared.so"
"$work/dlopen_host" "$work/large_shared.so" | grep -q "sum=100000.000000 err=cudaSuccess" \
  || fail "a library with 48 KiB of static shared memory did not load or compute the sum"

if "$cucc" "$testdata/refused_asm.cu" -o "$work/refused" 2>"$work/refused.log"; then
  fail "inline asm was accepted"
fi
grep -q "refused_asm.cu:5: error: inline assembly" "$work/refused.log" \
  || { cat "$work/refused.log" >&2; fail "the refusal does not name refused_asm.cu:5"; }

# The same for a plain C++ file: a cuRAND host-library call is refused at
# its line instead of failing at link time.
if "$cucc" "$testdata/refused_curand_host.cc" -o "$work/refused_curand" 2>"$work/refused_curand.log"; then
  fail "a cuRAND host-library call in a .cc file was accepted"
fi
grep -q "refused_curand_host.cc:7: error: 'curandCreateGeneratorHost': the cuRAND host library" \
  "$work/refused_curand.log" || { cat "$work/refused_curand.log" >&2; fail "the .cc refusal does not name line 7"; }

# When g++ rejects the split text, the kernel runs on fibers, and -v says so
# rather than naming the split it did not use.
"$cucc" -v "$testdata/split_fallback.cu" -o "$work/split_fallback" 2>"$work/split_fallback.log"
grep -q "kernel 'reverse_plus_one': fibers (the split build did not compile)" "$work/split_fallback.log" \
  || { cat "$work/split_fallback.log" >&2; fail "-v does not say the split kernel fell back to fibers"; }
if grep -q "loops over threads" "$work/split_fallback.log"; then fail "-v names a split that was not built"; fi
"$work/split_fallback" | grep -q "ALL PASS" || fail "the fallback build computed a wrong answer"

# The host's vector width comes without contraction: a * b + c still rounds
# twice, bit for bit as without it.
"$cucc" "$testdata/separate_rounding.cu" -o "$work/separate_rounding"
"$work/separate_rounding" | grep -q "ALL PASS" || fail "a * b + c was fused, or fmaf was not"

"$cucc" --version | grep -Eq "^cucc \(CPU backend\) [0-9a-f]{16}, g\+\+ " || fail "--version line"
echo "cucc_test: all checks passed"
