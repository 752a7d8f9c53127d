#!/usr/bin/env bash
# Stand-in for cucc in the runner's own test: compiles plain C++ test
# programs with g++ and accepts (ignores) --check-memory.
set -euo pipefail
args=()
for arg in "$@"; do
  [[ "$arg" == --check-memory ]] && continue
  args+=("$arg")
done
exec g++ -x c++ "${args[@]}"
