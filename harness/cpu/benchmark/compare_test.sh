#!/usr/bin/env bash
# Tests compare.sh with stand-in programs: the ratio is emulated/native of
# the medians, matching checksums pass, and differing checksums or a program
# that fails make the comparison fail.
set -uo pipefail

compare=$1
fake=$(realpath "$2")
work=${TEST_TMPDIR:-$(mktemp -d)}/compare_test
mkdir -p "$work"
failures=0

# make_program <name> <median> <cpu> <checksum>: a wrapper with fixed output.
make_program() {
  printf '#!/usr/bin/env bash\nexec "%s" %s %s %s\n' "$fake" "$2" "$3" "$4" >"$work/$1"
  chmod +x "$work/$1"
}

# expect <status> <regex> <description> <compare args...>
expect() {
  local want_status=$1 regex=$2 what=$3
  shift 3
  local out status
  out=$("$compare" "$@" 2>&1)
  status=$?
  if [[ $status -eq $want_status ]] && grep -Eq -- "$regex" <<<"$out"; then
    echo "PASS $what"
  else
    echo "FAIL $what: exit $status (want $want_status), output must match /$regex/:"
    echo "$out"
    failures=$((failures + 1))
  fi
}

make_program emulated 30.000 45.000 1.000000e+03
make_program native 10.000 9.000 1.000050e+03
make_program native_other 10.000 9.000 2.000000e+03
printf '#!/usr/bin/env bash\necho boom >&2\nexit 3\n' >"$work/broken"
chmod +x "$work/broken"

expect 0 'fake +30\.000 +30\.000 +45\.000 \| +10\.000 +10\.000 +9\.000 \| +3\.00x +5\.00x +match +-$' \
  "ratios of wall and CPU medians, checksums within 1e-4 match" "fake=$work/emulated:$work/native"
expect 0 '5\.00x +match +meets 5x$' "a CPU ratio equal to the goal meets it" "fake=$work/emulated:$work/native:5"
expect 0 '5\.00x +match +misses 1\.5x$' "a CPU ratio above the goal misses it, without failing" \
  "fake=$work/emulated:$work/native:1.5"
expect 1 'DIFFER' "different checksums fail" "fake=$work/emulated:$work/native_other"
printf '%s\n' "cucc: kernel 'split_one': loops over threads" "cucc: kernel slow_one: uses '__activemask' (fibers)" \
  >"$work/kernels.txt"
expect 0 "meets 5x  fibers: 1 of 2 kernels" "the emulated build's kernels on fibers are counted" \
  "fake=$work/emulated:$work/native:5:$work/kernels.txt"
expect 0 "fake: cucc: kernel slow_one: uses '__activemask' \(fibers\)" "and named" \
  "fake=$work/emulated:$work/native:5:$work/kernels.txt"
printf '%s\n' "cucc: kernel 'split_one': loops over threads" >"$work/split_kernels.txt"
expect 0 "meets 5x  fibers: 0 of 1 kernels" "a build with no kernel on fibers still gets its row" \
  "fake=$work/emulated:$work/native:5:$work/split_kernels.txt"
expect 1 'boom' "a failing program fails the comparison and shows its output" "fake=$work/broken:$work/native"
exit $((failures > 0))
