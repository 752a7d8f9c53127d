# `leaderboard.sh runner-guard`: a self-hosted benchmark job refuses to start
# on a runner that is not ephemeral. Sourced by leaderboard.sh.
#
# How it tells: `config.sh --ephemeral` records "ephemeral": true in the
# runner's settings file, `.runner`, in the runner's install folder; that
# folder is the one holding bin/Runner.Worker, the process that runs the
# job's steps, found by walking up from this script's process. A runner
# registered without --ephemeral (its `.runner` lacks the flag), or a job
# whose Runner.Worker cannot be found, is refused. A persistent runner keeps
# what one job leaves (files, processes, a poisoned cache) for the next.
#
# A fork whose submitters are all trusted opts out per device with
# "allow_persistent_runner": true in its tools/ci/devices.json: main's table,
# which a pull request cannot change (take-pr never writes it).

runner_guard_usage() {
  cat <<'EOF'
usage: leaderboard.sh runner-guard --device NAME

Exit 0 when device NAME (tools/ci/devices.json) is GitHub-hosted, or this job
runs on an ephemeral self-hosted runner, or the device says
"allow_persistent_runner": true; 2 otherwise. LEADERBOARD_RUNNER_ROOT names
the runner's install folder instead of finding it from the processes.
EOF
}

# runner_root: the install folder of the runner running this job, from the
# nearest ancestor process whose executable is .../bin/Runner.Worker.
runner_root() {
  if [[ -n "${LEADERBOARD_RUNNER_ROOT:-}" ]]; then echo "$LEADERBOARD_RUNNER_ROOT"; return; fi
  local pid=$$ exe
  while [[ "$pid" =~ ^[0-9]+$ ]] && ((pid > 1)); do
    exe=$(readlink "/proc/$pid/exe" 2>/dev/null || true)
    if [[ "$(basename "$exe")" == Runner.Worker ]]; then dirname "$(dirname "$exe")"; return; fi
    pid=$(awk '/^PPid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
  done
  return 1
}

runner_guard_main() {
  local device=""
  while (($#)); do
    case "$1" in
      --device) device=${2:?--device needs a name}; shift 2 ;;
      -h|--help) runner_guard_usage; return 0 ;;
      *) runner_guard_usage >&2; die "runner-guard: unknown argument '$1'" ;;
    esac
  done
  [[ -n "$device" ]] || { runner_guard_usage >&2; die "runner-guard: --device is required"; }
  local entry
  entry=$(device_json "$device") || exit 2
  if [[ "$(jq -r '.self_hosted' <<<"$entry")" == false ]]; then
    log "runner-guard: $device runs on GitHub's hosted runners, which are ephemeral"
    return 0
  fi
  if [[ "$(jq -r '.allow_persistent_runner' <<<"$entry")" == true ]]; then
    log "runner-guard: WARNING: not checking that the runner is ephemeral (\"allow_persistent_runner\": true for $device)"
    return 0
  fi
  local root settings
  root=$(runner_root) || die "runner-guard: cannot find the runner's install folder (no Runner.Worker among this job's processes); refusing to benchmark on $device"
  settings="$root/.runner"
  [[ -r "$settings" ]] || die "runner-guard: no runner settings at $settings; refusing to benchmark on $device"
  # .runner is written by the runner with a byte order mark; jq wants none.
  if sed '1s/^\xef\xbb\xbf//' "$settings" | jq -e '.ephemeral == true' >/dev/null 2>&1; then
    log "runner-guard: the runner at $root is ephemeral (one job, then gone)"
    return 0
  fi
  die "runner-guard: the runner at $root is not ephemeral ($settings has no \"ephemeral\": true); register it with ./config.sh --ephemeral, or give the device \"allow_persistent_runner\": true in tools/ci/devices.json for a fork whose submitters are all trusted"
}
