# `leaderboard.sh publish`: merge new records into the results kept on the
# `leaderboard` branch, rebuild the leaderboard from all of them, commit, push
# (retrying when another publish pushed first), and leave the pages in a
# folder for GitHub Pages. Sourced by leaderboard.sh.
#
# The branch holds:
#   records/<device>/<problem>--<content hash>.json   every record, append-only
#   the pages `judge leaderboard --list-outputs` names  built from all records
#   (leaderboard.json, leaderboard.md, index.html: Pages serves the same files)
# Record files are named by their content, so merging is copying: a name that
# exists already holds the same bytes, and a second publish of the same
# records changes nothing (no commit, no push).

publish_usage() {
  cat <<'EOF'
usage: leaderboard.sh publish --records DIR --site DIR [--remote NAME|URL]
                              [--branch NAME] [--attempts N] [--source-base URL]
                              [--token-env NAME]

DIR (--records) holds the new records as <device>/<record>.json (the
benchmark shards' records/ folders merged). They are copied into records/ on
BRANCH (default: leaderboard) of REMOTE (default: origin), the leaderboard is
rebuilt from every record there (`judge leaderboard`), and the result is
committed and pushed. A push that loses a race with another publish is
retried from a fresh fetch, up to N times (default 5). The built pages
(the files `judge leaderboard --list-outputs` names) are copied into --site.
Source links start with URL (in GitHub Actions, by default, the repository's
blob/<branch>/). With --token-env, the environment variable NAME holds the
token for the fetch and the push, handed to those two git commands alone
(never written into .git/config).
A record the leaderboard build cannot use (invalid UTF-8, a bad field, an
unknown problem...) is skipped with its reason, listed on stderr, in the
job summary ($GITHUB_STEP_SUMMARY, when set) and in leaderboard.json; the
rest is built, committed and left in --site all the same.
Exit status: 0 published or already up to date (skipped records included);
2 a usage, set-up or push error.
EOF
}

# publish_attempt WORKTREE: one fetch-merge-build-commit-push round. Returns 0
# when pushed or nothing changed, 3 when the push was rejected (a race).
# Commits are made with plumbing on a detached worktree, so no local branch is
# created in the checkout and the first publish starts a parentless history.
publish_attempt() {
  local tree=$1 base=""
  if remote_git fetch --quiet --no-tags "$remote" "+refs/heads/$branch:refs/leaderboard-publish/base" 2>/dev/null; then
    base=$(git rev-parse refs/leaderboard-publish/base)
    git -C "$tree" reset --quiet --hard "$base"
  else
    log "publish: $remote has no branch '$branch' yet; starting it"
    git -C "$tree" read-tree --empty
  fi
  git -C "$tree" clean -qfdx

  # Merge: copy every new record in; a name already present must hold the
  # same bytes (names are content hashes), anything else is corruption.
  local file device target added=0
  while IFS= read -r -d '' file; do
    device=$(basename "$(dirname "$file")")
    [[ "$device" =~ ^[a-z0-9][a-z0-9_-]*$ ]] || die "publish: $file: records must be in <device>/ folders"
    target="$tree/records/$device/$(basename "$file")"
    if [[ -e "$target" ]]; then
      cmp -s "$file" "$target" || die "publish: $target exists with different content; record names must be content hashes"
      continue
    fi
    mkdir -p "$(dirname "$target")"
    cp "$file" "$target"
    added=$((added + 1))
  done < <(find "$records" -mindepth 2 -maxdepth 2 -name '*.json' -type f -print0 | sort -z)
  log "publish: $added new record(s)"

  # Build: the leaderboard reads one flat folder; record names are unique
  # across devices (content hashes), so flattening loses nothing.
  local flat="$work/flat" build_status=0
  rm -rf "$flat" "$work/pages"
  mkdir -p "$flat" "$work/pages"
  if [[ -d "$tree/records" ]]; then
    find "$tree/records" -mindepth 2 -maxdepth 2 -name '*.json' -type f -exec cp -t "$flat" {} +
  fi
  # The device table is this checkout's (main's): each GPU's bounds come
  # from it, never from what a record claims.
  run_judge leaderboard --results "$flat" --out "$work/pages" --devices "$(devices_file)" \
    ${source_base:+--source-base "$source_base"} >"$work/leaderboard.log" 2>&1 || build_status=$?
  cat "$work/leaderboard.log" >&2
  case "$build_status" in
    0) ;;
    5) log "publish: the leaderboard build skipped some record (above); publishing the rest" ;;
    *) die "publish: judge leaderboard failed (exit $build_status)" ;;
  esac
  skipped_lines=$(grep '^judge leaderboard: skipped ' "$work/leaderboard.log" || true)
  local page
  for page in "${pages[@]}"; do
    [[ -f "$work/pages/$page" ]] || die "publish: judge leaderboard wrote no $page"
    cp "$work/pages/$page" "$tree/$page"
  done

  local new_tree commit parent=()
  git -C "$tree" add -A
  new_tree=$(git -C "$tree" write-tree)
  if [[ -n "$base" ]] && ((added == 0)) && ! pages_changed "$base" "$tree"; then
    log "publish: $branch is up to date; nothing to push"
    return 0
  fi
  [[ -z "$base" ]] || parent=(-p "$base")
  commit=$(GIT_AUTHOR_NAME="$committer_name" GIT_AUTHOR_EMAIL="$committer_email" \
           GIT_COMMITTER_NAME="$committer_name" GIT_COMMITTER_EMAIL="$committer_email" \
           git commit-tree "$new_tree" "${parent[@]}" -m "Leaderboard: $added new record(s)" \
             -m "Built by tools/ci/leaderboard.sh publish${GITHUB_RUN_ID:+ in run $GITHUB_RUN_ID}.") ||
    die "publish: cannot commit"
  if remote_git push --quiet "$remote" "$commit:refs/heads/$branch" 2>"$work/push.log"; then
    log "publish: pushed ${commit:0:12} to $branch"
    return 0
  fi
  cat "$work/push.log" >&2
  return 3
}

