#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What each subcommand may change, as numa-balancing-helper(8) says it in
# "WHAT EACH COMMAND MAY CHANGE", against what it does:
# every command that writes makes the removals of recovery (a stale
# temporary file and a corrupt record go) and needs a writable state
# directory; status and check change nothing at all and work on a
# read-only state directory. No command rewrites a job's record: it stays
# byte for byte as the prolog wrote it (version 3, no counters) until the
# job's epilog or reset removes it. The epilog's log line names the request
# and the value change, and nothing else. A behaviour the page leaves out,
# or a claim the helper breaks, fails.
# Usage: changes.sh HELPER_TEST_BIN MAN_PAGE   (as root)
set -u
bin=$1 page=$2
fail() { echo "changes: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
dir=$(mktemp -d /tmp/nb-changes.XXXXXX) || fail "mktemp"
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
st=$dir/st
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$st"
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
	*) echo "$1" ;;
	esac
}
# Job 1 holds 0 over baseline 4, the kernel drifted to 2, and recovery has
# a temporary file and a corrupt record to remove. job.1 as the prolog
# wrote it is kept aside.
setup() {
	rm -rf "$st"; mkdir -m 755 "$st"; echo 4 >"$dir/sysctl"
	"$bin" prolog --job 1 --value 0 >/dev/null 2>&1 || fail "setup: prolog"
	cp "$st/job.1" "$dir/job.1.prolog"
	echo 2 >"$dir/sysctl"
	echo partial >"$st/.tmp.job.7"
	echo corrupt >"$st/job.8"
}

says "$section" "removals of recovery" || fail "the page does not say which commands make the removals of recovery"
says "$section" "writable state directory" || fail "the page does not say which commands need a writable state directory"
says "$section" "only look" || fail "the page does not say which commands only look"
for c in prolog epilog reset reconcile status check; do
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
	case $c in
	epilog|reset)
		[ ! -e "$st/job.1" ] || fail "$c left job.1" ;;
	*)
		cmp -s "$st/job.1" "$dir/job.1.prolog" || fail "$c rewrote job.1: $(cat "$st/job.1")" ;;
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

# The record the prolog writes: version 3, the request and nothing kept
# of the node's or the job's activity.
setup
keys=$(cut -d' ' -f1 "$st/job.1" | tr '\n' ' ')
[ "$keys" = "numa-balancing-job job value conflict honoured yield seq started boot_id " ] ||
	fail "job.1 is not a version 3 record without counters: $(cat "$st/job.1")"
head -n 1 "$st/job.1" | grep -qx 'numa-balancing-job 3' || fail "job.1's header: $(head -n 1 "$st/job.1")"
echo "changes: the prolog writes a version 3 record without counters; no command but the job's epilog and reset touches it"

# The epilog's line (stderr with --script) names the request, how long it
# held, and the value change, and ends there.
setup
err=$("$bin" epilog --job 1 --script 2>&1 >/dev/null) || fail "epilog --job 1 --script failed: $err"
line=$(echo "$err" | grep -Ex '[a-z-]+: job 1 epilog: request 0 honoured for [0-9]+ s; kernel\.numa_balancing 2 -> 4 \(baseline\)') ||
	fail "no epilog line naming the request and the value change, and only those: $err"
echo "changes: epilog: $line"

# step-end is gone: a usage error that changes nothing, and the page has
# no entry for it.
setup
"$bin" step-end --job 1 >/dev/null 2>&1; rc=$?
[ "$rc" -eq 2 ] || fail "step-end --job 1 exited $rc, want 2 (no such command)"
[ "$(cat "$dir/sysctl")" = 2 ] && [ -e "$st/.tmp.job.7" ] && [ -e "$st/job.8" ] &&
	cmp -s "$st/job.1" "$dir/job.1.prolog" || fail "step-end, no longer a command, changed something"
[ -z "$(entry step-end)" ] || fail "the page still says what step-end may change"
echo "changes: step-end is refused as usage (exit 2) and changes nothing; the page has no entry for it"

# A read-only state directory: every command that writes fails (exit 5);
# status and check work (check reports the drift: 1).
for c in prolog epilog reset reconcile status check; do
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
