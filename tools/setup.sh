#!/usr/bin/env bash
# Installs everything the judge needs on a fresh Debian 12 machine, from
# Debian's own archive. Idempotent: a second run installs nothing.
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
  libssl-dev                                        # SHA-256 of cached solution libraries
  python3-torch python3-numpy                       # PyTorch cross-check of the references
)

missing=()
for package in "${packages[@]}"; do
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

# The CUDA Toolkit (nvcc, headers, runtime) is expected at /usr/local/cuda:
# Debian's own nvidia-cuda-toolkit is older than the CUDA 13 the judge targets.
cuda_home=${CUDA_HOME:-/usr/local/cuda}
if [[ ! -x "$cuda_home/bin/nvcc" ]]; then
  echo "setup: error: no CUDA Toolkit at $cuda_home (need $cuda_home/bin/nvcc and $cuda_home/include)." >&2
  echo "setup: install the CUDA 13 Toolkit there, or set CUDA_HOME." >&2
  exit 1
fi
echo "setup: CUDA Toolkit: $("$cuda_home/bin/nvcc" --version | tail -n 1)"