# pages_changed COMMIT TREE: the pages in worktree TREE differ from those in
# COMMIT by more than their build time stamp. With no new record, a rebuild
# that changes only "Generated <time>" is no change (so publishing the same
# records twice commits nothing), while a judge that renders differently
# still gets its pages committed.
pages_changed() {
  local commit=$1 tree=$2 page
  for page in "${pages[@]}"; do
    cmp -s <(git show "$commit:$page" 2>/dev/null | strip_build_time) <(strip_build_time <"$tree/$page") || return 0
  done
  return 1
}
# remote_git ARGS...: git ARGS, with the token of --token-env (when given) as
# an HTTP header in this one command's environment: the token never sits in
# .git/config while the cache is restored and the judge built.
remote_git() {
  if [[ -z "$token_env" ]]; then git "$@"; return; fi
  local token=${!token_env:-}
  [[ -n "$token" ]] || die "publish: --token-env $token_env: the variable is empty"
  GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0="http.extraheader" \
    GIT_CONFIG_VALUE_0="AUTHORIZATION: basic $(printf 'x-access-token:%s' "$token" | base64 -w0)" git "$@"
}

# write_skipped_summary: the records the build skipped, for the job summary.
write_skipped_summary() {
  [[ -n "${GITHUB_STEP_SUMMARY:-}" ]] || return 0
  {
    echo "## Leaderboard publish"
    echo
    if [[ -z "$skipped_lines" ]]; then
      echo "Every record was used."
    else
      echo "$(grep -c . <<<"$skipped_lines") record(s) skipped (the rest is published):"
      echo
      echo "| record and reason |"
      echo "|---|"
      while IFS= read -r line; do echo "| $(md_cell "${line#judge leaderboard: skipped }") |"; done <<<"$skipped_lines"
    fi
  } >>"$GITHUB_STEP_SUMMARY"
}

strip_build_time() {
  sed -E 's/(generated"?:? ?"?|Generated )[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z/\1TIME/g'
}

publish_main() {
  local records="" site="" remote=origin branch=leaderboard attempts=5 source_base="" token_env=""
  # In CI, sources link to the branch the records were made from (a branch,
  # not a commit, so the same records render the same pages on every run).
  if [[ -n "${GITHUB_REPOSITORY:-}" && -n "${GITHUB_REF_NAME:-}" ]]; then
    source_base="${GITHUB_SERVER_URL:-https://github.com}/$GITHUB_REPOSITORY/blob/$GITHUB_REF_NAME/"
  fi
  while (($#)); do
    case "$1" in
      --source-base) source_base=$2; shift 2 ;;
      --records) records=${2:?--records needs a folder}; shift 2 ;;
      --site) site=${2:?--site needs a folder}; shift 2 ;;
      --remote) remote=${2:?--remote needs a name or URL}; shift 2 ;;
      --branch) branch=${2:?--branch needs a name}; shift 2 ;;
      --attempts) attempts=${2:?--attempts needs a number}; shift 2 ;;
      --token-env) token_env=${2:?--token-env needs a variable name}; shift 2 ;;
      -h|--help) publish_usage; return 0 ;;
      *) publish_usage >&2; die "publish: unknown argument '$1'" ;;
    esac
  done
  [[ -n "$records" && -n "$site" ]] || { publish_usage >&2; die "publish: --records and --site are required"; }
  if [[ ! -d "$records" ]]; then
    # Every shard skipped everything: no artifact, nothing new; the pages are
    # still rebuilt (the judge that renders them may have changed).
    log "publish: no records folder $records; no new records"
    mkdir -p "$records"
  fi
  [[ "$attempts" =~ ^[1-9][0-9]*$ ]] || die "publish: --attempts must be a positive number"
  git rev-parse --git-dir >/dev/null 2>&1 || die "publish: run it inside the project's git checkout"
  records=$(cd "$records" && pwd)
  local committer_name=${LEADERBOARD_GIT_NAME:-github-actions[bot]}
  local committer_email=${LEADERBOARD_GIT_EMAIL:-41898282+github-actions[bot]@users.noreply.github.com}
  [[ -z "$token_env" || "$token_env" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "publish: --token-env needs a variable name"
  [[ -z "$token_env" || -n "${!token_env:-}" ]] || die "publish: --token-env $token_env: the variable is empty"
  local skipped_lines=""
  judge_binary
  # The files the leaderboard build writes: the judge's list, not ours.
  local pages=()
  mapfile -t pages < <(run_judge leaderboard --list-outputs)
  ((${#pages[@]})) || die "publish: judge leaderboard --list-outputs named no file"

  # A private worktree of this checkout, sharing its remotes (the token, when
  # any, comes with --token-env to the fetch and the push alone).
  local work tree
  work=$(mktemp -d)
  tree="$work/tree"
  # The script ends after publishing, so EXIT (not RETURN, which would fire on
  # every function's return) is when the worktree goes; the paths are
  # expanded now, while they are in scope.
  trap "git worktree remove --force '$tree' >/dev/null 2>&1; git update-ref -d refs/leaderboard-publish/base 2>/dev/null; rm -rf '$work'" EXIT
  git worktree add --quiet --detach "$tree" HEAD >/dev/null || die "publish: cannot create a worktree in $tree"

  local attempt=1 status
  while :; do
    status=0
    publish_attempt "$tree" || status=$?
    [[ $status -eq 0 ]] && break
    ((attempt < attempts)) || die "publish: push to $branch still rejected after $attempts attempts"
    log "publish: push rejected (another publish got there first?); retrying from a fresh fetch ($attempt/$attempts)"
    sleep "$(( ${LEADERBOARD_RETRY_DELAY:-2} * attempt ))"
    attempt=$((attempt + 1))
  done

  mkdir -p "$site"
  local page
  for page in "${pages[@]}"; do cp "$work/pages/$page" "$site/"; done
  log "publish: pages in $site"
  write_skipped_summary
}
