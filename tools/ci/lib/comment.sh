# `leaderboard.sh comment`: post the check's result as a pull-request comment,
# or update the one posted before. Runs in the trusted comment workflow
# (workflow_run), which holds the pull-requests: write token that the check
# itself, running a fork's pull request, never gets.
#
# Everything in the check's artifact was written next to untrusted code, so
# no text of it is posted as it is: the comment is built here from the
# fields of result.json, each checked (the pull-request number, the head
# commit GitHub reports, paths of the submission shape, verdicts the judge
# gives, numbers) or escaped (a display name, a message: no Markdown, no
# HTML, no mention). The account a submission ranks under is read from
# GitHub, never from the artifact. Sourced by leaderboard.sh. Uses the GitHub
# CLI (`gh`, with $GH_TOKEN).

comment_usage() {
  cat <<'EOF'
usage: leaderboard.sh comment --from DIR --repo OWNER/NAME --head-sha SHA
                              [--run-url URL] [--leaderboard FILE]
       leaderboard.sh comment --identify --from DIR --repo OWNER/NAME --head-sha SHA [--github-output]

DIR is the check's comment/ folder (result.json). The comment is built from
its fields and posted on its pull request of OWNER/NAME, replacing the
earlier comment of the check (found by its first line, <!-- leaderboard-check
-->), when the pull request's head is SHA (the commit the check ran on).
URL links the check's run; FILE (the published leaderboard.json) gives each
problem's current best. --identify only prints the pull-request number,
once GitHub confirms that its head is SHA (with --github-output, also
`pr=N` into $GITHUB_OUTPUT); it prints nothing when the head moved on.
EOF
}

readonly COMMENT_MARKER="<!-- leaderboard-check -->"
readonly COMMENT_MAX_BYTES=60000  # GitHub refuses comments over 65536 characters
readonly CHECK_VERDICTS='^(ACCEPTED|WRONG_ANSWER|COMPILE_ERROR|RUNTIME_ERROR|TIME_LIMIT_EXCEEDED|ERROR|REJECTED|NOT A SUBMISSION|ERROR \(exit [0-9]{1,3}\))$'

# confirmed_pr DIR REPO HEAD_SHA: the pull-request number of result.json,
# when GitHub says that pull request's head is HEAD_SHA; sets pr_opener.
confirmed_pr() {
  local from=$1 repo=$2 head_sha=$3 pr facts head
  [[ -f "$from/result.json" ]] || die "comment: no $from/result.json"
  (($(wc -c <"$from/result.json") <= 4 * 1024 * 1024)) || die "comment: $from/result.json is larger than 4 MiB"
  pr=$(jq -r '.pr | numbers | tostring' "$from/result.json" 2>/dev/null)
  [[ "$pr" =~ ^[1-9][0-9]{0,9}$ ]] || die "comment: $from/result.json names no pull-request number"
  [[ "$(jq -r '.head_sha // ""' "$from/result.json")" == "$head_sha" ]] ||
    die "comment: $from/result.json is not of the checked commit $head_sha"
  facts=$(gh api "repos/$repo/pulls/$pr" --jq '[.head.sha, .user.login] | @tsv') || die "comment: cannot read pull request #$pr"
  IFS=$'\t' read -r head pr_opener <<<"$facts"
  if [[ "$head" != "$head_sha" ]]; then
    log "comment: pull request #$pr is now at $head, not the checked $head_sha; not commenting"
    return 1
  fi
  [[ "$pr_opener" =~ $GITHUB_LOGIN ]] || die "comment: GitHub named no valid opener of #$pr"
  echo "$pr"
}

