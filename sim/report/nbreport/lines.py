# SPDX-License-Identifier: GPL-2.0-or-later
"""One line of the headline: its topic, text, colour on the page and
details (headline.py builds them; machine.py and energy.py add theirs)."""

from dataclasses import dataclass, field


@dataclass
class Line:
    topic: str                 # "mechanism", "run time", "machine", ...
    text: str
    status: str = "ok"         # "ok", "warn", "bad" or "neutral" (not
                               # measured, not applicable): the colour
    strong: str = ""           # a leading word to stress ("inconclusive")
    detail: list = field(default_factory=list)
