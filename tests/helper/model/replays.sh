#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Sequences the model once shrank a violation to, replayed against this
# helper: each must now run without a violation. One per line in
# replays.txt ('#' starts a comment line).
# Usage: replays.sh MODEL_BIN HELPER_BIN
set -eu
model=$1
helper=$2
list=$(dirname "$0")/replays.txt
n=0
status=0
while IFS= read -r seq; do
	case $seq in '' | '#'*) continue ;; esac
	n=$((n + 1))
	if ! "$model" "$helper" --replay "$seq" >/dev/null 2>&1; then
		echo "replays.sh: FAIL: a violation again: $model $helper --replay '$seq'" >&2
		status=1
	fi
done <"$list"
[ "$n" -gt 0 ] || { echo "replays.sh: no sequence in $list" >&2; exit 2; }
[ "$status" -eq 0 ] && echo "replays.sh: $n sequences, no violation"
exit "$status"
