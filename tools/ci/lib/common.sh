# Shared helpers of tools/ci/leaderboard.sh: messages, the judge binary, the
# device table and which files under solutions/ are leaderboard submissions.
# Sourced, never run. Every function works in the current directory, which is
# the project checkout (a git work tree).

# printable_text: stdin with what a hostile submission could use to rewrite
# a CI log or forge a workflow command written out, as the judge's own
# printable() does (judge/common/printable.h): control bytes but tab and
# newline as \xNN; as \uNNNN the same characters printable() escapes: C1
# controls and U+00AD, zero-width marks U+200B-200F, line and paragraph
# separators and bidirectional embeddings U+2028-202E, U+2060-206F, the byte
# order mark U+FEFF and U+FFF9-FFFB; and "::" at a line's start (a workflow
# command: ::error, ::add-mask, ::stop-commands) as "\x3a:".
printable_text() {
  LC_ALL=C perl -pe '
    s/([\x00-\x08\x0b-\x1f\x7f])/sprintf("\\x%02x", ord($1))/ge;
    s/(\xc2[\x80-\x9f\xad]|\xe2\x80[\x8b-\x8f\xa8-\xae]|\xe2\x81[\xa0-\xaf]|\xef\xbb\xbf|\xef\xbf[\xb9-\xbb])/
      my @b = map { ord } split(m{}, $1);
      sprintf("\\u%04x", @b == 2 ? (($b[0] & 0x1f) << 6) | ($b[1] & 0x3f)
                                   : (($b[0] & 0x0f) << 12) | (($b[1] & 0x3f) << 6) | ($b[2] & 0x3f))/gex;
    s/^(\s*)::/$1\\x3a:/'
}

# Messages go to the job's log: every line printable and prefixed, so text
# from a submission (a path, the judge's output) cannot start a line there.
log() { printf '%s\n' "$*" | printable_text | sed 's/^/leaderboard: /' >&2; }
die() { log "error: $*"; exit 2; }

# The folder holding this script's own files (tools/ci).
CI_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The device table (tools/ci/devices.json, or $LEADERBOARD_DEVICES).
devices_file() { echo "${LEADERBOARD_DEVICES:-${CI_DIR}/devices.json}"; }

# device_json NAME: the device's entry, or an error naming the known devices.
device_json() {
  local file entry
  file=$(devices_file)
  [[ -r "$file" ]] || die "no device table at $file"
  entry=$(jq -c --arg name "$1" '.devices[] | select(.name == $name)' "$file") ||
    die "$file is not valid JSON"
  [[ -n "$entry" ]] || die "unknown device '$1' (known: $(jq -r '[.devices[].name] | join(", ")' "$file"))"
  echo "$entry"
}

# The judge binary: $JUDGE when set (the tests point it at their runfiles),
# otherwise built here with Bazel. $BAZEL_DISK_CACHE, when set, is passed to
# Bazel as its disk cache (the workflow keeps that folder with actions/cache).
JUDGE_BIN=""
judge_binary() {
  if [[ -n "$JUDGE_BIN" ]]; then return; fi
  if [[ -n "${JUDGE:-}" ]]; then
    [[ -x "$JUDGE" ]] || die "JUDGE=$JUDGE is not an executable"
    JUDGE_BIN=$JUDGE
    return
  fi
  local flags=()
  if [[ -n "${BAZEL_DISK_CACHE:-}" ]]; then
    mkdir -p "$BAZEL_DISK_CACHE"
    flags+=("--disk_cache=$(cd "$BAZEL_DISK_CACHE" && pwd)")
  fi
  log "building the judge (bazel build //judge)"
  bazel build "${flags[@]}" //judge >&2 || die "bazel build //judge failed"
  JUDGE_BIN="$(bazel info "${flags[@]}" bazel-bin 2>/dev/null)/judge/judge"
  [[ -x "$JUDGE_BIN" ]] || die "no judge binary at $JUDGE_BIN after the build"
}

# run_judge ARGS...: the judge with ARGS; its exit status is returned.
run_judge() {
  judge_binary
  "$JUDGE_BIN" "$@"
}

