#!/bin/sh
# The NUMA node count: status asks the numa-nodes program (libnuma) and
# prints what it says, or "unknown" when it cannot be run or prints anything
# but a count. The program runs as uid and gid 65534 (nobody) with no
# capabilities, no environment and no file descriptor but 0-2, and only
# when it and its directory belong to root and nobody else may write them
# (issue 11, finding 7).
# Only status and the recovery of a lost baseline ask: prolog, epilog and
# check never run it, and the helper does not link libnuma, whose
# constructor would cost every prolog and epilog (docs/performance.md).
# Usage: nodes.sh HELPER_TEST_BIN HELPER_BIN NODES_BIN   (as root)
set -u
test_bin=$1 real_bin=$2 nodes_bin=$(realpath "$3") # numa-nodes is run by absolute path only
fail() { echo "nodes: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
dir=$(mktemp -d /tmp/nb-nodes.XXXXXX) || fail "mktemp"
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
mkdir -m 755 "$dir/st"
mkdir -m 1777 "$dir/log" # where the fakes, run as nobody, write
echo 1 >"$dir/sysctl"
# numa-nodes runs as nobody, who may not reach the build tree (a checkout
# under a mode 0700 directory): a root-owned copy here, as installed.
cp "$nodes_bin" "$dir/numa-nodes" && chmod 755 "$dir/numa-nodes" || fail "cannot copy $nodes_bin"
nodes_bin=$dir/numa-nodes
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$dir/st"

# fake NAME BODY: a stand-in for numa-nodes that records each run
fake() {
	printf '#!/bin/sh\necho run >>%s/log/%s.runs\n%s\n' "$dir" "$1" "$2" >"$dir/$1"
	chmod 755 "$dir/$1"
}
runs() { [ -f "$dir/log/$1.runs" ] && wc -l <"$dir/log/$1.runs" || echo 0; }
status_nodes() { "$test_bin" status 2>"$dir/err" | awk '$1 == "numa" && $2 == "nodes:" { print $3 }'; }
json_nodes() { "$test_bin" status --json 2>/dev/null | sed -n 's/.*"numa_nodes":\([^,]*\),.*/\1/p'; }

# 1. the real program: libnuma's count, at least one node
want=$("$nodes_bin") || fail "$nodes_bin failed"
[ "$want" -ge 1 ] 2>/dev/null || fail "$nodes_bin printed '$want'"
got=$(NB_TEST_NODES=$nodes_bin status_nodes)
[ "$got" = "$want" ] || fail "status says $got nodes, numa-nodes $want"
got=$(NB_TEST_NODES=$nodes_bin json_nodes)
[ "$got" = "$want" ] || fail "status --json says $got nodes, numa-nodes $want"
echo "nodes: status reports libnuma's $want node(s), in text and JSON"

# 2. status prints what the program says
fake four 'echo 4'
[ "$(NB_TEST_NODES=$dir/four status_nodes)" = 4 ] || fail "status ignored a count of 4"
[ "$(NB_TEST_NODES=$dir/four json_nodes)" = 4 ] || fail "status --json ignored a count of 4"
# also when started by a parent that ignores SIGCHLD
got=$(NB_TEST_NODES=$dir/four perl -e '$SIG{CHLD} = "IGNORE"; exec @ARGV or die' \
	"$test_bin" status 2>&1 | awk '$1 == "numa" && $2 == "nodes:" { print $3 }')
[ "$got" = 4 ] || fail "with SIGCHLD ignored, status says '$got' nodes, want 4"

# 3. anything but a count is "unknown" (null in JSON) with a warning, exit 0
check_unknown() { # NAME
	out=$(NB_TEST_NODES=$dir/$1 status_nodes); rc=$?
	[ "$rc" -eq 0 ] || fail "$1: status exited $rc"
	[ "$out" = unknown ] || fail "$1: status says '$out', want unknown"
	grep -q "numa nodes: .*$1" "$dir/err" || fail "$1: no warning naming the program: $(cat "$dir/err")"
	[ "$(NB_TEST_NODES=$dir/$1 json_nodes)" = null ] || fail "$1: JSON numa_nodes is not null"
}
fake zero 'echo 0'
fake word 'echo four'
fake empty ':'
fake space 'echo "4 "'
fake lead 'echo 04'
fake neg 'echo -1'
fake two_lines 'echo 4; echo 4'
fake huge 'echo 99999999999999999999'
fake no_newline 'printf 4'
fake long 'printf "%040d\\n" 4'
fake fails 'echo 4; exit 1'
fake killed 'echo 4; kill -9 $$'
for f in zero word empty space lead neg two_lines huge no_newline long fails killed; do
	check_unknown "$f"
done
check_unknown missing
echo "nodes: junk, a failure and a missing program all give 'unknown' with a warning"

# 4. the program runs as nobody, with no capabilities, an empty environment
# and none of the helper's file descriptors, even one it inherited (the
# shell keeps the script it runs open: that one is the fake's own)
log=$dir/log
fake spy "grep -E '^(CapEff|CapPrm|CapBnd|CapAmb|NoNewPrivs):' /proc/\$\$/status >$log/spy.caps
tr '\\0' '\\n' </proc/\$\$/environ >$log/spy.env
echo \$(id -u) \$(id -g) \$(id -G) >$log/spy.id
for f in /proc/\$\$/fd/*; do [ \${f##*/} -gt 2 ] && readlink \$f; done | grep -vx '$dir/spy' >$log/spy.fds
echo 2"
[ "$(NB_TEST_NODES=$dir/spy status_nodes 7</etc/hostname)" = 2 ] || fail "spy: status did not print 2"
for k in CapEff CapPrm CapBnd CapAmb; do
	v=$(awk -v k="$k:" '$1 == k { print $2 }' "$log/spy.caps")
	[ "$v" = 0000000000000000 ] || fail "numa-nodes ran with $k $v"
