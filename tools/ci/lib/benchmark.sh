# `leaderboard.sh benchmark`: one shard of the benchmark matrix (a device and a
# problem): judge the problem's submissions with --benchmark --record, except
# those already recorded for the same solution, device, judge version and
# problem definition. Sourced by leaderboard.sh.

benchmark_usage() {
  cat <<'EOF'
usage: leaderboard.sh benchmark --device NAME --problem SLUG [--known DIR]
                                [--base REV [--head REV] | --only FILE]
                                [--accounts FILE | --accounts-json TEXT] [--out DIR]

Judges the submissions of problem SLUG (with --base: only those HEAD adds or
changes; with --only: only the paths FILE lists, one a line, as take-pr
writes them) with the judge arguments of device NAME in tools/ci/devices.json,
writing one record each into DIR/records/NAME/. Each record is stamped with
the problem's definition hash (`problem_definition`: SHA-256 of `judge show
--problem SLUG --json`) and, where --accounts ({path: LOGIN}) names one, the
submission's account (`account`, its ranked identity; --accounts-json gives
the same object as text). A submission is
skipped when DIR_KNOWN/NAME/ (--known: the records/ folder of the leaderboard
branch) already holds a record of the same solution hash, judge version and
problem definition: the device is the folder, so the four together are the
key, and a change to the problem's cases re-benchmarks its submissions.
Writes DIR/summary.md (also appended to $GITHUB_STEP_SUMMARY when set).
Exit status: 0 when every submission was judged or skipped (whatever its
verdict: a wrong answer is a result, recorded like any other), 1 when the
judge failed on some (exit 2, 3, 4 or 5: its fault or a bad input), 2 on a
usage or set-up error.
EOF
}

# identity_args ARGS...: the device's judge arguments for a run that only
# compiles: no cases, no timing. The hash and judge version it records are
# those of the real run, since the compile flags are the same.
identity_args() {
  local args=() skip_next=false a
  for a in "$@"; do
    if $skip_next; then skip_next=false; continue; fi
    case "$a" in
      --benchmark) ;;
      --tier|--bench-tier) skip_next=true ;;
      --tier=*|--bench-tier=*) ;;
      *) args+=("$a") ;;
    esac
  done
  args+=(--tier none --no-benchmark)
  printf '%s\n' "${args[@]}"
}

# require_sandbox DEVICE: refuse to run submissions on a self-hosted machine
# with a judge that cannot confine them. A judge with the sandbox offers
# --no-sandbox to turn it off; one without it does not. Submissions are
# untrusted code even after review, and self-hosted runners are shared and
# persistent; LEADERBOARD_ALLOW_UNSANDBOXED=1 overrides, for a fork whose
# submitters are all trusted.
require_sandbox() {
  if run_judge judge --help 2>&1 | grep -q -- '--no-sandbox'; then return; fi
  [[ "${LEADERBOARD_ALLOW_UNSANDBOXED:-}" == 1 ]] && {
    log "benchmark: WARNING: this judge has no sandbox; running on $1 anyway (LEADERBOARD_ALLOW_UNSANDBOXED=1)"
    return; }
  die "benchmark: this judge has no sandbox (its judging command offers no --no-sandbox), so it must not run submissions on the self-hosted device '$1'; see README.md, \"CI leaderboard\" (LEADERBOARD_ALLOW_UNSANDBOXED=1 overrides)"
}

# record_key FILE: "<solution hash> <judge version> <problem definition>" of a
# record (a record made before definitions were stamped matches nothing, so
# it is benchmarked once more).
record_key() {
  jq -r '"\(.solution.hash // "") \(.judge_version // "") \(.problem_definition // "")"' "$1" 2>/dev/null
}

# definition_hash SLUG: SHA-256 of the problem as the judge sees it (its
# cases, tolerances, statement: everything `show --json` prints).
definition_hash() {
  local text
  text=$(run_judge show --problem "$1" --json) || die "benchmark: judge show --problem $1 --json failed"
  printf '%s' "$text" | sha256sum | cut -c1-64
}

# stamp_records FROM TO DEFINITION ACCOUNT: every record in FROM, with
# problem_definition (and account, when not empty) added, written into TO
# under the name records have, "<problem>--<SHA-256 of the text>.json".
stamp_records() {
  local from=$1 to=$2 definition=$3 account=$4 file problem text
  for file in "$from"/*.json; do
    [[ -f "$file" ]] || continue
    text=$(jq --arg definition "$definition" --arg account "$account" \
      '. + {problem_definition: $definition} + (if $account == "" then {} else {account: $account} end)' "$file") ||
      die "benchmark: $file is not a record the judge wrote"
    problem=$(jq -r .problem <<<"$text")
    [[ "$problem" =~ ^[a-z0-9][a-z0-9-]*$ ]] || die "benchmark: $file names no problem slug"
    printf '%s\n' "$text" >"$to/.stamping"
    mv "$to/.stamping" "$to/$problem--$(sha256sum "$to/.stamping" | cut -c1-64).json"
  done
}

benchmark_main() {
  local device="" problem="" known="" base="" head=HEAD only="" accounts="" accounts_json="" out=leaderboard-benchmark
  while (($#)); do
    case "$1" in
      --device) device=${2:?--device needs a name}; shift 2 ;;
      --problem) problem=${2:?--problem needs a slug}; shift 2 ;;
      --known) known=${2:?--known needs a folder}; shift 2 ;;
      --base) base=${2:?--base needs a revision}; shift 2 ;;
      --head) head=${2:?--head needs a revision}; shift 2 ;;
      --only) only=${2:?--only needs a file}; shift 2 ;;
      --accounts) accounts=${2:?--accounts needs a file}; shift 2 ;;
      --accounts-json) accounts_json=$2; shift 2 ;;
      --out) out=${2:?--out needs a folder}; shift 2 ;;
      -h|--help) benchmark_usage; return 0 ;;
      *) benchmark_usage >&2; die "benchmark: unknown argument '$1'" ;;
    esac
  done
  [[ -n "$device" && -n "$problem" ]] || { benchmark_usage >&2; die "benchmark: --device and --problem are required"; }
  [[ "$problem" =~ ^[a-z0-9][a-z0-9-]*$ ]] || die "benchmark: '$problem' is not a problem slug"

  local entry judge_args=() ident_args=()
  entry=$(device_json "$device") || exit 2
  if [[ "$(jq -r '.self_hosted' <<<"$entry")" != false ]]; then require_sandbox "$device"; fi
  mapfile -t judge_args < <(jq -r '.judge_args[]' <<<"$entry")
  mapfile -t ident_args < <(identity_args "${judge_args[@]}")

  local submissions file
  submissions_json >/dev/null  # once, here: a failure stops the script, and subshells reuse it
  if [[ -n "$only" ]]; then
    [[ -r "$only" ]] || die "benchmark: cannot read --only $only"
    submissions=$(submissions_of "$problem" | grep -xF -f <(grep . "$only" || echo /) || true)
  elif [[ -n "$base" ]]; then
    submissions=$(changed_submissions "$base" "$head" | while IFS= read -r p; do
      [[ "$(problem_of "$p")" == "$problem" ]] && echo "$p"; done)
  else
    submissions=$(submissions_of "$problem") || exit 2
  fi
  [[ -n "$submissions" || -n "$base" || -n "$only" ]] || die "benchmark: no submissions under solutions/$problem/"

  local account_of="{}"
  if [[ -n "$accounts" && -f "$accounts" ]]; then
    account_of=$(jq -c 'if type == "object" then . else error("not an object") end' "$accounts") ||
      die "benchmark: --accounts $accounts is not a JSON object {path: login}"
  elif [[ -n "$accounts_json" ]]; then
    account_of=$(jq -c 'if type == "object" then . else error("not an object") end' <<<"$accounts_json") ||
      die "benchmark: --accounts-json is not a JSON object {path: login}"
  fi
  local definition
  definition=$(definition_hash "$problem")

  rm -rf "$out"
  mkdir -p "$out/records/$device" "$out/reports" "$out/logs" "$out/scratch"
  out=$(cd "$out" && pwd)

  # The keys already recorded for this device.
  local known_keys=""
  if [[ -n "$known" && -d "$known/$device" ]]; then
    for file in "$known/$device"/*.json; do
      [[ -f "$file" ]] && known_keys+="$(record_key "$file")"$'\n'
    done
  fi
  log "benchmark: device $device, problem $problem (definition ${definition:0:12}), $(grep -c . <<<"$known_keys") record(s) already on the leaderboard branch"

  local judged=0 skipped=0 errors=0 rows="" path name status key verdict geomean scratch account
  while IFS= read -r path; do
    [[ -n "$path" ]] || continue
    name=$(echo "$path" | tr '/' '_')
    scratch="$out/scratch/$name"
    mkdir -p "$scratch/identity" "$scratch/record"
    account=$(jq -r --arg path "$path" '.[$path] // "" | strings' <<<"$account_of")
    [[ -z "$account" || "$account" =~ $GITHUB_LOGIN ]] || die "benchmark: --accounts names '$account' for $path, not a GitHub login"
    status=0
    run_judge --problem "$problem" --solution "$PWD/$path" "${ident_args[@]}" --record "$scratch/identity" \
      >"$out/logs/$name.identity.log" 2>&1 || status=$?
    key=""
    for file in "$scratch/identity"/*.json; do [[ -f "$file" ]] && key="$(record_key "$file")$definition"; done
    if [[ -n "$key" && "$key" != "  $definition" ]] && grep -qxF -- "$key" <<<"$known_keys"; then
      log "benchmark: $path: already recorded for $device with this judge ($key), skipped"
      skipped=$((skipped + 1))
      rows+="| \`$(md_cell "$path")\` | skipped: already recorded | | |"$'\n'
      continue
    fi
    log "benchmark: judging $path on $device"
    status=0
    run_judge --problem "$problem" --solution "$PWD/$path" "${judge_args[@]}" \
      --json "$out/reports/$name.json" --record "$scratch/record" >"$out/logs/$name.log" 2>&1 || status=$?
    stamp_records "$scratch/record" "$out/records/$device" "$definition" "$account"
    verdict=$(jq -r '.verdict // empty' "$out/reports/$name.json" 2>/dev/null)
    geomean=$(jq -r '[.benchmarks[]?.median_ms | select(. > 0) | log] |
      if length > 0 then (add / length | exp | tostring) + " ms" else "" end' "$out/reports/$name.json" 2>/dev/null)
    case "$status" in
      0|10|11|12|13) judged=$((judged + 1)) ;;
      *) errors=$((errors + 1))
         log "benchmark: $path: the judge exited $status: $(tail -n 3 "$out/logs/$name.log")"
         verdict="ERROR (exit $status)" ;;
    esac
    rows+="| \`$(md_cell "$path")\` | $(md_cell "${verdict:-none}") | $(md_cell "$geomean") | $(md_cell "$(jq -r '.timing // empty' "$out/reports/$name.json" 2>/dev/null)") |"$'\n'
  done <<<"$submissions"
  rm -rf "$out/scratch"

  {
    echo "## Benchmark: $problem on $device"
    echo
    echo "$judged judged, $skipped skipped (already recorded), $errors judge error(s)."
    echo
    echo "| submission | verdict | geometric mean | timing |"
    echo "|---|---|---|---|"
    printf '%s' "$rows"
  } >"$out/summary.md"
  if [[ -n "${GITHUB_STEP_SUMMARY:-}" ]]; then cat "$out/summary.md" >>"$GITHUB_STEP_SUMMARY"; fi
  log "benchmark: $judged judged, $skipped skipped, $errors error(s); records in $out/records/$device"
  ((errors == 0)) || return 1
}
