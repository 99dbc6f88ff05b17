#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What each subcommand may change, as numa-balancing-helper(8) says it in
# "WHAT EACH COMMAND MAY CHANGE", against what it does:
# every command that writes makes the removals of recovery (a stale
# temporary file and a corrupt record go) and needs a writable state
# directory; step-end never writes the kernel value (prolog, epilog and
# reset do), while it does write the baseline for records that lost
# theirs, and rewrites the job's record with its cgroup's counters; status
# and check change nothing at all and work on a read-only state
# directory. A behaviour the page leaves out, or a claim the helper
# breaks, fails.
# Usage: changes.sh HELPER_TEST_BIN MAN_PAGE   (as root)
set -u
bin=$1 page=$2
fail() { echo "changes: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
dir=$(mktemp -d /tmp/nb-changes.XXXXXX) || fail "mktemp"
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
st=$dir/st
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$st" NB_TEST_VMSTAT=/proc/vmstat \
	NB_TEST_CGROUP_SLICE="$dir/slice"
mkdir -p "$dir/slice/slurmstepd.scope/job_1"
printf 'anon 1\nnuma_pages_migrated 4\nnuma_pte_updates 5\nnuma_hint_faults 6\n' \
	>"$dir/slice/slurmstepd.scope/job_1/memory.stat"
unset NB_TEST_FAILPOINT

# The page's section as one line of text, and a command's entry in it.
section=$(sed -n '/^\.SH WHAT EACH COMMAND MAY CHANGE/,/^\.SH STATE/p' "$page" | tr '\n' ' ')
[ -n "$section" ] || fail "$page has no section WHAT EACH COMMAND MAY CHANGE"
entry() { # COMMAND: the text after its .B/.BR line, to the next .TP or .SH
	sed -n '/^\.SH WHAT EACH COMMAND MAY CHANGE/,/^\.SH STATE/p' "$page" |
		awk -v c="$1" '/^\.(TP|SH)/ { on = 0 } on { print } $1 ~ /^\.BR?$/ && index($0, c) { on = 1 }' |
		tr '\n' ' '
}
says() { case $1 in *"$2"*) return 0 ;; esac; return 1; }

args() { # COMMAND: its arguments in these scenarios
	case $1 in
	prolog) echo "prolog --job 5 --value 0" ;;
	epilog) echo "epilog --job 1" ;;
	step-end) echo "step-end --job 1" ;;
	*) echo "$1" ;;
	esac
}
# Job 1 holds 0 over baseline 4, the kernel drifted to 2, and recovery has
# a temporary file and a corrupt record to remove.
setup() {
	rm -rf "$st"; mkdir -m 755 "$st"; echo 4 >"$dir/sysctl"
	"$bin" prolog --job 1 --value 0 >/dev/null 2>&1 || fail "setup: prolog"
	echo 2 >"$dir/sysctl"
	echo partial >"$st/.tmp.job.7"
	echo corrupt >"$st/job.8"
}

says "$section" "removals of recovery" || fail "the page does not say which commands make the removals of recovery"
says "$section" "writable state directory" || fail "the page does not say which commands need a writable state directory"
says "$section" "only look" || fail "the page does not say which commands only look"
for c in prolog epilog step-end reset status check; do
	text=$(entry "$c")
	[ -n "$text" ] || fail "the page does not say what $c may change"
	setup
	# shellcheck disable=SC2046 # the arguments are words
	"$bin" $(args "$c") >/dev/null 2>&1
	case $c in
	status|check)
		[ -e "$st/.tmp.job.7" ] && [ -e "$st/job.8" ] ||
			fail "$c, which only looks, removed a file"
		says "$text" "nothing in the state directory" || fail "the page's entry for $c says it changes files" ;;
	*)
		[ ! -e "$st/.tmp.job.7" ] && [ ! -e "$st/job.8" ] ||
			fail "$c did not make the removals of recovery the page says it makes" ;;
	esac
	kernel=$(cat "$dir/sysctl")
	if says "$text" "never the kernel value"; then
		[ "$kernel" = 2 ] || fail "$c changed the kernel value ($kernel) where the page says it never does"
	else
		says "$text" "the kernel value" || fail "the page's entry for $c says nothing of the kernel value"
		[ "$kernel" != 2 ] || fail "$c left the drifted kernel value; the page says it writes it"
	fi
	echo "changes: $c: $text"
done

# step-end writes the baseline of records that lost theirs.
setup; rm "$st/baseline"
"$bin" step-end --job 1 >/dev/null 2>&1
[ -e "$st/baseline" ] || fail "step-end wrote no baseline for a record that lost it"
says "$(entry step-end)" "baseline written for records that lost theirs" ||
	fail "step-end writes a baseline, and the page does not say so"

# step-end rewrites the job's record, and only with what the cgroup holds.
setup
"$bin" step-end --job 1 >/dev/null 2>&1 || fail "step-end --job 1 failed"
grep -qx 'cgroup numa_pages_migrated=4 numa_pte_updates=5 numa_hint_faults=6' "$st/job.1" ||
	fail "step-end did not keep the job cgroup's counters in job.1"
says "$(entry step-end)" "rewrites the job's record" ||
	fail "step-end rewrites job.1, and the page does not say so"
echo "changes: step-end kept the job cgroup's counters in job.1"

# A read-only state directory: every command that writes fails (exit 5);
# status and check work (check reports the drift: 1).
for c in prolog epilog step-end reset status check; do
	setup
	# shellcheck disable=SC2046
	unshare -m --propagation private sh -c 'mount --bind -o ro "$1" "$1" && shift && exec "$@"' \
		sh "$st" "$bin" $(args "$c") >/dev/null 2>&1
	rc=$?
	case $c in
	status) want=0 ;; check) want=1 ;; *) want=5 ;;
	esac
	[ "$rc" -eq "$want" ] || fail "$c on a read-only state directory exited $rc, want $want"
done
echo "changes: the commands that write need a writable state directory (exit 5 on a read-only one); status and check do not, as the page says"
echo "changes: OK"
