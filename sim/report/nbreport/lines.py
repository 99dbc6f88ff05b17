# SPDX-License-Identifier: GPL-2.0-or-later
"""One line of the headline: its topic, text, colour on the page and
details (headline.py builds them; machine.py and energy.py add theirs)."""

from dataclasses import dataclass, field


@dataclass
class Line:
    topic: str                 # "machine", "in force", "effect", ...
    text: str
    status: str = "ok"         # "ok", "warn" or "bad": the page's colour
    strong: str = ""           # a leading word to stress ("inconclusive")
    detail: list = field(default_factory=list)