done
grep -q '^NoNewPrivs:[[:space:]]*1$' "$log/spy.caps" || fail "numa-nodes ran without no_new_privs"
[ ! -s "$log/spy.env" ] || fail "numa-nodes got an environment: $(cat "$log/spy.env")"
[ "$(cat "$log/spy.id")" = "65534 65534 65534" ] || fail "numa-nodes ran as uid gid groups $(cat "$log/spy.id")"
[ ! -s "$log/spy.fds" ] || fail "numa-nodes inherited descriptors: $(cat "$log/spy.fds")"
echo "nodes: numa-nodes runs as uid/gid 65534 with no capabilities, no_new_privs, no environment and no inherited descriptor"

# 4b. a program root does not own, or that others could change, is not run
fake writable 'echo 4'
chmod 775 "$dir/writable"
fake foreign 'echo 4'
chown 65534 "$dir/foreign"
fake opendir 'echo 4'
mv "$dir/opendir" "$log/opendir"
ln -s "$dir/four" "$dir/link"
untrusted() { # PATH WHY
	out=$(NB_TEST_NODES=$1 status_nodes)
	[ "$out" = unknown ] || fail "$1: status says '$out', want unknown"
	grep -q "numa nodes: $1 is $2: not run" "$dir/err" || fail "$1: warning: $(cat "$dir/err")"
}
untrusted "$dir/writable" "writable by group or others"
untrusted "$dir/foreign" "not owned by root"
untrusted "$log/opendir" "in a directory not owned by root or writable by group or others"
untrusted "$dir/link" "not a regular file"
[ "$(runs writable)$(runs foreign)$(runs opendir)" = 000 ] || fail "an untrusted numa-nodes was run"
echo "nodes: a group-writable, foreign-owned, symlinked numa-nodes or one in a world-writable directory is not run"

# 5. prolog, epilog and check never run it
fake two 'echo 2'
export NB_TEST_NODES="$dir/two"
"$test_bin" prolog --job 11 --value 0 || fail "prolog"
"$test_bin" check >/dev/null || fail "check"
"$test_bin" epilog --job 11 || fail "epilog"
[ "$(runs two)" = 0 ] || fail "prolog, epilog or check ran numa-nodes"
echo "nodes: prolog, check and epilog do not run numa-nodes"

# 6. records that lost their baseline get the boot default from the count
lost() { # NODES-FAKE WANT-BASELINE
	NB_TEST_NODES=$dir/$1 "$test_bin" prolog --job 12 --value 0 || fail "prolog"
	rm "$dir/st/baseline"
	before=$(runs "$1")
	NB_TEST_NODES=$dir/$1 "$test_bin" check >/dev/null 2>&1
	[ "$(runs "$1")" -eq $((before + 1)) ] || fail "$1: the recovery did not ask numa-nodes"
	grep -qx "value $2" "$dir/st/baseline" || fail "$1: baseline $(cat "$dir/st/baseline"), want $2"
	NB_TEST_NODES=$dir/$1 "$test_bin" epilog --job 12 || fail "epilog"
	[ "$(cat "$dir/sysctl")" = "$2" ] || fail "$1: epilog restored $(cat "$dir/sysctl"), want $2"
	echo 1 >"$dir/sysctl"
}
fake one 'echo 1'
lost two 1
lost one 0
lost word 0
echo "nodes: a lost baseline becomes 1 on two nodes, 0 on one or when the count is unknown"

# 7. neither build links libnuma
for b in "$test_bin" "$real_bin"; do
	if nm "$b" | grep -qw numa_init; then fail "$b links libnuma"; fi
done
echo "nodes: the helper does not link libnuma"
echo "nodes: OK"
