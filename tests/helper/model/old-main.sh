#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The model test against an older commit's helper, built from
# `git archive REV` in a scratch directory (default 30cafdf, whose epilog
# left the node pinned when its sysctl write failed). It must report:
# replays of that epilog with EPERM, EACCES and EROFS, then a random run
# of the plugin deployment that stops at its first violations, shrunk.
# Exit 0 when every replay and the random run report a violation.
# Usage: old-main.sh MODEL_BIN [REV] [SECONDS]
set -eu
model=$1
rev=${2:-30cafdf}
seconds=${3:-300}
scratch=$(mktemp -d /tmp/nb-model-old.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
helper=$("$(dirname "$0")/../build-rev.sh" "$rev" "$scratch") || exit 2
status=0
for e in EPERM EACCES EROFS; do
	seq="boot 1 plugin; prolog 7 0 keep node; epilog 7 !pwrite64:$e; check; prolog 8 1 keep node; epilog 8; check"
	echo "old-main.sh: $rev: $seq"
	if "$model" "$helper" --replay "$seq"; then
		echo "old-main.sh: $rev: no violation with $e" >&2
		status=1
	fi
done
echo "old-main.sh: $rev: a random run, ${seconds} s at most"
if "$model" "$helper" --seconds "$seconds" --deploy plugin --keep-going 3; then
	echo "old-main.sh: $rev: the random run found no violation" >&2
	status=1
fi
exit "$status"
