#!/usr/bin/env bash
# Dumps every check case of every problem (inputs + the C++ reference's
# outputs) and has PyTorch recompute them in float64; see torch_crosscheck.py.
# PyTorch lives only under Debian's /usr/bin/python3, hence the explicit path.
set -euo pipefail
runfiles="${TEST_SRCDIR}/${TEST_WORKSPACE}"
cases="${TEST_TMPDIR}/cases"
"${runfiles}/problems/testing/dump_cases" --tier check --out "${cases}"
exec /usr/bin/python3 "${runfiles}/problems/testing/torch_crosscheck.py" \
  --problems-dir "${runfiles}/problems" --scalar-types "${runfiles}/judge/problem/scalar_types.json" \
  --precision-report "${cases}"
