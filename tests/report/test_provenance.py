# SPDX-License-Identifier: GPL-2.0-or-later
"""The provenance facts of nbreport/provenance.py from the keys nbsim
writes (thp_enabled, thp_defrag, anon_huge_pages_bytes per rank, null
where a rank could not read it) and from a --command run's "thp"."""

import unittest

from nbreport import provenance


class Run:
    def __init__(self, summary):
        self.summary = summary


def fact(summary, name):
    base = {"hostnames": ["n1"], "numa_nodes": 2}
    return dict(provenance.facts(Run({**base, **summary})))[name]


class ProvenanceTest(unittest.TestCase):
    def test_nbsim_thp_keys(self):
        s = {"huge_pages": "never", "thp_enabled": "always",
             "thp_defrag": "madvise"}
        self.assertEqual(fact(s, "huge pages"), "never, THP always/madvise")

    def test_command_run_thp(self):
        s = {"thp": {"enabled": "madvise", "defrag": "never"}}
        self.assertEqual(fact(s, "huge pages"), "THP madvise/never")

    def test_absent_thp_is_unknown(self):
        self.assertEqual(fact({}, "huge pages"), "THP unknown")

    def test_anon_huge_pages_per_rank(self):
        s = {"anon_huge_pages_bytes": [None, 4 * 2 ** 20]}
        self.assertEqual(fact(s, "AnonHugePages"), "unknown, 4 MiB")


if __name__ == "__main__":
    unittest.main()
