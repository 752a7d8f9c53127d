# `leaderboard.sh check`: judge the submissions a pull request adds or changes
# on the CPU backend (compile against the exact signature, every check case in
# both thread orders, CPU-emulated times on the sample tier) and write a
# Markdown report for the job summary and, for the comment workflow, the
# structured result it builds the pull-request comment from. Sourced by
# leaderboard.sh.

check_usage() {
  cat <<'EOF'
usage: leaderboard.sh check --base REV [--head REV] [--out DIR] [--pr NUMBER]

Judges every .cu file under solutions/ that HEAD (default: HEAD) adds or
changes relative to its merge base with BASE, on the CPU backend, and writes:
  DIR/summary.md        the report in Markdown (also appended to
                        $GITHUB_STEP_SUMMARY when that is set)
  DIR/reports/*.json    the judge's full result per submission
  DIR/logs/*.log        the judge's output per submission
  DIR/records/          a result record per submission (--record)
  DIR/comment/          what the comment workflow reads: result.json (pr,
                        head_sha and per submission path, problem, verdict,
                        message, display name, CPU-emulated geometric mean),
                        and body.md (the same report, for people)
Exit status: 0 when every judged submission is ACCEPTED (or none changed),
1 when some is not, 2 on a usage or set-up error.
EOF
}

check_main() {
  local base="" head=HEAD out=leaderboard-check pr=""
  while (($#)); do
    case "$1" in
      --base) base=${2:?--base needs a revision}; shift 2 ;;
      --head) head=${2:?--head needs a revision}; shift 2 ;;
      --out) out=${2:?--out needs a folder}; shift 2 ;;
      --pr) pr=${2:?--pr needs a number}; shift 2 ;;
      -h|--help) check_usage; return 0 ;;
      *) check_usage >&2; die "check: unknown argument '$1'" ;;
    esac
  done
  [[ -n "$base" ]] || { check_usage >&2; die "check: --base is required"; }
  [[ -z "$pr" || "$pr" =~ ^[0-9]+$ ]] || die "check: --pr must be a number, got '$pr'"

  local changed
  submissions_json >/dev/null  # once, here: a failure stops the script, and subshells reuse it
  changed=$(changed_submissions "$base" "$head") || exit 2
  rm -rf "$out"
  mkdir -p "$out/reports" "$out/logs" "$out/records" "$out/comment"
  out=$(cd "$out" && pwd)

  local total=0 failed=0 rows="" details="" path slug name status verdict message classification
  local results="[]" author emulated
  while IFS= read -r path; do
    [[ -n "$path" ]] || continue
    total=$((total + 1))
    name=$(echo "$path" | tr '/' '_')
    slug=$(problem_of "$path")
    log "check: judging $path on the CPU backend"
    classification=$(classify "$path")
    if [[ -z "$slug" ]]; then
      verdict="NOT A SUBMISSION"
      message="a submission is a .cu file directly in solutions/<problem>/"
    elif [[ "$classification" == rejected* ]]; then
      verdict="REJECTED"
      message=${classification#rejected$'\t'}
    else
      status=0
      run_judge --problem "$slug" --solution "$PWD/$path" --backend cpu --tier check --benchmark --bench-tier sample \
        --json "$out/reports/$name.json" --record "$out/records" >"$out/logs/$name.log" 2>&1 || status=$?
      verdict=$(jq -r '.verdict // empty' "$out/reports/$name.json" 2>/dev/null)
      message=$(jq -r '.message // empty' "$out/reports/$name.json" 2>/dev/null)
      if [[ -z "$verdict" ]]; then
        # No report: the judge refused the input (usage error, unknown problem,
        # a submission without its header); its own words are in the log.
        verdict="ERROR (exit $status)"
        message=$(grep -v '^\s*$' "$out/logs/$name.log" | tail -n 5)
      fi
    fi
    [[ "$verdict" == ACCEPTED ]] || failed=$((failed + 1))
    author=$(submissions_json | jq -r --arg path "$path" 'first(.submissions[] | select(.path == $path) | .display_name // .author) // ""')
    emulated=$(jq -r '[.benchmarks[]?.median_ms | select(. > 0) | log] |
      if length > 0 then (add / length | exp) else empty end' "$out/reports/$name.json" 2>/dev/null)
    results=$(jq -c --arg path "$path" --arg problem "$slug" --arg verdict "$verdict" --arg message "$message" \
      --arg author "$author" --arg emulated "$emulated" \
      '. + [{path: $path, problem: $problem, verdict: $verdict, message: $message, author: $author,
             cpu_emulated_geomean_ms: (if $emulated == "" then null else ($emulated | tonumber) end)}]' <<<"$results")
    rows+="| \`$(md_cell "$path")\` | $(md_cell "$verdict") | $(md_cell "$(echo "$message" | head -n 1)") |"$'\n'
    if [[ -n "$message" ]]; then
      details+="<details><summary>$(md_cell "$path"): $(md_cell "$verdict")</summary>"$'\n\n'"$(md_code "$message")"$'\n'"</details>"$'\n\n'
    fi
  done <<<"$changed"

  {
    echo "<!-- leaderboard-check -->"
    echo "## Leaderboard check"
    echo
    if ((total == 0)); then
      echo "No submission added or changed under \`solutions/\` (known-wrong fixtures are left to the test suite)."
    else
      echo "Judged $total added or changed submission(s) on the CPU backend: compiled against the problem's exact"
      echo "signature, every \`check\` case in natural and shuffled thread order. **$((total - failed)) accepted, $failed not.**"
      echo
      echo "| submission | verdict | first problem |"
      echo "|---|---|---|"
      printf '%s' "$rows"
      echo
      printf '%s' "$details"
      echo "GPU timings come from a maintainer's run of the leaderboard workflow on main naming this pull request;"
      echo "see README.md, \"CI leaderboard\"."
    fi
  } >"$out/summary.md"

  cp "$out/summary.md" "$out/comment/body.md"
  jq -n --arg pr "$pr" --arg head_sha "$(git rev-parse "$head^{commit}")" --argjson submissions "$results" \
    '{format: "leaderboard-check", pr: (if $pr == "" then null else ($pr | tonumber) end), head_sha: $head_sha,
      submissions: $submissions}' >"$out/comment/result.json"
  if [[ -n "${GITHUB_STEP_SUMMARY:-}" ]]; then cat "$out/summary.md" >>"$GITHUB_STEP_SUMMARY"; fi
  cat "$out/summary.md"
  log "check: $total judged, $failed not accepted"
  ((failed == 0)) || return 1
}
