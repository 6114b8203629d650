# Shared by the shell tests (source it): a temporary folder removed at exit, and the tally.
#   ok / bad MESSAGE   count a check that held / failed (bad prints FAIL: MESSAGE)
#   finish             prints the tally; the script's exit status is 0 only with no failure
# Sets $tmp. A test that sets its own EXIT trap must remove $tmp itself.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
finish() {
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
