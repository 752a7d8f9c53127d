#!/usr/bin/env bash
# bazel run //problems/testing:reference_benchmark [-- --problem SLUG ... --case NAME]
# Times every problem's exact reference on its upstream-size case, then
# PyTorch (float32, all cores) on the same cases, one after the other so they
# never compete for the CPU; prints a table. Takes minutes: the upstream
# cases are large. PyTorch lives only under Debian's /usr/bin/python3.
set -euo pipefail
export RUNFILES_DIR="${RUNFILES_DIR:-$0.runfiles}"
runfiles="${RUNFILES_DIR}/judge"
timings="$(mktemp)"
trap 'rm -f "${timings}"' EXIT
"${runfiles}/problems/testing/time_references" "$@" > "${timings}"
/usr/bin/python3 "${runfiles}/problems/testing/torch_benchmark.py" --problems-dir "${runfiles}/problems" < "${timings}"
