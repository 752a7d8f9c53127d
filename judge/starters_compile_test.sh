#!/bin/bash
# Every problem in the judge's catalogue gets a starter that nvcc compiles:
# the prototype derived from the statement is valid CUDA C++.
set -u

JUDGE="${TEST_SRCDIR}/judge/judge/judge"
NVCC=/usr/local/cuda/bin/nvcc
failures=0

slugs=$("${JUDGE}" list | grep -E '^[a-z0-9-]+$') || { echo "FAIL: judge list failed"; "${JUDGE}" list; exit 1; }
[[ -n "${slugs}" ]] || { echo "FAIL: the catalogue is empty"; exit 1; }
for slug in ${slugs}; do
  source="${TEST_TMPDIR}/${slug}.cu"
  if ! "${JUDGE}" starter --problem "${slug}" --out "${source}" 2>"${TEST_TMPDIR}/${slug}.err"; then
    echo "FAIL: starter --problem ${slug}: $(cat "${TEST_TMPDIR}/${slug}.err")"
    failures=$((failures + 1))
    continue
  fi
  if ! "${NVCC}" -arch=sm_80 -c "${source}" -o "${TEST_TMPDIR}/${slug}.o" >"${TEST_TMPDIR}/${slug}.log" 2>&1; then
    echo "FAIL: nvcc -c ${slug}.cu:"; cat "${TEST_TMPDIR}/${slug}.log"
    failures=$((failures + 1))
    continue
  fi
  echo "ok: ${slug}"
done
exit $(( failures != 0 ))
