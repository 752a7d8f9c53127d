#!/usr/bin/env bash
# The GPU checks (tools/gpu/README.md), run on the GPU machine from the
# folder tools/gpu/pack.sh made: the machine, one judging in full, every
# bundled solution's verdict, the exploit suite and the timing attacks on
# the GPU, the
# conformance programs as nvcc built them, then benchmarks of bundled
# defaults until the deadline. Logs go to OUT (at most 8 files).
# Usage: check.sh OUT   (env: DEADLINE seconds, default 600; SHARDS, default
# 12; JUDGE_TEST_BACKEND, default cuda: cpu tries the script without a GPU)
set -u
[[ $# -eq 1 ]] || { echo "usage: $0 OUT" >&2; exit 2; }
pack=$(cd "$(dirname "$0")" && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
deadline=${DEADLINE:-600}
shards=${SHARDS:-12}
start=$(date +%s)
left() { echo $((deadline - ($(date +%s) - start))); }
say() { echo "[$(($(date +%s) - start))s] $*"; }
exec > >(tee "$out/log.txt") 2>&1
tests=$pack/exploit_test.runfiles
judge=$tests/judge/judge/judge
work=$(mktemp -d)

say "== the machine"
nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader
uname -r; grep PRETTY_NAME /etc/os-release; ldd --version | head -1; nproc
ls -l /usr/local/cuda; /usr/local/cuda/bin/nvcc --version | tail -1
ls -d /dev/nvidia* /proc/driver/nvidia* /run/nvidia-persistenced 2>&1 | tr '\n' ' '; echo
if [[ $(id -u) -eq 0 ]]; then
  # What the pack carries and the machine lacks (a throwaway machine: this
  # writes into /usr).
  for library in "$pack"/lib/*; do
    [[ -e /usr/lib/x86_64-linux-gnu/$(basename "$library") ]] || cp "$library" /usr/lib/x86_64-linux-gnu/
  done
  [[ -e /usr/bin/bwrap ]] || cp "$pack/bwrap" /usr/bin/bwrap
  [[ -e /usr/bin/strace || ! -e $pack/strace ]] || cp "$pack/strace" /usr/bin/strace
  ldconfig
else
  export LD_LIBRARY_PATH=$pack/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
ldd "$judge" | grep "not found"

say "== one judging, sandboxed (leaky-relu, check tier, benchmark)"
"$judge" --problem leaky-relu --json "$out/one.json" --cache-dir "$work/one"
status=$?
say "exit $status"
if [[ $status -ne 0 ]] && command -v strace >/dev/null; then
  # Every failed system call of the judging, its runner and the driver, each
  # once: a refusal by Landlock (EACCES), a missing namespace or device
  # (ENOENT, EPERM), or a descriptor closed under the driver (EBADF on an
  # ioctl) shows here even where the runner cannot name it. No errno is
  # filtered out: a whole failing judging makes about 1000 lines (the
  # compiled solution is cached, so the compiler's calls are not traced).
  say "== the same judging under strace (failed calls only: strace.txt)"
  strace -f -Z -qq -s 120 -o "$work/strace.full" \
    "$judge" --problem leaky-relu --no-benchmark --case one-element --cache-dir "$work/one" --quiet
  awk '{sub(/^[0-9]+ +/, ""); if (!seen[$0]++) print}' "$work/strace.full" | head -5000 >"$out/strace.txt"
  echo "strace: $(wc -l <"$work/strace.full") failed calls, $(wc -l <"$out/strace.txt") kept"
fi
# A Landlock refusal is not named by the judge; where the kernel audits,
# it is in the kernel log.
dmesg 2>/dev/null | grep -i -E 'landlock|audit.*denied' | tail -20
"$judge" --problem leaky-relu --no-sandbox --cache-dir "$work/one-unconfined"
say "the same with --no-sandbox: exit $?"

# gtest shards in parallel, each with its own temporary folder.
run_shards() {  # name binary seconds [gtest flags]
  local name=$1 binary=$2 seconds=$3 pids=() index
  shift 3
  for ((index = 0; index < shards; index++)); do
    mkdir -p "$work/$name$index"
    JUDGE_TEST_BACKEND=${JUDGE_TEST_BACKEND:-cuda} TEST_SRCDIR=$pack/$name.runfiles TEST_TMPDIR=$work/$name$index \
      GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$index \
      timeout "$seconds" "$binary" "$@" >"$work/$name$index.log" 2>&1 &
    pids+=($!)
  done
  wait "${pids[@]}"
  cat "$work/$name"*.log >"$out/$name.txt"
  # Counted per test, so shards stopped by the deadline still count.
  echo "$name: $(grep -c '^\[       OK \]' "$out/$name.txt") passed," \
    "$(grep -c -E '^\[  FAILED  \] .*\([0-9]+ ms\)' "$out/$name.txt") failed," \
    "$(grep -c '^\[ RUN      \]' "$out/$name.txt") started"
  grep -E '^\[  FAILED  \] .*\([0-9]+ ms\)' "$out/$name.txt"
}
say "== every bundled solution's verdict on the GPU"
run_shards bundled_solutions_test "$pack/bundled_solutions_test.runfiles/judge/judge/pipeline/bundled_solutions_test" \
  $(($(left) * 2 / 5))
# exhaust_memory asks for --memory-limit 2048, RLIMIT_DATA on a GPU: the run
# that shows whether the driver works within it (harness/sandbox/README.md).
say "== the exploit suite on the GPU"
run_shards exploit_test "$tests/judge/judge/pipeline/exploit_test" $(($(left) / 3))
# Each timing attack prints its figure, the noise bound and the work it hid.
say "== the timing attacks on the GPU"
run_shards timing_exploit_test "$pack/timing_exploit_test.runfiles/judge/judge/pipeline/timing_exploit_test" \
  $(($(left) / 4))
grep -h -E "^figure|^under load" "$out/timing_exploit_test.txt"

say "== the conformance programs, built by nvcc (those with a .expect are the CPU backend's error cases: shown, not judged)"
for program in "$pack"/conformance/*; do
  [[ -x $program && ! $program == *.expect ]] || continue
  name=$(basename "$program")
  # The error cases may hang on a GPU (a deadlock the CPU backend reports).
  seconds=60
  [[ -f $pack/conformance/$name.expect ]] && seconds=10
  (cd "$work" && timeout "$seconds" "$program" >"$work/$name.out" 2>&1)
  status=$?
  if [[ -f $pack/conformance/$name.expect ]]; then
    echo "$name: exit $status (CPU-backend error case)"
  elif [[ $status -eq 0 ]]; then
    echo "$name: ok"
  else
    echo "$name: FAILED, exit $status"; tail -5 "$work/$name.out"
  fi
  cat "$work/$name.out" >>"$out/conformance.txt"
done
grep -h -E "0.3 of the way|normalized linear texel" "$work"/*.out

# Each case's line gives the judge-measured time per call, its noise bound
# and the runner's own event time beside it (judge/pipeline/README.md).
say "== benchmarks of bundled defaults (full tier) until the deadline"
for problem in matrix-multiplication softmax conv-2d layer-norm histogram prefix-sum; do
  [[ -d $tests/judge/solutions/$problem ]] || continue
  (($(left) > 30)) || break
  timeout $(($(left) - 10)) "$judge" --problem "$problem" --tier sample --bench-tier full \
    --cache-dir "$work/bench" 2>&1 | sed -n '/noise bound/p; /^[A-Z_]*  /,/^$/p; /^case /,$p' |
    tee -a "$out/bench.txt"
done
say "== end"
