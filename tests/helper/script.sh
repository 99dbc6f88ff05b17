#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The helper as a Slurm Prolog=/Epilog= program (--script) never fails for
# what a user's request causes, and every non-zero exit says why on stderr:
#  1. a conflict (exit 3 without --script, with its reason on stderr; 0
#     with --script), hostile values and 0-tasks from the environment;
#  2. a node whose sysctl cannot be written (mode 0444: the helper keeps no
#     CAP_DAC_OVERRIDE, EACCES as root; a read-only bind mount, EROFS; no
#     sysctl at all): the prolog changes nothing (4, or 0 with --script),
#     an epilog with nothing to act on exits 0 without write access, one
#     that must restore exits 4 even with --script and keeps the record;
#  3. no CAP_SYS_ADMIN (a container): 4 (unsupported), not 5;
#  4. stderr a pipe nobody reads: the helper is not killed by SIGPIPE;
#  5. usage errors and a broken state directory: non-zero with a reason.
# Usage: script.sh HELPER_TEST_BIN   (as root)
set -u
bin=$1
fail() { echo "script: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
base=/tmp; [ -w /dev/shm ] && base=/dev/shm
dir=$(mktemp -d "$base/nb-script.XXXXXX") || fail "mktemp"
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
st=$dir/st
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$st"
unset NB_TEST_FAILPOINT SLURM_JOB_ID SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing
opt=SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing

fresh() { rm -rf "$st"; mkdir -m 755 "$st"; chmod 644 "$dir/sysctl" 2>/dev/null; echo "$1" >"$dir/sysctl"; }
value_is() { [ "$(cat "$dir/sysctl")" = "$1" ] || fail "$ctx: value $(cat "$dir/sysctl"), want $1"; }
records() { find "$st" -mindepth 1 \( -name 'job.*' -o -name 'pending.*' -o -name 'done.*' \) -printf '%f ' | sort; }
# run WANT-EXIT STDERR-PATTERN COMMAND...: the exit code, and stderr
# matching the pattern (empty: anything).
run() {
	want=$1 pat=$2; shift 2
	err=$("$@" 2>&1 >/dev/null); rc=$?
	[ "$rc" -eq "$want" ] || fail "$ctx: '$*' exited $rc, want $want ($err)"
	[ "$rc" -eq 0 ] || [ -n "$err" ] || fail "$ctx: '$*' exited $rc with nothing on stderr"
	[ -z "$pat" ] || echo "$err" | grep -q -- "$pat" || fail "$ctx: '$*': stderr '$err' lacks '$pat'"
}
h() { "$bin" "$@"; }

# 1. conflicts, hostile values, 0-tasks
for conflict in keep latest; do
	ctx="conflict $conflict"; fresh 1
	run 0 "" h prolog --job 1 --value 0 --conflict "$conflict" --script
	if [ "$conflict" = keep ]; then
		run 3 "job 2 prolog: request 1 (keep) not honoured" h prolog --job 2 --value 1
		run 0 "job 3 prolog: request 1 (keep) not honoured" h prolog --job 3 --value 1 --script
		run 0 "job 3 prolog again: request 1 not honoured" h prolog --job 3 --value 1 --script
		value_is 0
	else
		run 0 "request 1 (latest) honoured" h prolog --job 2 --value 1 --conflict latest --script
		value_is 1
	fi
	for j in 1 2 3; do run 0 "" h epilog --job "$j" --script; done
	value_is 1; [ -z "$(records)" ] || fail "$ctx: left $(records)"
done
ctx="environment"; fresh 1
for v in 2 '0 ' '1;reboot' '0-task' ''; do
	SLURM_JOB_ID=4 run 0 "ignoring $opt" env "$opt=$v" "$bin" prolog --script --off both
done
SLURM_JOB_ID=4 run 0 "request 0-tasks is met by the tasks' memory policy alone" \
	env "$opt=0-tasks" "$bin" prolog --script --off both
SLURM_JOB_ID=4 run 0 "request 0 (--off tasks) is met" env "$opt=0" "$bin" prolog --script --off tasks
SLURM_JOB_ID=4 run 0 "ignoring $opt='0-tasks' (not allowed here); no request" \
	env "$opt=0-tasks" "$bin" prolog --script --allow 1
value_is 1; [ -z "$(records)" ] || fail "$ctx: left $(records)"
SLURM_JOB_ID=4 run 0 "job 4 prolog: request 0 (yields) honoured" env "$opt=0" "$bin" prolog --script --off both
value_is 0
SLURM_JOB_ID=4 run 0 "job 4 epilog: request 0 (yields) honoured for [0-9]* s; kernel\.numa_balancing 0 -> 1 (baseline)$" \
	"$bin" epilog --script
value_is 1
echo "script: conflicts, hostile values and 0-tasks: exit 0 with --script, reasons on stderr"

# 2. a sysctl that cannot be written: mode 0444 (EACCES), a read-only bind
# mount (EROFS, in a mount namespace of its own), or none at all
ro_mount() { # COMMAND...: run with the sysctl's directory bind-mounted read-only
	unshare -m --propagation private sh -c 'mount --bind "$1" "$1" &&
		mount -o remount,bind,ro "$1" && shift && exec "$@"' ro "$dir/ro" "$@"
}
mkdir -m 755 "$dir/ro"
for how in mode mount none; do
	ctx="read-only sysctl ($how)"; fresh 1
	wrap=""
	case $how in
	mode) lock() { chmod 444 "$dir/sysctl"; }; unlock() { chmod 644 "$dir/sysctl"; } ;;
	mount) NB_TEST_SYSCTL=$dir/ro/sysctl; echo 1 >"$NB_TEST_SYSCTL"; lock() { wrap=ro_mount; }
	       unlock() { wrap=""; } ;;
	none) lock() { NB_TEST_SYSCTL=$dir/absent; }; unlock() { NB_TEST_SYSCTL=$dir/sysctl; } ;;
	esac
	export NB_TEST_SYSCTL
	sysctl=$NB_TEST_SYSCTL
	lock
	run 4 "cannot be set on this node" $wrap "$bin" prolog --job 1 --value 0
	run 0 "cannot be set on this node" $wrap "$bin" prolog --job 1 --value 0 --script
	[ -z "$(records)" ] || fail "$ctx: the prolog left $(records)"
	run 0 "" $wrap "$bin" epilog --job 1
	run 0 "" $wrap "$bin" epilog --job 1 --script
	unlock; [ "$how" = none ] || [ "$(cat "$sysctl")" = 1 ] || fail "$ctx: the value changed"
	[ "$how" = none ] && continue
	run 0 "" h prolog --job 2 --value 0
	lock
	run 0 "job 2 ended: kernel.numa_balancing not put back" $wrap "$bin" epilog --job 2 --script
	[ "$(records)" = "done.2 " ] || fail "$ctx: a failed restore was not kept as owed ($(records))"
	out=$($wrap "$bin" check 2>/dev/null); rc=$?
	[ "$rc" -eq 1 ] && echo "$out" | grep -q "job 2 ended, but the value is not put back" ||
		fail "$ctx: check exited $rc with '$out' while job 2's restore is owed"
	unlock
	run 0 "" h epilog --job 3 --script
	[ "$(cat "$sysctl")" = 1 ] || fail "$ctx: not restored by the next epilog"
	[ -z "$(records)" ] || fail "$ctx: left $(records)"
