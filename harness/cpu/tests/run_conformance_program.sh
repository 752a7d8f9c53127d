#!/usr/bin/env bash
# Compiles one conformance program with cucc, runs it, and checks the result
# against its expectation file (conformance/<name>.expect), or, when there is
# none, against the default: it compiles, and exits 0 printing "ALL PASS" both
# in natural thread order and with CUCPU_SHUFFLE_SEED=7 CUCPU_WORKERS=3.
#
# Usage: run_conformance_program.sh <cucc> <program.cu> [<program.expect>]
#
# Expectation file format (INI-like; '#' starts a comment line):
#   [compile]                 how cucc must react
#   flags = --check-memory    extra cucc flags (repeatable)
#   exit = 0 | nonzero | N    expected exit status (default 0)
#   match = REGEX             PCRE that the compiler output must match (repeatable)
#   absent = REGEX            PCRE that must not match (repeatable)
#   [run <label>]             one run of the program (repeatable section)
#   env = VAR=value           environment for this run (repeatable)
#   exit / match / absent     as above, on the program's stdout+stderr
# Regexes see the whole output at once (grep -Pz): use (?s) to span lines.
# A file whose compile must fail has no [run] sections. A file that has no
# [run] section but compiles gets the default runs.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: $0 <cucc> <program.cu> [<program.expect>]" >&2
  exit 2
fi
cucc=$1
program=$2
expect_file=${3:-}
name=$(basename "$program" .cu)
work=${TEST_TMPDIR:-$(mktemp -d)}/$name
mkdir -p "$work"
# A hung program (e.g. an undetected deadlock) must fail, not stall CI.
run_timeout_s=${CONFORMANCE_RUN_TIMEOUT_S:-60}
compile_timeout_s=${CONFORMANCE_COMPILE_TIMEOUT_S:-180}

# ---- parse the expectation ------------------------------------------------
compile_flags=()
compile_exit=0
compile_match=()
compile_absent=()
run_labels=()
declare -A run_env run_exit run_match run_absent  # keyed by run index

if [[ -n "$expect_file" ]]; then
  section=""
  run_index=-1
  line_no=0
  while IFS= read -r line || [[ -n "$line" ]]; do
    line_no=$((line_no + 1))
    [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
    if [[ "$line" =~ ^\[compile\][[:space:]]*$ ]]; then
      section=compile
      continue
    fi
    if [[ "$line" =~ ^\[run([[:space:]]+([^]]*))?\][[:space:]]*$ ]]; then
      section=run
      run_index=$((run_index + 1))
      run_labels+=("${BASH_REMATCH[2]:-run}")
      run_exit[$run_index]=0
      continue
    fi
    if [[ ! "$line" =~ ^[[:space:]]*([a-z]+)[[:space:]]*=[[:space:]]?(.*)$ ]]; then
      echo "$expect_file:$line_no: expected '[section]' or 'key = value', got: $line" >&2
      exit 2
    fi
    key=${BASH_REMATCH[1]}
    value=${BASH_REMATCH[2]}
    case "$section/$key" in
      compile/flags) read -r -a words <<<"$value"; compile_flags+=("${words[@]}") ;;
      compile/exit) compile_exit=$value ;;
      compile/match) compile_match+=("$value") ;;
      compile/absent) compile_absent+=("$value") ;;
      run/env) run_env[$run_index]+="$value"$'\n' ;;
      run/exit) run_exit[$run_index]=$value ;;
      run/match) run_match[$run_index]+="$value"$'\n' ;;
      run/absent) run_absent[$run_index]+="$value"$'\n' ;;
      *)
        echo "$expect_file:$line_no: key '$key' is not valid in section '${section:-none}'" \
             "(compile: flags exit match absent; run: env exit match absent)" >&2
        exit 2
        ;;
    esac
  done <"$expect_file"
