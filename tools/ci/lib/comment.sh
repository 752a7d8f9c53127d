# `leaderboard.sh comment`: post the check's report as a pull-request comment,
# or update the one posted before. Runs in the trusted comment workflow
# (workflow_run), which holds the pull-requests: write token that the check
# itself, running a fork's pull request, never gets. Everything it reads from
# the check's artifact was produced next to untrusted code, so it is checked:
# the pull-request number must be a number, the pull request's head must be
# the commit that was checked, and the body is capped in size.
# Sourced by leaderboard.sh. Uses the GitHub CLI (`gh`, with $GH_TOKEN).

comment_usage() {
  cat <<'EOF'
usage: leaderboard.sh comment --from DIR --repo OWNER/NAME --head-sha SHA

DIR is the check's comment/ folder (body.md, pr, head_sha). Posts body.md on
pull request `pr` of OWNER/NAME, replacing the earlier comment of the check
(found by its first line, <!-- leaderboard-check -->), when the pull request's
head is SHA (the commit the check ran on).
EOF
}

readonly COMMENT_MARKER="<!-- leaderboard-check -->"
readonly COMMENT_MAX_BYTES=60000  # GitHub refuses comments over 65536 characters

comment_main() {
  local from="" repo="" head_sha=""
  while (($#)); do
    case "$1" in
      --from) from=${2:?--from needs a folder}; shift 2 ;;
      --repo) repo=${2:?--repo needs OWNER/NAME}; shift 2 ;;
      --head-sha) head_sha=${2:?--head-sha needs a commit}; shift 2 ;;
      -h|--help) comment_usage; return 0 ;;
      *) comment_usage >&2; die "comment: unknown argument '$1'" ;;
    esac
  done
  [[ -n "$from" && -n "$repo" && -n "$head_sha" ]] || { comment_usage >&2; die "comment: --from, --repo and --head-sha are required"; }
  [[ "$repo" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || die "comment: '$repo' is not OWNER/NAME"
  [[ "$head_sha" =~ ^[0-9a-f]{40}$ ]] || die "comment: '$head_sha' is not a commit hash"

  local pr body
  pr=$(head -c 20 "$from/pr" 2>/dev/null | tr -d '[:space:]')
  [[ "$pr" =~ ^[1-9][0-9]{0,9}$ ]] || die "comment: $from/pr does not hold a pull-request number"
  [[ -f "$from/body.md" ]] || die "comment: no $from/body.md"
  [[ "$(head -n 1 "$from/body.md")" == "$COMMENT_MARKER" ]] || die "comment: $from/body.md does not start with $COMMENT_MARKER"
  body=$(head -c "$COMMENT_MAX_BYTES" "$from/body.md")
  (($(wc -c <"$from/body.md") <= COMMENT_MAX_BYTES)) || body+=$'\n\n(cut: the full report is the check job\'s summary)'

  local pr_head
  pr_head=$(gh api "repos/$repo/pulls/$pr" --jq .head.sha) || die "comment: cannot read pull request #$pr"
  [[ "$pr_head" == "$head_sha" ]] ||
    { log "comment: pull request #$pr is now at $pr_head, not the checked $head_sha; not commenting"; return 0; }

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
