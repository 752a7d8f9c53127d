#!/bin/bash
# Static checks of the bundled solutions (nothing is run; the judge's own test runs them):
#  1. every problem folder's expected.yaml names each of its wrong_*/broken_* files exactly
#     once, with a known verdict (other files not listed are leaderboard submissions and
#     must compile), every folder has a default.cu (each family's known-wrong solutions
#     are counted by //judge/pipeline:bundled_solutions_test), and every
#     submission has its author/title header (`judge submissions`);
#  2. every solution expected to compile does, with nvcc for sm_80 and sm_90, with no
#     warning at all (-Werror all-warnings, host -Wall -Werror), and with the problem's
#     ABI prototype force-included, so its `solution` definition matches the front matter;
#  3. broken_compile_error.cu fails to compile; broken_wrong_signature.cu compiles by
#     itself but not against the prototype (the way the judge catches it).
# Usage: nvcc_compile_test.sh [solutions-dir]   (under Bazel: the runfiles copy).
set -u

NVCC="${NVCC:-/usr/local/cuda/bin/nvcc}"
# shellcheck disable=SC2054  # the commas belong to nvcc's -gencode syntax
NVCC_FLAGS=(-c -std=c++17 -O3 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90
            -Werror all-warnings -Xcompiler -Wall,-Werror)
SOLUTIONS_DIR="${1:-$(dirname "$0")}"
WORK_DIR="${TEST_TMPDIR:-$(mktemp -d)}"
VERDICTS=" ACCEPTED WRONG_ANSWER COMPILE_ERROR RUNTIME_ERROR TIME_LIMIT_EXCEEDED "
failures=0

# Bazel's sharding: each shard compiles every Nth solution (the listing checks
# are cheap and run in every shard); nvcc dominates this test's time.
SHARD_INDEX="${TEST_SHARD_INDEX:-0}"
SHARD_COUNT="${TEST_TOTAL_SHARDS:-1}"
[[ -n "${TEST_SHARD_STATUS_FILE:-}" ]] && touch "${TEST_SHARD_STATUS_FILE}"
source_index=0

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# The C ABI of problem $1, as the judge derives it from the statement's front
# matter (`judge show` prints the exact prototype), so a new problem needs no
# change here.
# A file named <dtype>_*.cu (float16_default.cu) is a solution for that dtype.
JUDGE="${JUDGE:-${TEST_SRCDIR:-.}/judge/judge/judge}"
prototype() {
  "${JUDGE}" show --problem "$1" ${2:+--dtype "$2"} 2>/dev/null | grep -m1 '^extern "C" void solution('
}

# The dtype a solution file is written for, from its name; empty for the default.
dtype_of() {
  case "$(basename "$1")" in
    float16_*) echo float16 ;;
    bfloat16_*) echo bfloat16 ;;
    float64_*) echo float64 ;;
    float32_*) echo float32 ;;
  esac
}

# compile <source> <log> [extra nvcc flags...]: 0 when nvcc succeeds and prints nothing.
compile() {
  local source="$1" log="$2"
  shift 2
  "${NVCC}" "${NVCC_FLAGS[@]}" "$@" "${source}" -o "${WORK_DIR}/out.o" >"${log}" 2>&1 && [[ ! -s "${log}" ]]
}

# Verdict that expected.yaml ($1) gives file $2, or nothing.
expected_verdict() {
  sed -n "s/^$2:[[:space:]]*\([A-Z_]*\)[[:space:]]*\$/\1/p" "$1"
}