fi
# Default runs: a valid program must pass in natural thread order and in a
# shuffled one (with more workers than cores, to stress atomics), since CUDA
# promises no order between barriers.
if [[ ${#run_labels[@]} -eq 0 && "$compile_exit" == 0 ]]; then
  run_labels=("natural order" "shuffled order")
  run_exit[0]=0
  run_match[0]="ALL PASS"$'\n'
  run_exit[1]=0
  run_match[1]="ALL PASS"$'\n'
  run_env[1]="CUCPU_SHUFFLE_SEED=7"$'\n'"CUCPU_WORKERS=3"$'\n'
fi

# ---- checks ---------------------------------------------------------------
failures=0

fail() {
  echo "FAIL [$name] $*"
  failures=$((failures + 1))
}

# check_exit <stage> <expected: 0|nonzero|N> <actual>
check_exit() {
  local stage=$1 want=$2 got=$3
  case "$want" in
    nonzero) [[ "$got" != 0 ]] || fail "$stage: expected a non-zero exit status, got 0" ;;
    *) [[ "$got" == "$want" ]] || fail "$stage: expected exit status $want, got $got" ;;
  esac
}

# check_patterns <stage> <log> <newline-separated matches> <newline-separated absents>
check_patterns() {
  local stage=$1 log=$2 matches=$3 absents=$4 regex
  while IFS= read -r regex; do
    [[ -z "$regex" ]] && continue
    grep -Pzq -- "$regex" "$log" || fail "$stage: output does not match /$regex/"
  done <<<"$matches"
  while IFS= read -r regex; do
    [[ -z "$regex" ]] && continue
    if grep -Pzq -- "$regex" "$log"; then fail "$stage: output must not match /$regex/"; fi
  done <<<"$absents"
}

show_log() {
  echo "---- $1 (last 60 lines of $2) ----"
  tail -n 60 "$2"
  echo "---- end of $1 ----"
}

# ---- compile ----------------------------------------------------------------
binary=$work/$name
compile_log=$work/compile.log
set +e
timeout "$compile_timeout_s" "$cucc" "${compile_flags[@]}" -I "$(dirname "$program")" \
  -o "$binary" "$program" >"$compile_log" 2>&1
compile_status=$?
set -e
echo "compile: cucc ${compile_flags[*]} $program -> exit $compile_status"
before=$failures
check_exit compile "$compile_exit" "$compile_status"
check_patterns compile "$compile_log" "$(printf '%s\n' "${compile_match[@]}")" \
  "$(printf '%s\n' "${compile_absent[@]}")"
if [[ $failures -ne $before || $compile_status -ne 0 ]]; then
  show_log "compiler output" "$compile_log"
fi
if [[ $compile_status -ne 0 ]]; then
  [[ ${#run_labels[@]} -gt 0 && "$compile_exit" == 0 ]] && fail "run: skipped, compile failed"
  [[ $failures -eq 0 ]] && echo "PASS [$name]" || echo "$failures expectation(s) failed for $name"
  exit $((failures > 0))
fi

# ---- runs -----------------------------------------------------------------
for i in "${!run_labels[@]}"; do
  label=${run_labels[$i]}
  log=$work/run$i.log
  env_args=()
  while IFS= read -r assignment; do
    [[ -n "$assignment" ]] && env_args+=("$assignment")
  done <<<"${run_env[$i]:-}"
  set +e
  env "${env_args[@]}" timeout "$run_timeout_s" "$binary" >"$log" 2>&1
  status=$?
  set -e
  echo "run '$label' (${env_args[*]:-default environment}) -> exit $status"
  before=$failures
  if [[ $status -eq 124 ]]; then
    fail "run '$label': killed after ${run_timeout_s}s (hang)"
  else
    check_exit "run '$label'" "${run_exit[$i]}" "$status"
  fi
  check_patterns "run '$label'" "$log" "${run_match[$i]:-}" "${run_absent[$i]:-}"
  if [[ $failures -ne $before ]]; then show_log "output of run '$label'" "$log"; fi
done

if [[ $failures -eq 0 ]]; then
  echo "PASS [$name]"
  exit 0
fi
echo "$failures expectation(s) failed for $name"
exit 1
