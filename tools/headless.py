# SPDX-License-Identifier: GPL-2.0-or-later
"""Headless Chromium for the report's page: a screenshot of a window of
a given size, or the page's DOM after its scripts ran. Used by
tools/report-screenshots (the images in docs/img) and by
tests/report/page-dom (the first-screen test)."""

import shutil
import subprocess

NAMES = ("chromium", "chromium-browser")
TIMEOUT_S = 120


def find():
    """The Chromium program, or None where none is installed."""
    for name in NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def _run(browser, args, url):
    # --no-sandbox: the tests run as root, where the sandbox refuses.
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu",
           "--hide-scrollbars", "--virtual-time-budget=5000", *args, url]
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL, timeout=TIMEOUT_S,
                          text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"{' '.join(cmd)} exited {done.returncode}: "
                           f"{done.stderr.strip()[-2000:]}")
    return done.stdout


def screenshot(browser, path, out, width, height):
    """A PNG of the page at file path, the top width x height pixels."""
    _run(browser, [f"--screenshot={out}", f"--window-size={width},{height}"],
         "file://" + path)


def dump_dom(browser, path, width, height):
    """The page's DOM as HTML after its scripts ran, laid out in a window
    of width x height."""
    return _run(browser, ["--dump-dom", f"--window-size={width},{height}"],
                "file://" + path)
