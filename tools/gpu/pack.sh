#!/usr/bin/env bash
# Packs what the GPU checks need (tools/gpu/README.md) into one folder that
# runs on a GPU machine with the CUDA toolkit but without Bazel, this
# project's Debian packages or a network: the judge and its end-to-end tests
# with their runfiles (links resolved), the conformance programs built by
# nvcc, bubblewrap, and the shared libraries such a machine may lack.
# Usage: tools/gpu/pack.sh DIR [ARCH]   (ARCH: the GPU's, default sm_90)
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 DIR [ARCH]" >&2; exit 2; }
dir=$1
arch=${2:-sm_90}
cd "$(dirname "$0")/../.."

bazel build //judge //judge/pipeline:bundled_solutions_test //judge/pipeline:exploit_test \
  //judge/pipeline:timing_exploit_test
bin=$(bazel info bazel-bin)
rm -rf "$dir"
mkdir -p "$dir/lib" "$dir/conformance"
for test in bundled_solutions_test exploit_test timing_exploit_test; do
  cp -rL "$bin/judge/pipeline/$test.runfiles" "$dir/$test.runfiles"
done
cp -L /usr/bin/bwrap "$dir/"
# strace, where this machine has it: check.sh traces a sandboxed judging
# that fails, so the refused call is named even when the sandbox cannot say.
strace=$(command -v strace || true)
[[ -n $strace ]] && cp -L "$strace" "$dir/"
# The libraries of the judge, its runners and bubblewrap, but the C and C++
# runtimes, which the machine has (in versions at least as new, or nothing
# here would run there anyway).
judge_root=$dir/exploit_test.runfiles/judge
for binary in "$judge_root/judge/judge" "$judge_root/harness/runner/runner_cuda" "$judge_root/harness/runner/runner_cpu" \
  /usr/bin/bwrap $strace; do
  ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' |
    grep -v -E '/(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|libcudart)\.so' |
    xargs -r cp -L -t "$dir/lib/"
done
# The conformance programs, as nvcc builds them (the shared runtime keeps
# them small; it is found in /usr/local/cuda there). Each checks itself.
for program in harness/cpu/tests/conformance/*.cu; do
  name=$(basename "$program" .cu)
  /usr/local/cuda/bin/nvcc -std=c++17 -O2 -arch="$arch" -cudart shared -I harness/cpu/tests/conformance \
    -Xlinker -rpath=/usr/local/cuda/lib64 "$program" -o "$dir/conformance/$name" ||
    echo "pack: $name did not compile with nvcc (left out)" >&2
  [[ -f ${program%.cu}.expect ]] && cp "${program%.cu}.expect" "$dir/conformance/"
done
cp tools/gpu/check.sh "$dir/"
echo "packed into $dir ($(du -sh "$dir" | cut -f1)); on the GPU machine: $dir/check.sh OUT"
