# SPDX-License-Identifier: GPL-2.0-or-later
"""Page placement of a run (docs/design.md, Interface 2: placement.npy,
placement_pages.npy, placement_counters.npy): loading and checking it, and
the placement figure, one row per run and rank, one panel per buffer, the
shares of its sampled pages as stacked bands: each NUMA node, the pages the
balancing scanner has just marked, and pages not present."""

import os
from dataclasses import dataclass
from typing import Optional

import numpy as np

COUNTERS = ("wall_s", "numa_pte_updates", "numa_hint_faults",
            "numa_hint_faults_local", "numa_pages_migrated")
SUMMARY_KEYS = ("every", "buffers", "cycles", "classes", "pages",
                "sampled_pages")
# Page classes in placement_pages.npy besides node numbers.
ABSENT, MARKED, NONE = -1, -2, -3
# At most this many rows (run x rank) in the figure.
MAX_ROWS = 12


class PlacementError(Exception):
    """placement*.npy or summary.json's placement object is bad."""


@dataclass
class Placement:
    """Every rank's samples: shares and page classes per buffer."""
    buffers: list
    cycles: np.ndarray          # (samples,) cycle of each sample
    classes: list               # "node 0".., "scanner-marked", "not present"
    share: np.ndarray           # (ranks, samples, buffers, classes)
    pages: np.ndarray           # (ranks, samples, buffers, sampled) int8
    counters: np.ndarray        # (ranks, samples, len(COUNTERS))
    buffer_pages: np.ndarray    # (ranks, buffers) pages at the last sample

    @property
    def nodes(self):
        return len(self.classes) - 2


def _array(path, name, shape, dtype):
    file = os.path.join(path, name)
    try:
        a = np.load(file, allow_pickle=False)
    except FileNotFoundError as e:
        raise PlacementError(f"{path}: no {name}: incomplete result "
                             "directory") from e
    except (OSError, ValueError) as e:
        raise PlacementError(f"{file}: not a readable .npy file: {e}") from e
    if a.dtype != np.dtype(dtype) or a.shape != shape:
        raise PlacementError(f"{file}: {a.dtype} {a.shape}, expected "
                             f"{np.dtype(dtype)} {shape}")
    return a


def _summary_object(p, ranks):
    ok = (isinstance(p, dict) and all(k in p for k in SUMMARY_KEYS)
          and all(isinstance(p[k], list) for k in
                  ("buffers", "cycles", "classes", "pages"))
          and len(p["classes"]) >= 3
          and isinstance(p["sampled_pages"], int)
          and len(p["pages"]) == ranks)
    if not ok:
        raise PlacementError("summary.json: placement must be null or an "
                             "object with " + ", ".join(SUMMARY_KEYS))


def load(path, summary) -> Optional[Placement]:
    """The placement of the result directory at path, or None when the run
    did not sample it."""
    p = summary["placement"]
    if p is None:
        return None
    ranks = summary["ranks"]
    _summary_object(p, ranks)
    head = (ranks, len(p["cycles"]), len(p["buffers"]))
    share = _array(path, "placement.npy", head + (len(p["classes"]),), "<f8")
    pages = _array(path, "placement_pages.npy", head + (p["sampled_pages"],),
                   "|i1")
    counters = _array(path, "placement_counters.npy",
                      head[:2] + (len(COUNTERS),), "<f8")
    if not np.all(np.isfinite(share)) or np.any(share < 0) or np.any(
            share.sum(axis=3) > 1 + 1e-9):
        raise PlacementError(f"{path}/placement.npy: shares outside [0, 1]")
    if np.any(counters < 0) or not np.all(np.isfinite(counters)):
        raise PlacementError(f"{path}/placement_counters.npy: negative or "
                             "non-finite values")
    return Placement(list(p["buffers"]), np.asarray(p["cycles"]),
                     list(p["classes"]), share, pages, counters,
                     np.asarray(p["pages"], dtype=float))


def travelled(pl, rank, buffer):
    """Of one buffer's sampled page slots: how many were seen on two or
    more nodes over the run, and how many node changes were seen in all
    (between samples where the page was on a node; a slot follows the
    buffer, so a buffer that grows maps it to a new page)."""
    p = pl.pages[rank, :, buffer, :].astype(int)     # (samples, slots)
    on_node = p >= 0
    seen = np.zeros(p.shape[1], dtype=int)
    for n in range(pl.nodes):
        seen += np.any(p == n, axis=0)
    changes = 0
    last = np.full(p.shape[1], -1)
    for row, known in zip(p, on_node):
        changes += int(np.sum(known & (last >= 0) & (row != last)))
        last = np.where(known, row, last)
    return int(np.sum(seen >= 2)), changes


def _rows(conds):
    """(condition, run, rank) for the figure: every repetition and rank,
    or, beyond MAX_ROWS, rank 0 of each condition's first run (said in the
    title)."""
    rows = [(c, r, k) for c in conds for r in c.runs if r.placement is not None
            for k in range(r.placement.share.shape[0])]
    if len(rows) <= MAX_ROWS:
        return rows, None
    first = []
    for c in conds:
        run = next((r for r in c.runs if r.placement is not None), None)
        if run is not None:
            first.append((c, run, 0))
    return first[:MAX_ROWS], (f"rank 0 of the first run of each condition "
                              f"({len(rows)} runs x ranks sampled)")


def _panel(ax, plt, run, rank, b):
    pl = run.placement
    x = pl.cycles * run.summary["min_delay_steps"] * run.summary["dt_ms"] / 1e3
    bands = [pl.share[rank, :, b, k] for k in range(len(pl.classes))]
    colours = [plt.get_cmap("tab10")(n % 10) for n in range(pl.nodes)]
    colours += ["#d62728", "#dddddd"]
    polys = ax.stackplot(x, bands, colors=colours, labels=pl.classes,
                         step="post")
    polys[pl.nodes].set_hatch("//")
    ax.set_ylim(0, 1)
    ax.set_xlim(x[0], x[-1] if len(x) > 1 else x[0] + 1e-3)
    on_two, changes = travelled(pl, rank, b)
    ax.set_title(f"{pl.buffers[b].replace(' ', chr(10), 1)}\n"
                 f"{int(pl.buffer_pages[rank, b])} pages\n"
                 f"{on_two} on 2+ nodes\n{changes} moves", fontsize=10)
    ax.tick_params(labelsize=10)


def figure(conds, outdir, plt, dpi):
    """Writes placement.png (pyplot plt, dpi) and returns its name, or None
    when no run sampled placement."""
    rows, note = _rows(conds)
    if not rows:
        return None
    nbuf = max(r.placement.share.shape[2] for _, r, _ in rows)
    height = 2.9 * len(rows) + 0.8
    fig, axes = plt.subplots(len(rows), nbuf, squeeze=False, sharey=True,
                             figsize=(min(1.7 * nbuf, 15.0), height))
    for row, (c, r, k) in zip(axes, rows):
        for b, ax in enumerate(row):
            if b < r.placement.share.shape[2]:
                _panel(ax, plt, r, k, b)
            else:
                ax.axis("off")
        row[0].set_ylabel(f"{r.name}\nrank {k}\n{c.label}", fontsize=10)
    for ax in axes[-1]:
        ax.set_xlabel("model time (s)", fontsize=10)
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper center", ncol=len(labels),
               fontsize=10, title_fontsize=10, frameon=False,
               title="share of each buffer's sampled pages: "
               + (note or "every run and rank"))
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.8 / height))
    fig.savefig(os.path.join(outdir, "placement.png"), dpi=dpi)
    plt.close(fig)
    return "placement.png"
