#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The NUMA node count: status counts the node<N> directories of
# /sys/devices/system/node (the kernel's own count of its online nodes, what
# its boot default for kernel.numa_balancing follows), in text and JSON;
# "unknown" (null) with a warning when the directory cannot be read or holds
# no node, 1 without the directory (a kernel without NUMA). The count is
# the boot default of records that lost their baseline (1 with more than
# one node). No second program runs, nothing links libnuma.
# Usage: nodes.sh HELPER_TEST_BIN HELPER_BIN   (as root)
set -u
test_bin=$1 real_bin=$2
fail() { echo "nodes: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
dir=$(mktemp -d /tmp/nb-nodes.XXXXXX) || fail "mktemp"
trap 'chmod -R u+rwx "$dir"; rm -rf "$dir"' EXIT
chmod 755 "$dir"
mkdir -m 755 "$dir/st"
echo 1 >"$dir/sysctl"
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$dir/st"
status_nodes() { "$test_bin" status 2>"$dir/err" | awk '$1 == "numa" && $2 == "nodes:" { print $3 }'; }
json_nodes() { "$test_bin" status --json 2>/dev/null | sed -n 's/.*"numa_nodes":\([^,]*\),.*/\1/p'; }
fake() { # NAME ENTRIES...: a fake node directory
	d=$dir/$1; shift
	mkdir -p "$d"
	for e in "$@"; do
		case $e in */) mkdir "$d/${e%/}" ;; *) echo x >"$d/$e" ;; esac
	done
}

# 1. this machine: what sysfs shows
want=$(find /sys/devices/system/node -maxdepth 1 -type d -regex '.*/node\(0\|[1-9][0-9]*\)' | wc -l)
[ "$want" -ge 1 ] || want=1
[ "$(status_nodes)" = "$want" ] || fail "status says $(status_nodes) nodes, sysfs has $want"
[ "$(json_nodes)" = "$want" ] || fail "status --json says $(json_nodes) nodes, sysfs has $want"
echo "nodes: status reports this machine's $want node(s), in text and JSON"

# 2. only node<N> directories count
fake four node0/ node1/ node2/ node17/ node01/ nodex/ node/ power/ online possible node3
[ "$(NB_TEST_NODE_DIR=$dir/four status_nodes)" = 4 ] || fail "four: $(NB_TEST_NODE_DIR=$dir/four status_nodes)"
[ "$(NB_TEST_NODE_DIR=$dir/four json_nodes)" = 4 ] || fail "four: JSON"
[ "$(NB_TEST_NODE_DIR=$dir/missing status_nodes)" = 1 ] || fail "no directory is not one node"
echo "nodes: node0-2 and node17 count; node01, nodex, node, files do not; no directory is 1"

# 3. a directory without nodes, or one that cannot be read: unknown, warned
unknown() { # DIR WHY
	out=$(NB_TEST_NODE_DIR=$1 status_nodes); rc=$?
	[ "$rc" -eq 0 ] || fail "$1: status exited $rc"
	[ "$out" = unknown ] || fail "$1: status says '$out', want unknown"
	grep -q "numa nodes: $1: $2" "$dir/err" || fail "$1: no warning: $(cat "$dir/err")"
	[ "$(NB_TEST_NODE_DIR=$1 json_nodes)" = null ] || fail "$1: JSON not null"
}
fake empty online
unknown "$dir/empty" "no node<N>"
fake closed node0/
chmod 000 "$dir/closed"
unknown "$dir/closed" "Permission denied"
echo "nodes: no node<N> or an unreadable directory gives 'unknown' (null) with a warning"

# 4. records that lost their baseline get the boot default from the count
lost() { # NODE-DIR WANT-BASELINE
	NB_TEST_NODE_DIR=$1 "$test_bin" prolog --job 12 --value 0 || fail "prolog"
	rm "$dir/st/baseline"
	NB_TEST_NODE_DIR=$1 "$test_bin" reconcile >/dev/null 2>&1
	grep -qx "value $2" "$dir/st/baseline" || fail "$1: baseline $(cat "$dir/st/baseline"), want $2"
	NB_TEST_NODE_DIR=$1 "$test_bin" epilog --job 12 || fail "epilog"
	[ "$(cat "$dir/sysctl")" = "$2" ] || fail "$1: epilog restored $(cat "$dir/sysctl"), want $2"
	echo 1 >"$dir/sysctl"
}
fake one node0/
lost "$dir/four" 1
lost "$dir/one" 0
lost "$dir/empty" 0
echo "nodes: a lost baseline becomes 1 on four nodes, 0 on one or when the count is unknown"

# 5. one binary, no libnuma
for b in "$test_bin" "$real_bin"; do
	if nm "$b" | grep -qw numa_init; then fail "$b links libnuma"; fi
	if strings "$b" | grep -q 'numa-nodes'; then fail "$b still names numa-nodes"; fi
done
echo "nodes: the helper does not link libnuma or run numa-nodes"
echo "nodes: OK"
