#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Fault injection at every failpoint of the helper. Each
# scenario is first traced (NB_TEST_FAILPOINT=trace lists every step the
# helper passes); then, for every one of those steps, the helper is
# SIGKILLed there and the test shows that the next runs converge: the right
# value while jobs remain, the exact baseline and an empty state directory
# at the end. A killed prolog counts as failed: until its last step (the
# commit) nothing of its request may ever be applied, and a baseline it
# left behind may not outlive it.
# Usage: faults.sh HELPER_TEST_BIN   (as root)
set -u
bin=$1
fail() { echo "faults: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
base=/tmp; [ -w /dev/shm ] && base=/dev/shm
dir=$(mktemp -d "$base/nb-faults.XXXXXX") || fail "mktemp"
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$dir/st"
unset NB_TEST_FAILPOINT
kills=0

fresh() { rm -rf "$dir/st"; mkdir -m 755 "$dir/st"; echo 4 >"$dir/sysctl"; }
value_is() { [ "$(cat "$dir/sysctl")" = "$1" ] || fail "$ctx: value $(cat "$dir/sysctl"), want $1"; }
ok() { # WANT-EXIT ARGS...
	want=$1; shift
	"$bin" "$@" >/dev/null 2>&1; rc=$?
	[ "$rc" -eq "$want" ] || fail "$ctx: '$*' exited $rc, want $want"
}
clean() { # [BASELINE]
	value_is "${1:-4}"
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
# The first prolog killed, then an administrator sets 1: a baseline the
# killed prolog left is not reused, check sees no drift on the idle node,
# and the 1 stays. (Killed after its commit, the last step, job 1 holds 0
# as if it had exited 0, and its epilog restores 4.)
setup_stale() { :; }
recover_stale() {
	echo 1 >"$dir/sysctl"
	if [ "$p" = commit-renamed ]; then
		ok 1 check; ok 0 epilog --job 1; clean 4; return
	fi
	ok 0 check
	ok 0 prolog --job 2 --value 0; value_is 0
	ok 0 epilog --job 1; ok 0 epilog --job 2; clean 1
}
# The first prolog killed and nothing else happens: whatever it wrote is
# undone by job 1's own epilog (Slurm runs it after a failed prolog).
setup_alone() { :; }
recover_alone() { ok 0 epilog --job 1; clean; }
# Job 1 holds 0; job 2's latest prolog for 1 is killed: job 1's epilog
# brings back the baseline, never job 2's request (only a prolog killed
# after its commit, the last step, holds like one that succeeded).
setup_unfinished() { ok 0 prolog --job 1 --value 0; }
recover_unfinished() {
	ok 0 epilog --job 1
	case $p in
	commit-renamed) value_is 1 ;;
	*) value_is 4; ok 0 check ;;
	esac
	ok 0 epilog --job 2; clean
}

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
scenario stale prolog --job 1 --value 0
scenario alone prolog --job 1 --value 0
scenario unfinished prolog --job 2 --value 1 --conflict latest
echo "faults: $kills kills, all converged: OK"
