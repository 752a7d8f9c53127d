#!/bin/bash
# Every problem in the judge's catalogue gets a starter that nvcc compiles:
# the prototype derived from the statement is valid CUDA C++.
set -u

JUDGE="${TEST_SRCDIR}/judge/judge/judge"
NVCC=/usr/local/cuda/bin/nvcc
failures=0

slugs=$("${JUDGE}" list | grep -E '^[a-z0-9_-]+$') || { echo "FAIL: judge list failed"; "${JUDGE}" list; exit 1; }
[[ -n "${slugs}" ]] || { echo "FAIL: the catalogue is empty"; exit 1; }
for slug in ${slugs}; do
  # One starter per dtype the problem offers (`judge list` prints them).
  dtypes=$("${JUDGE}" list | grep -A2 -x "${slug}" | sed -n 's/.*dtypes: //p')
  for dtype in ${dtypes:-float32}; do
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
  done
done
exit $(( failures != 0 ))
