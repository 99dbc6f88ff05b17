# SPDX-License-Identifier: GPL-2.0-or-later
"""The figure a --command run is compared by: its wall time, or with
`numa-balancing-validate --metric REGEX` a number the command printed
(its own simulation time, say). The regex is searched in the command's
standard output (OUTPUT_FILE in the run directory); the last match
counts, by its first capture group, or the whole match without one. A
run where it matches nothing, or matches no number, keeps everything
else and says why it has no figure."""

import os
import re

OUTPUT_FILE = "command-output.txt"


def name(regex):
    """How the report names the figure."""
    return "wall time (s)" if regex is None else f"output /{regex}/"


def _last_match(pattern, text):
    found = None
    for found in pattern.finditer(text):
        pass
    return found


def extract(path, regex):
    """(value, error): the figure a run's output gives, or None and why
    not."""
    try:
        pattern = re.compile(regex)
    except re.error as e:
        return None, f"--metric {regex!r} is no regular expression: {e}"
    try:
        with open(os.path.join(path, OUTPUT_FILE), encoding="utf-8",
                  errors="replace") as f:
            text = f.read()
    except OSError as e:
        return None, f"no command output to search: {e}"
    found = _last_match(pattern, text)
    if found is None:
        return None, f"--metric {regex!r} matches nothing in {OUTPUT_FILE}"
    matched = found.group(1) if pattern.groups else found.group(0)
    try:
        return float(matched), None
    except (TypeError, ValueError):
        return None, (f"--metric {regex!r} matched {matched!r}, which is "
                      "not a number")
