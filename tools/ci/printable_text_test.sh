#!/bin/bash
# What the CI scripts echo from a submission (paths, the judge's messages)
# reaches the job's log, summary and pull-request comment only escaped: no
# control byte, no line that starts a workflow command (::error, ::add-mask,
# ::stop-commands), no bidirectional override.
set -u
source "${TEST_SRCDIR}/judge/tools/ci/lib/common.sh"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect() {  # expect NAME ACTUAL EXPECTED
  [[ "$2" == "$3" ]] || fail "$1: got $(printf '%q' "$2"), expected $(printf '%q' "$3")"
}
hostile=$(printf 'solutions/p/a\x1b[2Jb.cu\n::error file=x.cu,line=1::forged\n  ::add-mask::tok\rACCEPTED \xe2\x80\xae \xc2\x9b')

expect log "$(log "$hostile" 2>&1)" \
  "$(printf '%s\n' 'leaderboard: solutions/p/a\x1b[2Jb.cu' 'leaderboard: \x3a:error file=x.cu,line=1::forged' \
                   'leaderboard:   \x3a:add-mask::tok\x0dACCEPTED \u202e \u009b')"
expect die "$( (die "$hostile") 2>&1 | head -n 1)" 'leaderboard: error: solutions/p/a\x1b[2Jb.cu'
# (One line: the "::" are no longer at a line's start.)
expect md_cell "$(md_cell "$hostile")" \
  'solutions/p/a\x1b&#91;2Jb.cu ::error file=x.cu,line=1::forged   ::add-mask::tok ACCEPTED \u202e \u009b'
expect md_cell_link "$(md_cell '[Ada](https://evil) *bold* ~~gone~~')" \
  '&#91;Ada&#93;(https:&#47;&#47;evil) &#42;bold&#42; &#126;&#126;gone&#126;&#126;'
code=$(md_code "$hostile")
grep -q $'[\x01-\x08\x0b-\x1f\x7f]' <<<"$code" && fail "md_code kept a control byte: $(printf '%q' "$code")"
grep -qE '^[[:space:]]*::' <<<"$code" && fail "md_code left a line starting a workflow command: $code"
expect plain "$(printf 'a::b std::size_t\tok' | printable_text)" $'a::b std::size_t\tok'
# The zero-width marks, separators and byte order mark printable() escapes.
expect invisible "$(printf 'a\xe2\x80\x8bb\xe2\x80\x8fc\xe2\x80\xa8d\xe2\x80\xa9e\xef\xbb\xbff\xe2\x81\xa0g' | printable_text)" \
  'a\u200bb\u200fc\u2028d\u2029e\ufefff\u2060g'
expect letters "$(printf 'Zo\xc3\xab \xe2\x80\x94 \xe2\x9c\x93' | printable_text)" "$(printf 'Zo\xc3\xab \xe2\x80\x94 \xe2\x9c\x93')"

((failures == 0)) && echo "PASS" || exit 1
