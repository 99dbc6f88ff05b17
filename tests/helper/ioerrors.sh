#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# State that cannot be read is never lost, with the
# errors injected for real: a descriptor limit (prlimit), files and
# directories the helper may not read (it keeps no CAP_DAC_OVERRIDE, so
# file modes bind it as root), EIO and ENOMEM from the test build's
# failpoint, and a full tmpfs state directory (ENOSPC, finding 3). In
# every case each subcommand exits 5 with one line, the kernel value and
# every state file stay as they were, and once the fault is gone the
# epilogs restore the baseline exactly.
# Usage: ioerrors.sh HELPER_TEST_BIN   (as root)
set -u
bin=$1
fail() { echo "ioerrors: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
base=/tmp; [ -w /dev/shm ] && base=/dev/shm
dir=$(mktemp -d "$base/nb-ioerrors.XXXXXX") || fail "mktemp"
trap 'chmod -R u+rwX "$dir" 2>/dev/null; rm -rf "$dir"' EXIT
chmod 755 "$dir"
st=$dir/st
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$st"
unset NB_TEST_FAILPOINT
faults=0

value_is() { [ "$(cat "$dir/sysctl")" = "$1" ] || fail "$ctx: value $(cat "$dir/sysctl"), want $1"; }
ok() { "$bin" "$@" >/dev/null 2>&1 || fail "$ctx: '$*' exited $?"; }
# Names, modes and contents of the state files.
snapshot() { (cd "$st" && for f in .[!.]* *; do [ -e "$f" ] && stat -c '%n %a' "$f" && cat "$f"; done) 2>/dev/null | md5sum; }

# Baseline 4 (neither request gives it), jobs 1 and 2 holding 0.
setup() {
	rm -rf "$st"; mkdir -m 755 "$st"; echo 4 >"$dir/sysctl"
	ctx=setup; ok prolog --job 1 --value 0; ok prolog --job 2 --value 0; value_is 0
}
finish() { # the fault is gone: both epilogs restore 4, nothing is left
	ok epilog --job 1; value_is 0; ok epilog --job 2; value_is 4
	left=$(find "$st" -mindepth 1 ! -name lock -printf '%f ')
	[ -z "$left" ] || fail "$ctx: left in the state directory: $left"
}
# refused WRAPPER...: every subcommand, run through WRAPPER, exits 5 with
# one line on stderr and changes nothing.
refused() {
	before=$(snapshot)
	for cmd in "prolog --job 3 --value 1 --conflict latest" "epilog --job 8" status check reset; do
		# shellcheck disable=SC2086 # words on purpose
		err=$("$@" "$bin" $cmd 2>&1 >/dev/null); rc=$?
		[ "$rc" -eq 5 ] || fail "$ctx: '$cmd' exited $rc, want 5 ($err)"
		[ -n "$err" ] || fail "$ctx: '$cmd' exited 5 without a message"
		value_is 0
		[ "$(snapshot)" = "$before" ] || fail "$ctx: '$cmd' changed the state directory"
		faults=$((faults + 1))
	done
	echo "ioerrors: $ctx: every subcommand exits 5, nothing changed: $(echo "$err" | tail -n 1)"
}
plain() { "$@"; }
failpoint() { fp=$1; shift; NB_TEST_FAILPOINT=$fp "$@"; }

# 1. descriptor limits: each limit stops the run at another open
for n in 4 5 6 7; do
	setup; ctx="prlimit --nofile=$n"; refused prlimit --nofile="$n"; finish
done

# 2. unreadable files and directories
for f in job.2 baseline lock .; do
	setup; ctx="mode 000 on $f"; chmod 000 "$st/$f"; refused plain
	chmod "$( [ "$f" = . ] && echo 755 || echo 644)" "$st/$f"; finish
done
setup; ctx="mode 000 on job.2 beside a corrupt job.9"
echo corrupt >"$st/job.9"; chmod 000 "$st/job.2"; refused plain
[ -e "$st/job.9" ] || fail "$ctx: the corrupt file was removed while job.2 could not be read"
chmod 644 "$st/job.2"; ok check; [ -e "$st/job.9" ] || fail "$ctx: check, which only looks, removed the corrupt file"
ok reconcile; [ ! -e "$st/job.9" ] || fail "$ctx: the corrupt file stayed"; finish

# 3. EIO and ENOMEM while reading (test-only failpoint)
for e in eio enomem; do
	setup; ctx="state-read:$e"; refused failpoint "state-read:$e"; finish
done

# 4. a full tmpfs state directory (a private mount namespace): no record
# fits, so the prolog fails, and it leaves no baseline behind that a later
# job would reuse; a second job's prolog fails and job 1 keeps its value.
NB_TEST_STATE_DIR=$dir/full unshare -m --propagation private sh -eu -c '
	bin=$1 st=$2 sysctl=$3
	mkdir -p "$st"
	mount -t tmpfs -o size=4k,mode=755 nb-full "$st"
	echo 4 >"$sysctl"
	"$bin" prolog --job 1 --value 0 2>/dev/null && exit 11
	[ "$(cat "$sysctl")" = 4 ] || exit 12
	[ -z "$(ls -A "$st" | grep -vx lock)" ] || exit 13
	umount "$st"
	mount -t tmpfs -o size=8k,mode=755 nb-full "$st"
	"$bin" prolog --job 1 --value 0
	"$bin" prolog --job 2 --value 0 2>/dev/null && exit 14
	[ "$(cat "$sysctl")" = 0 ] || exit 15
	[ "$(ls -A "$st" | sort | tr "\n" " ")" = "baseline job.1 lock " ] || exit 16
	"$bin" epilog --job 2
	"$bin" epilog --job 1
	[ "$(cat "$sysctl")" = 4 ] || exit 17
	[ -z "$(ls -A "$st" | grep -vx lock)" ] || exit 18
	umount "$st"
' nb-full "$bin" "$dir/full" "$dir/sysctl" || fail "full tmpfs state directory: step $? failed"
faults=$((faults + 2))
echo "ioerrors: full tmpfs state directory: the prologs exit 5, leave no record and no baseline; job 1 keeps its value"
echo "ioerrors: $faults faults injected, no state lost: OK"