# The leaderboard's view of solutions/ in this checkout, from
# `judge submissions --json --solutions-dir solutions`: {"submissions":
# [{slug, path, author, display_name, title, baseline}], "rejected": [{path, message}]}.
# Fixtures (expected.yaml names them with a verdict other than ACCEPTED) are
# in neither list. Exit 5 only means something was rejected; it is listed.
SUBMISSIONS_JSON=""
submissions_json() {
  if [[ -n "$SUBMISSIONS_JSON" ]]; then echo "$SUBMISSIONS_JSON"; return; fi
  local status=0
  judge_binary  # here, not in the subshell below, so the binary is found once
  SUBMISSIONS_JSON=$(run_judge submissions --json --solutions-dir "$PWD/solutions" 2>/dev/null) || status=$?
  [[ $status -eq 0 || $status -eq 5 ]] && jq -e '.submissions | type == "array"' <<<"$SUBMISSIONS_JSON" >/dev/null ||
    die "judge submissions --json failed (exit $status): $(run_judge submissions --json --solutions-dir "$PWD/solutions" 2>&1 >/dev/null | tail -n 3)"
  echo "$SUBMISSIONS_JSON"
}

# problem_of PATH: the problem slug of solutions/<slug>/<file>.cu, or nothing.
problem_of() {
  if [[ "$1" =~ ^solutions/([^/]+)/[^/]+\.cu$ ]]; then echo "${BASH_REMATCH[1]}"; fi
}

# submissions_of SLUG: the submissions of one problem, one path a line.
submissions_of() {
  submissions_json | jq -r --arg slug "$1" '.submissions[] | select(.slug == $slug) | .path'
}

# classify PATH: "submission", "rejected<TAB>why" (it should be a submission
# but its header or folder is wrong), or "fixture".
classify() {
  submissions_json | jq -r --arg path "$1" '
    if any(.submissions[]; .path == $path) then "submission"
    else (first(.rejected[] | select(.path == $path) | "rejected\t" + .message) // "fixture") end'
}

# changed_submissions BASE HEAD: .cu files under solutions/ that HEAD adds or
# modifies (a rename is a deletion and an addition) relative to the merge base
# of BASE and HEAD, one a line, fixtures left out. Deleted files are not
# judged. Rejected files and files outside a problem folder are listed: the
# check reports them.
changed_submissions() {
  local path
  changed_sources "$@" | while IFS= read -r path; do
    [[ -n "$(problem_of "$path")" && "$(classify "$path")" == fixture ]] || echo "$path"
  done
}

# changed_sources BASE HEAD: every .cu file under solutions/ that HEAD adds or
# modifies, fixtures included (needs no judge: the plan job builds none).
changed_sources() {
  local base=$1 head=$2
  git rev-parse --verify --quiet "$base^{commit}" >/dev/null || die "unknown base revision '$base'"
  git rev-parse --verify --quiet "$head^{commit}" >/dev/null || die "unknown head revision '$head'"
  git diff --name-only --no-renames --diff-filter=AM "$base...$head" -- 'solutions/*.cu' | { grep '\.cu$' || true; }
}

# md_cell TEXT: TEXT made safe for one Markdown table cell: one line, HTML
# escaped, pipes escaped, @mentions, links ([text](url), a bare scheme://),
# emphasis and strike-through defused. Text from a submission (its compiler
# errors, its header) must not format, link or ping anything in a comment.
md_cell() {
  printf '%s' "$1" | tr '\n\r\t' '   ' | printable_text | cut -c1-300 |
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/|/\\|/g' \
        -e 's/@/\&#64;/g' -e 's/`/\&#96;/g' -e 's/\[/\&#91;/g' -e 's/\]/\&#93;/g' \
        -e 's/\*/\&#42;/g' -e 's/~/\&#126;/g' -e 's,://,:\&#47;\&#47;,g'
}

# md_code TEXT: TEXT in a fenced code block whose fence is longer than any
# run of backticks inside it, so the text cannot close the block early.
md_code() {
  local text=$1 fence='```' run
  run=$(printf '%s' "$text" | grep -o '`\+' | awk '{ if (length($0) > max) max = length($0) } END { print max + 0 }')
  while ((${#fence} <= run)); do fence+='`'; done
  printf '%s\n%s\n%s\n' "$fence" "$(printf '%s' "$text" | printable_text | sed 's/@/@\xe2\x80\x8b/g')" "$fence"
}
