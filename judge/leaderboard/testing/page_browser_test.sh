#!/bin/bash
# Builds the leaderboard page from the page fixture (testdata/page) and from
# no records at all, and tests both in headless Chromium
# (page_browser_test.js). Needs Debian's chromium and the npm packages
# playwright-core and axe-core, all installed by tools/setup.sh; nothing is
# fetched. The screenshots go to the test's outputs
# (bazel-testlogs/judge/leaderboard/page_browser_test/test.outputs/).
set -u
RUNFILES="${TEST_SRCDIR}/judge"
TESTDATA="${RUNFILES}/judge/leaderboard/testdata"
BUILD="${RUNFILES}/judge/leaderboard/fixture_leaderboard"
SITE="${TEST_TMPDIR}/site"
EMPTY_SITE="${TEST_TMPDIR}/empty-site"
OUTPUTS="${TEST_UNDECLARED_OUTPUTS_DIR:-${TEST_TMPDIR}}"
SOURCE_BASE="https://github.com/example/judge/blob/main/"

for tool in node npm /usr/bin/chromium; do
  command -v "${tool}" >/dev/null || { echo "FAIL: ${tool} is not installed (run tools/setup.sh)"; exit 1; }
done
NODE_PATH="$(npm root -g 2>/dev/null)"
for package in playwright-core axe-core; do
  [[ -d "${NODE_PATH}/${package}" ]] || { echo "FAIL: ${package} is not installed globally (run tools/setup.sh)"; exit 1; }
done
export NODE_PATH

# The fixture has corrupt and foreign records: the build names them and exits 5.
"${BUILD}" "${TESTDATA}/page/problems.json" "${TESTDATA}/page/records" "${SITE}" "${TESTDATA}/allow.txt" "${SOURCE_BASE}" \
  2>"${TEST_TMPDIR}/build.err"
status=$?
[[ ${status} == 5 ]] || { echo "FAIL: building the fixture leaderboard exited ${status}, expected 5"; cat "${TEST_TMPDIR}/build.err"; exit 1; }
mkdir -p "${TEST_TMPDIR}/no-records"
"${BUILD}" "${TESTDATA}/page/problems.json" "${TEST_TMPDIR}/no-records" "${EMPTY_SITE}" \
  || { echo "FAIL: building the leaderboard of no records failed"; exit 1; }

# HOME: chromium wants a writable profile folder.
HOME="${TEST_TMPDIR}" node "${RUNFILES}/judge/leaderboard/testing/page_browser_test.js" "${SITE}" "${EMPTY_SITE}" \
  "${SOURCE_BASE}" "${OUTPUTS}"