done
NB_TEST_SYSCTL=$dir/sysctl
echo "script: read-only or missing sysctl: prolog 4 (0 with --script), epilog with nothing to act on 0, a due restore owed (0 with --script, check 1) and made by the next epilog"

# 3. no CAP_SYS_ADMIN (a container without it): unsupported, not broken
ctx="no CAP_SYS_ADMIN"; fresh 1
nocap() { setpriv --bounding-set -sys_admin "$@"; }
run 4 "CAP_SYS_ADMIN is not permitted" nocap "$bin" prolog --job 1 --value 0
run 0 "CAP_SYS_ADMIN is not permitted" nocap "$bin" prolog --job 1 --value 0 --script
run 0 "" nocap "$bin" epilog --job 1 --script
run 0 "" nocap "$bin" status
run 0 "" nocap "$bin" check
value_is 1; [ -z "$(records)" ] || fail "$ctx: left $(records)"
echo "script: without CAP_SYS_ADMIN: prolog 4 (0 with --script), epilog, status and check 0"

# 4. stderr a pipe nobody reads: warnings give EPIPE, not a SIGPIPE death
ctx="SIGPIPE"; fresh 1
closed_stderr() { # WANT-EXIT COMMAND...: run with stderr a pipe whose reader is gone
	want=$1; shift
	rc=$(/usr/bin/python3 - "$@" <<'EOF'
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
print(subprocess.run(sys.argv[1:], stderr=w).returncode)
EOF
)
	[ "$rc" = "$want" ] || fail "$ctx: '$*' with a closed stderr exited $rc, want $want"
}
closed_stderr 0 env SLURM_JOB_ID=1 "$opt=2" "$bin" prolog
run 0 "" h prolog --job 1 --value 0
closed_stderr 3 "$bin" prolog --job 2 --value 1
run 0 "" h epilog --job 1; run 0 "" h epilog --job 2; value_is 1
echo "script: stderr without a reader: an ignored value exits 0, a conflict 3, not killed by SIGPIPE"

# 5. every other non-zero exit says why on stderr
ctx="reasons"; fresh 1
run 2 "unknown option" h prolog --job 1 --value 0 --bogus
run 2 "invalid --off" h prolog --job 1 --value 0 --off all
run 2 "no job id" h epilog --script
chmod 777 "$st"
run 5 "group or world writable" h prolog --job 1 --value 0 --script
run 5 "group or world writable" h epilog --job 1 --script
chmod 755 "$st"
echo "script: usage errors (2) and a broken state directory (5) say why on stderr"
echo "script: OK"
