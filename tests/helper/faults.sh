#!/bin/sh
# Fault injection (issue 2, Must show 3). Each scenario is first traced
# (NB_TEST_FAILPOINT=trace lists every step the helper passes); then, for
# every one of those steps, the helper is SIGKILLed there and the test shows
# that the next runs converge: the right value while jobs remain, the exact
# baseline and an empty state directory at the end.
# Usage: faults.sh HELPER_TEST_BIN   (as root)
set -u
bin=$1
fail() { echo "faults: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
base=/tmp; [ -w /dev/shm ] && base=/dev/shm
dir=$(mktemp -d "$base/nb-faults.XXXXXX") || fail "mktemp"
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$dir/st" NB_TEST_VMSTAT=/proc/vmstat
unset NB_TEST_FAILPOINT
kills=0

fresh() { rm -rf "$dir/st"; mkdir -m 755 "$dir/st"; echo 3 >"$dir/sysctl"; }
value_is() { [ "$(cat "$dir/sysctl")" = "$1" ] || fail "$ctx: value $(cat "$dir/sysctl"), want $1"; }
ok() { # WANT-EXIT ARGS...
	want=$1; shift
	"$bin" "$@" >/dev/null 2>&1; rc=$?
	[ "$rc" -eq "$want" ] || fail "$ctx: '$*' exited $rc, want $want"
}
clean() {
	value_is 3
	left=$(find "$dir/st" -mindepth 1 -maxdepth 1 ! -name lock -printf '%f ')
	[ -z "$left" ] || fail "$ctx: left in the state directory: $left"
}
killed_at() { # POINT ARGS...
	point=$1; shift
	NB_TEST_FAILPOINT=$point "$bin" "$@" >/dev/null 2>&1; rc=$?
	[ "$rc" -eq 137 ] || fail "$ctx: '$*' was not killed at $point (exit $rc)"
	kills=$((kills + 1))
}
points() { # ARGS... : the steps one run passes
	NB_TEST_FAILPOINT=trace "$bin" "$@" 2>&1 >/dev/null | sed -n 's/^failpoint //p' | awk '!seen[$0]++'
}

# Each scenario: SETUP (runs before the killed command), the killed
# command, then RECOVERY (the next runs and the values they must give).
setup_first() { :; }
setup_second() { ok 0 prolog --job 1 --value 0; }
setup_last() { ok 0 prolog --job 1 --value 0; }
setup_other() { ok 0 prolog --job 1 --value 0; ok 0 prolog --job 2 --value 0; }
setup_reset() { ok 0 prolog --job 1 --value 0; ok 3 prolog --job 2 --value 1; }

# First prolog killed; another job's prolog and check converge; both end.
recover_first() {
	ok 0 prolog --job 2 --value 0; value_is 0; ok 0 check
	ok 0 epilog --job 1; value_is 0
	ok 0 epilog --job 2; clean
}
# A second prolog (latest) killed: job 1 holds or job 2 took over; the
# epilog of job 2 gives job 1's value back, then the baseline.
recover_second() {
	"$bin" status --json 2>/dev/null | /usr/bin/python3 -c 'import json, sys; json.load(sys.stdin)' ||
		fail "$ctx: status --json is not valid JSON"
	ok 0 epilog --job 2; value_is 0; ok 0 check
	ok 0 epilog --job 1; clean
}
# The last epilog killed: a new latest job applies, and ends at baseline.
recover_last() {
	ok 0 prolog --job 3 --value 1 --conflict latest; value_is 1
	ok 0 epilog --job 3
	ok 0 epilog --job 1; clean
}
# Another job's epilog killed: retrying it keeps job 1's value.
recover_other() {
	ok 0 epilog --job 2; value_is 0; ok 0 check
	ok 0 epilog --job 1; clean
}
recover_reset() { ok 0 reset; clean; }

scenario() { # NAME ARGS-OF-THE-KILLED-COMMAND...
	name=$1; shift
	fresh; ctx="$name (trace)"; setup_$name
	list=$(points "$@")
	[ -n "$list" ] || fail "$name: no failpoints traced"
	for p in $list; do
		ctx="$name, killed at $p"
		fresh; setup_$name
		killed_at "$p" "$@"
		recover_$name
	done
	echo "faults: $name ($*): killed at" $list "- converged each time"
}

scenario first prolog --job 1 --value 0
scenario second prolog --job 2 --value 1 --conflict latest
scenario last epilog --job 1
scenario other epilog --job 2
scenario reset reset
echo "faults: $kills kills, all converged: OK"
