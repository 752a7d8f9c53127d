#!/usr/bin/env bash
# Tests the conformance runner itself with a g++-based stand-in for cucc:
# correct expectations must pass, and wrong or malformed ones must fail, so a
# broken runner cannot report the whole suite green.
set -uo pipefail

runner=$1
data=$(dirname "$2")  # any file of runner_testdata
fake_cucc=$data/fake_cucc.sh
failures=0

# expect_status <want 0|1|2> <description> <runner args...>
expect_status() {
  local want=$1 what=$2
  shift 2
  local out status
  out=$("$runner" "$fake_cucc" "$@" 2>&1)
  status=$?
  if [[ $status -eq $want ]]; then
    echo "PASS $what (runner exit $status)"
  else
    echo "FAIL $what: runner exit $status, expected $want; its output:"
    echo "$out"
    failures=$((failures + 1))
  fi
}

expect_status 0 "default expectation: compiles, exits 0, prints ALL PASS" "$data/order_independent.cu"
expect_status 1 "default expectation rejects a program that fails when shuffled" "$data/env_sensitive.cu"
expect_status 0 "two runs with their own environments" "$data/env_sensitive.cu" "$data/env_sensitive.expect"
expect_status 1 "a run whose exit status contradicts the expectation" \
  "$data/env_sensitive.cu" "$data/wrong_expectation.expect"
expect_status 0 "compile refusal matched by line and message" "$data/refused.cu" "$data/refused.expect"
expect_status 1 "a refused program under the default expectation" "$data/refused.cu"
expect_status 2 "an unknown key in the expectation file" "$data/env_sensitive.cu" "$data/malformed.expect"
exit $((failures > 0))
