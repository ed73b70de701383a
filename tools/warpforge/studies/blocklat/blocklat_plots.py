#!/usr/bin/env python3
"""Draws the BLOCKLAT study's plot from the data `warpforge reproduce blocklat` writes.

usage: blocklat_plots.py plot-data.json OUT_DIR
writes OUT_DIR/fig4.png: IPC normalised to round robin per workload and configuration, as
grouped bars (the paper's Fig. 3 and 4).
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
    workloads, configs = d["workloads"], d["configs"]
    fig, ax = plt.subplots(figsize=(max(8, 1.2 * len(workloads)), 4.5))
    width = 0.8 / len(configs)
    cmap = plt.get_cmap("tab10")
    for i, c in enumerate(configs):
        vals = [v if v is not None else 0.0 for v in d["normalised_ipc"][c]]
        xs = [k + (i - len(configs) / 2 + 0.5) * width for k in range(len(workloads))]
        ax.bar(xs, vals, width, label=c, color=cmap(i % 10))
    ax.axhline(1.0, color="gray", linewidth=0.8)
    ax.set_xticks(range(len(workloads)))
    ax.set_xticklabels(workloads, rotation=30, ha="right")
    ax.set_ylabel("IPC normalised to RR")
    ax.set_title("BLOCKLAT (Fig. 3 and 4), gtx480 preset")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(f"{sys.argv[2]}/fig4.png", dpi=120)
    plt.close(fig)


if __name__ == "__main__":
    main()
