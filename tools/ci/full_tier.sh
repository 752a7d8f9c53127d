#!/usr/bin/env bash
# The full-tier job: installs what the judge needs, then judges the `full`
# tier of one bundled default per problem family on the CPU backend
# (//judge/pipeline:full_tier_test, kept out of `bazel test //...` for its
# length). Ends with the test's table of wall times.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash tools/setup.sh
bazel test //judge/pipeline:full_tier_test --test_output=all