problem_count=0
for folder in "${SOLUTIONS_DIR}"/*/; do
  folder="${folder%/}"
  slug="$(basename "${folder}")"
  problem_count=$((problem_count + 1))
  expected="${folder}/expected.yaml"
  header="${WORK_DIR}/${slug}.prototype.h"
  # The headers every type of the ABI needs (size_t, int64_t, __half, __nv_bfloat16).
  includes='#include <cstddef>
#include <cstdint>
#include <cuda_fp16.h>
#include <cuda_bf16.h>'
  if ! { echo "${includes}"; prototype "${slug}"; } >"${header}"; then
    fail "${slug}: no problem of that name (\`judge show --problem ${slug}\` gives no prototype)"
    continue
  fi
  [[ -f "${expected}" ]] || { fail "${slug}: expected.yaml is missing"; continue; }
  [[ -f "${folder}/default.cu" ]] || fail "${slug}: default.cu is missing"

  # expected.yaml <-> files: every entry names an existing file, every file has one entry.
  # shellcheck disable=SC2094  # expected.yaml is only read
  while IFS= read -r line; do
    [[ "${line}" =~ ^[[:space:]]*(#|$) ]] && continue
    if [[ ! "${line}" =~ ^([A-Za-z0-9_.-]+\.cu):[[:space:]]*([A-Z_]+)[[:space:]]*$ ]]; then
      fail "${expected}: malformed line '${line}' (want 'file.cu: VERDICT')"
      continue
    fi
    file="${BASH_REMATCH[1]}" verdict="${BASH_REMATCH[2]}"
    [[ -f "${folder}/${file}" ]] || fail "${expected}: lists ${file}, which does not exist"
    [[ "${VERDICTS}" == *" ${verdict} "* ]] || fail "${expected}: ${file}: unknown verdict ${verdict} (one of:${VERDICTS})"
    [[ $(grep -c "^${file}:" "${expected}") == 1 ]] || fail "${expected}: ${file} is listed more than once"
  done <"${expected}"

  for source in "${folder}"/*.cu; do
    source_index=$((source_index + 1))
    ((source_index % SHARD_COUNT == SHARD_INDEX)) || continue
    file="$(basename "${source}")"
    log="${WORK_DIR}/${slug}.${file}.log"
    dtype="$(dtype_of "${file}")"
    if [[ -n "${dtype}" ]]; then
      header="${WORK_DIR}/${slug}.${dtype}.prototype.h"
      if ! { echo "${includes}"; prototype "${slug}" "${dtype}"; } >"${header}"; then
        fail "${slug}/${file}: the problem offers no dtype ${dtype} (\`judge show --problem ${slug} --dtype ${dtype}\`)"
        continue
      fi
    else
      header="${WORK_DIR}/${slug}.prototype.h"
    fi
    verdict="$(expected_verdict "${expected}" "${file}")"
    if [[ -z "${verdict}" ]]; then
      # Not in expected.yaml: a leaderboard submission, which must compile (and
      # is judged by //solutions:leaderboard_end_to_end_test). Fixtures must be listed.
      [[ "${file}" != wrong_* && "${file}" != broken_* ]] || { fail "${slug}/${file}: not listed in expected.yaml"; continue; }
      verdict=ACCEPTED
    fi
    case "${file}" in
      broken_compile_error.cu)
        [[ "${verdict}" == COMPILE_ERROR ]] || fail "${slug}/${file}: expected.yaml says ${verdict}, want COMPILE_ERROR"
        if compile "${source}" "${log}" -include "${header}"; then
          fail "${slug}/${file}: compiled, but it must not"
        elif ! grep -q 'error' "${log}"; then
          fail "${slug}/${file}: nvcc failed without a compile error:"; cat "${log}"
        else
          echo "ok: ${slug}/${file} does not compile"
        fi
        ;;
      broken_wrong_signature.cu)
        [[ "${verdict}" == COMPILE_ERROR ]] || fail "${slug}/${file}: expected.yaml says ${verdict}, want COMPILE_ERROR"
        if ! compile "${source}" "${log}"; then
          fail "${slug}/${file}: does not compile even without the prototype:"; cat "${log}"
        elif compile "${source}" "${log}" -include "${header}"; then
          fail "${slug}/${file}: compiles against the ABI prototype, but its signature must not match"
        elif ! grep -q '"solution"' "${log}"; then
          fail "${slug}/${file}: fails against the prototype, but not on \"solution\":"; cat "${log}"
        else
          echo "ok: ${slug}/${file} compiles alone, not against the prototype"
        fi
        ;;
      *)
        [[ "${verdict}" != COMPILE_ERROR ]] || fail "${slug}/${file}: expected COMPILE_ERROR, but only broken_compile_error.cu and broken_wrong_signature.cu may be"
        if compile "${source}" "${log}" -include "${header}"; then
          echo "ok: ${slug}/${file}"
        else
          fail "${slug}/${file}: nvcc with the ABI prototype:"; cat "${log}"
        fi
        ;;
    esac
  done
done

((problem_count > 0)) || fail "no problem folders under ${SOLUTIONS_DIR}"
# Every leaderboard submission (and baseline) carries its author/title header.
if ! "${JUDGE}" submissions --solutions-dir "${SOLUTIONS_DIR}" >"${WORK_DIR}/submissions.out" 2>&1; then
  fail "judge submissions: some submission lacks its header:"; cat "${WORK_DIR}/submissions.out"
fi
echo "${problem_count} problem folders, ${failures} failures"
exit $((failures != 0))
