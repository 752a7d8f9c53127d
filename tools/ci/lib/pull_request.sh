# `leaderboard.sh take-pr`: a pull request's submissions as data, on top of
# the base branch's checkout. Sourced by leaderboard.sh.
#
# The benchmark of a pull request runs the base branch's workflow, judge,
# scripts and device table. From the pull request it takes only the bytes of
# the .cu files it adds or changes directly in solutions/<problem>/: they are
# read from git objects (`git cat-file blob`, never a checkout), written over
# the base's working tree, and nothing else of the pull request (its
# workflows, tools/, devices.json, the judge, a BUILD file, a symbolic link)
# is written, built or run.

take_pr_usage() {
  cat <<'EOF'
usage: leaderboard.sh take-pr --pr NUMBER --head-sha SHA [--remote NAME|URL]
                              [--account LOGIN] [--out DIR]

Fetches refs/pull/NUMBER/head from REMOTE (default: origin), refuses it
unless it is SHA (the commit the maintainer read), and writes the .cu files
it adds or changes under solutions/<problem>/ (relative to its merge base
with HEAD) into this checkout. Writes DIR (default: leaderboard-pr):
  changed.txt   the submissions taken, one path a line
  ignored.txt   every other file the pull request changes (not taken)
  accounts.json {path: LOGIN} for the taken files, when --account is given
                (the pull request's opener, read by the base's workflow from
                GitHub, never from the pull request's files)
EOF
}

# A path taken from a pull request: one file directly in a problem folder.
readonly PR_SUBMISSION_PATH='^solutions/[a-z0-9][a-z0-9-]*/[A-Za-z0-9][A-Za-z0-9_.-]*\.cu$'
# GitHub's login rule: letters, digits and single hyphens, at most 39.
readonly GITHUB_LOGIN='^[A-Za-z0-9]([A-Za-z0-9]|-[A-Za-z0-9]){0,38}$'

take_pr_main() {
  local pr="" head_sha="" remote=origin account="" out=leaderboard-pr
  while (($#)); do
    case "$1" in
      --pr) pr=${2:?--pr needs a number}; shift 2 ;;
      --head-sha) head_sha=${2:?--head-sha needs a commit}; shift 2 ;;
      --remote) remote=${2:?--remote needs a name or URL}; shift 2 ;;
      --account) account=$2; shift 2 ;;
      --out) out=${2:?--out needs a folder}; shift 2 ;;
      -h|--help) take_pr_usage; return 0 ;;
      *) take_pr_usage >&2; die "take-pr: unknown argument '$1'" ;;
    esac
  done
  [[ "$pr" =~ ^[1-9][0-9]{0,9}$ ]] || die "take-pr: --pr must be a pull-request number, got '$pr'"
  [[ "$head_sha" =~ ^[0-9a-f]{40}$ ]] || die "take-pr: --head-sha must be the 40-digit commit the maintainer read"
  [[ -z "$account" || "$account" =~ $GITHUB_LOGIN ]] || die "take-pr: '$account' is not a GitHub login"

  local ref=refs/leaderboard-pr/head
  git fetch --quiet --no-tags "$remote" "+refs/pull/$pr/head:$ref" || die "take-pr: cannot fetch pull request #$pr from $remote"
  local fetched
  fetched=$(git rev-parse "$ref")
  [[ "$fetched" == "$head_sha" ]] ||
    die "take-pr: pull request #$pr is at $fetched, not the approved $head_sha (a push after the approval is not benchmarked)"
  local base
  base=$(git merge-base HEAD "$ref") || die "take-pr: pull request #$pr shares no history with HEAD"

  rm -rf "$out"
  mkdir -p "$out"
  : >"$out/changed.txt"
  : >"$out/ignored.txt"
  local mode type object path taken=0 ignored=0
  # Raw diff: modes and blob ids, so a symbolic link or submodule is seen as one.
  while IFS=$'\t' read -r meta path; do
    read -r _ mode _ object type <<<"$meta"
    if [[ "$type" =~ ^[AM]$ && "$mode" == 100644 && "$path" =~ $PR_SUBMISSION_PATH && -d "$(dirname "$path")" ]]; then
      git cat-file blob "$object" >"$path" || die "take-pr: cannot read $path from pull request #$pr"
      echo "$path" >>"$out/changed.txt"
      taken=$((taken + 1))
    else
      echo "$path" >>"$out/ignored.txt"
      ignored=$((ignored + 1))
    fi
  done < <(git diff --raw --no-renames --no-abbrev "$base" "$ref")
  git update-ref -d "$ref"

  if [[ -n "$account" ]]; then
    jq -R -s --arg login "$account" 'split("\n") | map(select(length > 0)) | map({(.): $login}) | add // {}' \
      "$out/changed.txt" >"$out/accounts.json"
  fi
  log "take-pr: #$pr at ${head_sha:0:12}: $taken submission(s) taken as data, $ignored other file(s) left out"
  if ((ignored)); then log "take-pr: left out (the base branch's versions are used): $(paste -sd' ' "$out/ignored.txt")"; fi
}
