#!/bin/bash
# Every problem in the judge's catalogue gets a starter that nvcc compiles:
# the prototype derived from the statement is valid CUDA C++.
set -u

JUDGE="${TEST_SRCDIR}/judge/judge/judge"
NVCC=/usr/local/cuda/bin/nvcc
failures=0

# One starter per problem and dtype it offers, from `judge list --json`
# (its text layout is for people).
pairs=$("${JUDGE}" list --json | python3 -c '
import json, sys
for problem in json.load(sys.stdin)["problems"]:
    for dtype in problem["dtypes"]:
        print(problem["slug"], dtype)
') || { echo "FAIL: judge list --json failed"; "${JUDGE}" list; exit 1; }
[[ -n "${pairs}" ]] || { echo "FAIL: the catalogue is empty"; exit 1; }
while read -r -u 3 slug dtype; do
  name="${slug}.${dtype}"
  source="${TEST_TMPDIR}/${name}.cu"
  if ! "${JUDGE}" starter --problem "${slug}" --dtype "${dtype}" --out "${source}" 2>"${TEST_TMPDIR}/${name}.err"; then
    echo "FAIL: starter --problem ${slug} --dtype ${dtype}: $(cat "${TEST_TMPDIR}/${name}.err")"
    failures=$((failures + 1))
    continue
  fi
  if ! "${NVCC}" -arch=sm_80 -c "${source}" -o "${TEST_TMPDIR}/${name}.o" >"${TEST_TMPDIR}/${name}.log" 2>&1; then
    echo "FAIL: nvcc -c ${name}.cu:"; cat "${TEST_TMPDIR}/${name}.log"
    failures=$((failures + 1))
    continue
  fi
  echo "ok: ${slug} (${dtype})"
done 3<<<"${pairs}"
exit $(( failures != 0 ))
