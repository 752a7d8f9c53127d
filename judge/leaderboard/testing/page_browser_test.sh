#!/bin/bash
# Builds the leaderboard page from the fixture records and tests it in
# headless Chromium (page_browser_test.js). Needs Debian's chromium and the
# npm package playwright-core, both installed by tools/setup.sh. The
# screenshot goes to the test's outputs
# (bazel-testlogs/judge/leaderboard/page_browser_test/test.outputs/).
set -u
RUNFILES="${TEST_SRCDIR}/judge"
TESTDATA="${RUNFILES}/judge/leaderboard/testdata"
SITE="${TEST_TMPDIR}/site"
OUTPUTS="${TEST_UNDECLARED_OUTPUTS_DIR:-${TEST_TMPDIR}}"

for tool in node npm /usr/bin/chromium; do
  command -v "${tool}" >/dev/null || { echo "FAIL: ${tool} is not installed (run tools/setup.sh)"; exit 1; }
done
NODE_PATH="$(npm root -g 2>/dev/null)"
[[ -d "${NODE_PATH}/playwright-core" ]] || { echo "FAIL: playwright-core is not installed globally (run tools/setup.sh)"; exit 1; }
export NODE_PATH

# The fixture has corrupt and foreign records: the build names them and exits 5.
"${RUNFILES}/judge/leaderboard/fixture_leaderboard" "${TESTDATA}/problems.json" "${TESTDATA}/records" "${SITE}" \
  "${TESTDATA}/allow.txt" 2>"${TEST_TMPDIR}/build.err"
status=$?
[[ ${status} == 5 ]] || { echo "FAIL: building the fixture leaderboard exited ${status}, expected 5"; cat "${TEST_TMPDIR}/build.err"; exit 1; }

# HOME: chromium wants a writable profile folder.
HOME="${TEST_TMPDIR}" node "${RUNFILES}/judge/leaderboard/testing/page_browser_test.js" "${SITE}" "${OUTPUTS}/leaderboard.png"
