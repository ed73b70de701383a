#!/usr/bin/env python3
"""Draws a sweep's plot from the data `warpforge sweep` writes.

usage: sweep_plots.py plot-data.json OUT_DIR
writes OUT_DIR/sweep.png: the chosen metric (the mean over the other axes' runs that passed)
against one axis, as bars grouped by another (`sweep --metric/--x/--group`).
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        d = json.load(f)
    xs, groups = d["x_values"], d["group_values"]
    fig, ax = plt.subplots(figsize=(max(8, 0.9 * len(xs) * max(1, len(groups)) / 2), 4.5))
    width = 0.8 / len(groups)
    cmap = plt.get_cmap("tab10")
    for i, g in enumerate(groups):
        vals = [v if v is not None else 0.0 for v in d["means"][i]]
        pos = [k + (i - len(groups) / 2 + 0.5) * width for k in range(len(xs))]
        ax.bar(pos, vals, width, label=f"{d['group']}={g}" if d["group"] else None,
               color=cmap(i % 10))
    ax.set_xticks(range(len(xs)))
    ax.set_xticklabels(xs, rotation=30, ha="right")
    ax.set_xlabel(d["x"])
    ax.set_ylabel(f"{d['metric']} (mean over the other axes)")
    ax.set_title(f"sweep {d['name']}")
    if d["group"]:
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(f"{sys.argv[2]}/sweep.png", dpi=120)
    plt.close(fig)


if __name__ == "__main__":
    main()