# current_best FILE SLUG: "1.23 ms by NAME (account) on DEVICE" per board of
# SLUG in the published leaderboard.json, one a line; numbers checked,
# names escaped.
current_best() {
  local file=$1 slug=$2
  [[ -n "$file" && -f "$file" ]] || return 0
  jq -r --arg slug "$slug" '
    .boards[]? | select(.problem == $slug) | . as $b
    | (.entries | map(select(.rank == 1 and (.baseline | not))) | first) as $e
    | select($e != null and ($e.geomean_ms | type) == "number")
    | [$b.device, ($b.dtype // "float32"), ($e.geomean_ms | tostring), $e.author, ($e.account // "")] | @tsv' "$file" 2>/dev/null |
    while IFS=$'\t' read -r device dtype ms author account; do
      printf '%s ms by %s%s on %s (%s)\n' "$(md_cell "$ms")" "$(md_cell "$author")" \
        "${account:+ ($(md_cell "$account"))}" "$(md_cell "$device")" "$(md_cell "$dtype")"
    done
}

# comment_body DIR RUN_URL LEADERBOARD: the comment, from result.json's fields.
comment_body() {
  local from=$1 run_url=$2 leaderboard=$3 count index path problem verdict message author ms accepted=0 rows="" details=""
  count=$(jq '.submissions | if type == "array" then length else 0 end' "$from/result.json")
  ((count <= 200)) || die "comment: $from/result.json lists $count submissions; at most 200"
  local problems=""
  for ((index = 0; index < count; index++)); do
    path=$(jq -r ".submissions[$index].path | strings" "$from/result.json")
    verdict=$(jq -r ".submissions[$index].verdict | strings" "$from/result.json")
    message=$(jq -r ".submissions[$index].message | strings" "$from/result.json" | head -c 2000)
    author=$(jq -r ".submissions[$index].author | strings" "$from/result.json" | head -c 200)
    ms=$(jq -r ".submissions[$index].cpu_emulated_geomean_ms | numbers" "$from/result.json")
    [[ "$path" =~ $PR_SUBMISSION_PATH ]] || path="(a path that is not a submission's)"
    [[ "$verdict" =~ $CHECK_VERDICTS ]] || verdict="(unknown verdict)"
    [[ "$verdict" == ACCEPTED ]] && accepted=$((accepted + 1))
    problem=""
    [[ "$path" =~ ^solutions/([a-z0-9][a-z0-9-]*)/[A-Za-z0-9][A-Za-z0-9_.-]*\.cu$ ]] && problem=${BASH_REMATCH[1]}
    rows+="| \`$(md_cell "$path")\` | $(md_cell "$verdict") | $(md_cell "$author")${author:+ ($(md_cell "$pr_opener"))} |"
    rows+=" ${ms:+$(md_cell "$(printf '%.4g' "$ms")") ms} |"$'\n'
    if [[ -n "$message" ]]; then
      details+="<details><summary>$(md_cell "$path"): $(md_cell "$verdict")</summary>"$'\n\n'"$(md_code "$message")"$'\n'"</details>"$'\n\n'
    fi
    if [[ -n "$problem" ]]; then
      problems+="$problem"$'\n'
      details+="Reproduce \`$(md_cell "$path")\` locally:"$'\n\n'
      details+="$(md_code "bazel run //judge -- --problem $problem --solution \"\$PWD/$path\" --backend cpu --tier check")"$'\n\n'
    fi
  done
  echo "$COMMENT_MARKER"
  echo "## Leaderboard check"
  echo
  if ((count == 0)); then
    echo "No submission added or changed under \`solutions/\`."
  else
    echo "Judged $count added or changed submission(s) on the CPU backend: **$accepted accepted, $((count - accepted)) not.**"
    echo
    echo "| submission | verdict | shown as (name, account) | CPU-emulated time (sample tier; not a GPU time) |"
    echo "|---|---|---|---|"
    printf '%s' "$rows"
    echo
    echo "Ranked under the GitHub account that opened the pull request, with the \`// author:\` name beside it."
    echo
    local slug best
    while IFS= read -r slug; do
      [[ -n "$slug" ]] || continue
      best=$(current_best "$leaderboard" "$slug")
      echo "Current best on \`$(md_cell "$slug")\`: ${best:-none published yet}" | sed '2,$s/^/  /'
    done < <(sort -u <<<"$problems")
    echo
    printf '%s' "$details"
  fi
  [[ -z "$run_url" ]] || echo "[The check's run]($run_url)"
}

comment_main() {
  local from="" repo="" head_sha="" run_url="" leaderboard="" identify=false github_output=false
  while (($#)); do
    case "$1" in
      --from) from=${2:?--from needs a folder}; shift 2 ;;
      --repo) repo=${2:?--repo needs OWNER/NAME}; shift 2 ;;
      --head-sha) head_sha=${2:?--head-sha needs a commit}; shift 2 ;;
      --run-url) run_url=$2; shift 2 ;;
      --leaderboard) leaderboard=$2; shift 2 ;;
      --identify) identify=true; shift ;;
      --github-output) github_output=true; shift ;;
      -h|--help) comment_usage; return 0 ;;
      *) comment_usage >&2; die "comment: unknown argument '$1'" ;;
    esac
  done
  [[ -n "$from" && -n "$repo" && -n "$head_sha" ]] || { comment_usage >&2; die "comment: --from, --repo and --head-sha are required"; }
  [[ "$repo" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || die "comment: '$repo' is not OWNER/NAME"
  [[ "$head_sha" =~ ^[0-9a-f]{40}$ ]] || die "comment: '$head_sha' is not a commit hash"
  [[ -z "$run_url" || "$run_url" =~ ^https://[A-Za-z0-9.-]+/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+/actions/runs/[0-9]+$ ]] ||
    die "comment: '$run_url' is not a run's address"

  local pr pr_opener=""
  pr=$(confirmed_pr "$from" "$repo" "$head_sha") || return 0
  # confirmed_pr ran in a subshell: read the opener again (the same answer).
  pr_opener=$(gh api "repos/$repo/pulls/$pr" --jq .user.login) || die "comment: cannot read pull request #$pr"
  [[ "$pr_opener" =~ $GITHUB_LOGIN ]] || die "comment: GitHub named no valid opener of #$pr"
  if $identify; then
    echo "$pr"
    if $github_output; then
      [[ -n "${GITHUB_OUTPUT:-}" ]] || die "comment: --github-output needs \$GITHUB_OUTPUT"
      echo "pr=$pr" >>"$GITHUB_OUTPUT"
    fi
    return 0
  fi

  local body
  body=$(comment_body "$from" "$run_url" "$leaderboard")
  if ((${#body} > COMMENT_MAX_BYTES)); then
    body="${body:0:COMMENT_MAX_BYTES}"$'\n\n'"(cut: the full report is the check job's summary)"
  fi
  if [[ -n "${LEADERBOARD_COMMENT_DRY_RUN:-}" ]]; then
    printf '%s\n' "$body" >"$LEADERBOARD_COMMENT_DRY_RUN"
    log "comment: written to $LEADERBOARD_COMMENT_DRY_RUN (dry run)"
    return 0
  fi

  local existing
  existing=$(gh api --paginate "repos/$repo/issues/$pr/comments" \
    --jq ".[] | select(.user.login == \"github-actions[bot]\" and (.body | startswith(\"$COMMENT_MARKER\"))) | .id" | tail -n 1)
  if [[ -n "$existing" ]]; then
    gh api --method PATCH "repos/$repo/issues/comments/$existing" -f body="$body" >/dev/null ||
      die "comment: cannot update comment $existing"
    log "comment: updated comment $existing on #$pr"
  else
    gh api --method POST "repos/$repo/issues/$pr/comments" -f body="$body" >/dev/null ||
      die "comment: cannot comment on #$pr"
    log "comment: commented on #$pr"
  fi
}
