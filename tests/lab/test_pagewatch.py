# SPDX-License-Identifier: GPL-2.0-or-later
"""lab/pagewatch, the page-node sampler for programs the project does not
build: its bookkeeping on made-up samples (a page that goes 0 -> 1 -> 0,
one that stays, one the scanner has marked), a real child process on this
host (every resident page found, all on the host's node, none moved) and
its errors on bad input or a process it may not read."""

import errno
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.realpath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.path.join(ROOT, "lab", "pagewatch")


def load():
    loader = importlib.machinery.SourceFileLoader("pagewatch", TOOL)
    spec = importlib.util.spec_from_loader("pagewatch", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


pagewatch = load()
ENOENT = -errno.ENOENT


class Bookkeeping(unittest.TestCase):
    def watch(self, samples):
        w = pagewatch.Watch()
        for s in samples:
            w.add([(0x1000, "[heap]", [0, 1, 2], s)])
        return w

    def test_a_page_that_goes_and_comes_back_moved_twice(self):
        w = self.watch([[0, 0, ENOENT], [1, 0, 0], [0, 0, 0]])
        (r,) = w.summaries()
        self.assertEqual(w.moves, [0, 1, 1])
        self.assertEqual((r["moved"], r["moved_twice"], r["node_changes"]), (1, 1, 2))
        self.assertEqual(r["pages"], 3)
        self.assertEqual(r["on_node"], {"0": 3})
        self.assertEqual(r["moves_by_sample"], {"1": 1, "2": 1})

    def test_marked_pages_are_counted_not_taken_for_a_move(self):
        w = self.watch([[0, 1, 0], [ENOENT, ENOENT, 0], [0, 1, 0]])
        (r,) = w.summaries()
        self.assertEqual(w.moves, [0, 0, 0])
        self.assertEqual(r["node_changes"], 0)
        self.assertEqual(r["marked_last_sample"], 0)
        w.add([(0x1000, "[heap]", [0, 1], [ENOENT, ENOENT])])
        self.assertEqual(w.summaries()[0]["marked_last_sample"], 2)

    def test_mappings_are_kept_apart_and_may_grow(self):
        w = pagewatch.Watch()
        w.add([(0x1000, "[heap]", [0], [0]), (0x9000, "[anon]", [0], [1])])
        w.add([(0x1000, "[heap]", [0, 5], [1, 1]), (0x9000, "[anon]", [0], [1])])
        heap, anon = w.summaries()
        self.assertEqual((heap["label"], heap["pages"], heap["moved"]), ("[heap]", 2, 1))
        self.assertEqual((anon["label"], anon["moved"], anon["on_node"]), ("[anon]", 0, {"1": 1}))


class RealProcess(unittest.TestCase):
    def test_every_resident_page_of_a_child_is_on_a_node(self):
        child = subprocess.Popen([sys.executable, "-c",
                                  "b = bytearray(16 << 20)\n"
                                  "for i in range(0, len(b), 4096): b[i] = 1\n"
                                  "print('ready', flush=True)\n"
                                  "import time; time.sleep(2)"],
                                 stdout=subprocess.PIPE, text=True)
        self.assertEqual(child.stdout.readline().strip(), "ready")
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "pw.json")
            p = subprocess.run([TOOL, "--pid", str(child.pid), "--every", "0.3",
                                "--out", out], capture_output=True, text=True)
            child.wait()
            child.stdout.close()
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(out, encoding="utf-8") as f:
                d = json.load(f)
        self.assertGreaterEqual(d["samples"], 2)
        self.assertEqual(len(d["sample_times_s"]), d["samples"])
        self.assertEqual(d["sample_times_s"][0], 0.0)
        big = [r for r in d["regions"] if r["pages"] >= 4096]
        self.assertTrue(big, "the child's 16 MiB buffer was not found")
        nodes = {n for r in d["regions"] for n in r["on_node"]}
        self.assertEqual(len(nodes), 1, nodes)
        self.assertEqual(d["totals"]["node_changes"], 0)
        self.assertIn(f"pid {child.pid}", p.stdout)


class BadInput(unittest.TestCase):
    def run_tool(self, *args):
        return subprocess.run([TOOL, *args], capture_output=True, text=True)

    def test_no_such_process(self):
        p = self.run_tool("--pid", "999999999")
        self.assertEqual(p.returncode, 2)
        self.assertIn("no process", p.stderr)

    @unittest.skipUnless(os.geteuid() == 0, "needs root to become nobody")
    def test_a_process_it_may_not_read(self):
        with tempfile.TemporaryDirectory() as d:
            os.chmod(d, 0o755)
            tool = shutil.copy(TOOL, d)
            p = subprocess.run(["/usr/bin/setpriv", "--reuid=65534", "--regid=65534",
                                "--clear-groups", tool, "--pid", "1"],
                               capture_output=True, text=True)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("cannot read process 1", p.stderr)
        self.assertNotIn("Traceback", p.stderr)

    def test_period_must_be_positive(self):
        for every in ("0", "-1", "nan"):
            p = self.run_tool("--pid", str(os.getpid()), "--every", every)
            self.assertEqual(p.returncode, 2, every)
            self.assertIn("--every", p.stderr)


if __name__ == "__main__":
    unittest.main()
