# `leaderboard.sh plan`: the benchmark matrix, one shard per device and
# problem, from the device table. Sourced by leaderboard.sh.

plan_usage() {
  cat <<'EOF'
usage: leaderboard.sh plan [--devices NAME,...] [--base REV [--head REV] | --only FILE] [--github-output]

Prints the benchmark matrix as JSON: {"include": [{device, problem, runs_on,
container, self_hosted, timeout_minutes}, ...]}, one entry per device of
tools/ci/devices.json (or the ones --devices names) and per problem with
submissions under solutions/. With --base, only the problems whose
submissions HEAD adds or changes; with --only, only the problems of the
paths FILE lists (a pull request's, from take-pr). With --github-output, it
also writes `matrix=...` and `shards=N` to $GITHUB_OUTPUT.
GitHub allows 256 jobs per matrix: the plan refuses more, so a larger table
must shard coarser (several problems per shard) before it grows past that.
EOF
}

plan_main() {
  local devices="" base="" head=HEAD only="" github_output=false
  while (($#)); do
    case "$1" in
      --devices) devices=$2; shift 2 ;;
      --base) base=${2:?--base needs a revision}; shift 2 ;;
      --head) head=${2:?--head needs a revision}; shift 2 ;;
      --only) only=${2:?--only needs a file}; shift 2 ;;
      --github-output) github_output=true; shift ;;
      -h|--help) plan_usage; return 0 ;;
      *) plan_usage >&2; die "plan: unknown argument '$1'" ;;
    esac
  done

  local file problems name
  file=$(devices_file)
  jq -e '.devices | type == "array" and length > 0' "$file" >/dev/null 2>&1 ||
    die "$file: expected {\"devices\": [...]} with at least one device"
  # Every named device must exist: a typo must not silently benchmark nothing.
  for name in ${devices//,/ }; do device_json "$name" >/dev/null; done

  # Problems are folders of solutions/ with .cu files: every problem has its
  # baseline default.cu. The plan needs no judge (the shards list the
  # submissions); a shard whose files are all fixtures judges nothing.
  if [[ -n "$only" ]]; then
    [[ -r "$only" ]] || die "plan: cannot read --only $only"
    problems=$(while IFS= read -r p; do problem_of "$p"; done <"$only" | sort -u)
  elif [[ -n "$base" ]]; then
    problems=$(changed_sources "$base" "$head" | while IFS= read -r p; do problem_of "$p"; done | sort -u)
  else
    problems=$(for dir in solutions/*/; do
      compgen -G "${dir}*.cu" >/dev/null && basename "$dir"
    done | sort -u)
  fi

  local matrix shards
  matrix=$(jq -c --arg wanted "$devices" --arg problems "$problems" '
    ($wanted | split(",") | map(select(length > 0))) as $names
    | ($problems | split("\n") | map(select(length > 0))) as $slugs
    | {include: [.devices[]
        | select(($names | length) == 0 or (.name as $n | $names | index($n)))
        | . as $d | $slugs[]
        | {device: $d.name, problem: ., runs_on: $d.runs_on, container: ($d.container // ""),
           self_hosted: ($d.self_hosted != false), timeout_minutes: ($d.timeout_minutes // 120)}]}' "$file")
  shards=$(jq '.include | length' <<<"$matrix")
  ((shards <= 256)) || die "plan: $shards shards, more than GitHub's 256 jobs per matrix"
  log "plan: $shards shard(s)"
  echo "$matrix"
  if $github_output; then
    [[ -n "${GITHUB_OUTPUT:-}" ]] || die "plan: --github-output needs \$GITHUB_OUTPUT"
    { echo "matrix=$matrix"; echo "shards=$shards"; } >>"$GITHUB_OUTPUT"
  fi
}
