# Ranked identities: a submission is ranked under the GitHub account that
# opened the pull request which brought it, read from GitHub by the base
# branch's workflow, never from the file (its `// author:` line is only the
# display name shown beside the account). Sourced by leaderboard.sh. Uses
# the GitHub CLI (`gh`, with $GH_TOKEN).

pr_opener_usage() {
  cat <<'EOF'
usage: leaderboard.sh pr-opener --repo OWNER/NAME --pr NUMBER --head-sha SHA [--github-output]

Prints the login of the account that opened pull request NUMBER, after
checking that its head is SHA. With --github-output, also writes
`account=LOGIN` to $GITHUB_OUTPUT.
EOF
}

pr_opener_main() {
  local repo="" pr="" head_sha="" github_output=false
  while (($#)); do
    case "$1" in
      --repo) repo=${2:?--repo needs OWNER/NAME}; shift 2 ;;
      --pr) pr=${2:?--pr needs a number}; shift 2 ;;
      --head-sha) head_sha=${2:?--head-sha needs a commit}; shift 2 ;;
      --github-output) github_output=true; shift ;;
      -h|--help) pr_opener_usage; return 0 ;;
      *) pr_opener_usage >&2; die "pr-opener: unknown argument '$1'" ;;
    esac
  done
  [[ "$repo" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || die "pr-opener: '$repo' is not OWNER/NAME"
  [[ "$pr" =~ ^[1-9][0-9]{0,9}$ ]] || die "pr-opener: --pr must be a pull-request number, got '$pr'"
  [[ "$head_sha" =~ ^[0-9a-f]{40}$ ]] || die "pr-opener: --head-sha must be a 40-digit commit"
  local facts login head
  facts=$(gh api "repos/$repo/pulls/$pr" --jq '[.user.login, .head.sha] | @tsv') || die "pr-opener: cannot read pull request #$pr"
  IFS=$'\t' read -r login head <<<"$facts"
  [[ "$head" == "$head_sha" ]] || die "pr-opener: pull request #$pr is at $head, not $head_sha"
  [[ "$login" =~ $GITHUB_LOGIN ]] || die "pr-opener: GitHub named no valid login for #$pr"
  echo "$login"
  if $github_output; then
    [[ -n "${GITHUB_OUTPUT:-}" ]] || die "pr-opener: --github-output needs \$GITHUB_OUTPUT"
    echo "account=$login" >>"$GITHUB_OUTPUT"
  fi
}

accounts_usage() {
  cat <<'EOF'
usage: leaderboard.sh accounts --repo OWNER/NAME [--problem SLUG] --out FILE [--github-output]

Writes FILE: {path: LOGIN} for every .cu file of solutions/SLUG/ (without
--problem: of every problem) in this checkout, LOGIN being the opener of the pull request that brought the commit
which last changed the file (GitHub's commits/SHA/pulls), or, for a commit
pushed without a pull request, the commit's GitHub author. A file for which
GitHub names no account is left out (its records then rank under their
display name, as records made on a laptop do). With --github-output, also
writes `accounts=<the JSON on one line>` to $GITHUB_OUTPUT (the plan job
runs this on a GitHub-hosted runner, where the GitHub CLI is; the benchmark
shards take the answer with --accounts-json).
EOF
}

accounts_main() {
  local repo="" problem="" out="" github_output=false
  while (($#)); do
    case "$1" in
      --repo) repo=${2:?--repo needs OWNER/NAME}; shift 2 ;;
      --problem) problem=${2:?--problem needs a slug}; shift 2 ;;
      --out) out=${2:?--out needs a file}; shift 2 ;;
      --github-output) github_output=true; shift ;;
      -h|--help) accounts_usage; return 0 ;;
      *) accounts_usage >&2; die "accounts: unknown argument '$1'" ;;
    esac
  done
  [[ "$repo" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || die "accounts: '$repo' is not OWNER/NAME"
  [[ -z "$problem" || "$problem" =~ ^[a-z0-9][a-z0-9-]*$ ]] || die "accounts: '$problem' is not a problem slug"
  [[ -n "$out" ]] || die "accounts: --out is required"
  mkdir -p "$(dirname "$out")"
  local path commit login pairs=""
  for path in solutions/${problem:-*}/*.cu; do
    [[ -f "$path" ]] || continue
    commit=$(git log -1 --format=%H -- "$path")
    [[ -n "$commit" ]] || continue
    login=$(gh api "repos/$repo/commits/$commit/pulls" --jq '[.[] | select(.merged_at != null)][0].user.login // empty' 2>/dev/null)
    [[ -n "$login" ]] || login=$(gh api "repos/$repo/commits/$commit" --jq '.author.login // empty' 2>/dev/null)
    if [[ "$login" =~ $GITHUB_LOGIN ]]; then
      pairs+="$path"$'\t'"$login"$'\n'
    else
      log "accounts: GitHub names no account for $path (commit ${commit:0:12})"
    fi
  done
  jq -R -s 'split("\n") | map(select(length > 0) | split("\t") | {(.[0]): .[1]}) | add // {}' <<<"$pairs" >"$out"
  log "accounts: $(jq length "$out") submission(s) with an account"
  if $github_output; then
    [[ -n "${GITHUB_OUTPUT:-}" ]] || die "accounts: --github-output needs \$GITHUB_OUTPUT"
    echo "accounts=$(jq -c . "$out")" >>"$GITHUB_OUTPUT"
  fi
}
