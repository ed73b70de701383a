#!/usr/bin/env python3
"""Draws the BAWS study's plots from the data `warpforge reproduce baws` writes.

usage: baws_plots.py plot-data.json OUT_DIR
writes OUT_DIR/speedup.png (Fig. 8/9/12 style: speedup over LRR per barrier-intensive workload
and on average) and OUT_DIR/stalls.png (Fig. 10 style: stall breakdown normalised to LRR).
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def speedup_plot(d, path):
    workloads = d["workloads"] + ["mean"]
    policies = d["policies"]
    fig, ax = plt.subplots(figsize=(max(10, 1.1 * len(workloads)), 4.8))
    width = 0.8 / len(policies)
    cmap = plt.get_cmap("tab20")
    for i, p in enumerate(policies):
        vals = [v if v is not None else 0.0 for v in d["speedup"][p]]
        ok = [v for v in d["speedup"][p] if v is not None]
        vals.append(sum(ok) / len(ok) if ok else 0.0)
        xs = [k + (i - len(policies) / 2 + 0.5) * width for k in range(len(workloads))]
        ax.bar(xs, [100 * v for v in vals], width, label=p, color=cmap(i % 20))
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(workloads)))
    ax.set_xticklabels(workloads, rotation=30, ha="right")
    ax.set_ylabel("speedup over LRR (%)")
    ax.set_title("Barrier-intensive workloads, gtx480 preset")
    ax.legend(ncol=4, fontsize=7, loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def stall_plot(d, path):
    cats = d["stall_categories"]
    policies = list(d["stalls"].keys())
    fig, ax = plt.subplots(figsize=(8, 4.5))
    bottom = [0.0] * len(policies)
    for i, c in enumerate(cats):
        vals = [d["stalls"][p][i] for p in policies]
        ax.bar(policies, vals, 0.6, bottom=bottom, label=c)
        bottom = [b + v for b, v in zip(bottom, vals)]
    ax.set_ylabel("stall cycles / LRR stall cycles")
    ax.set_title("Stall breakdown, barrier-intensive mean (LRR = 1)")
    ax.legend(fontsize=8, bbox_to_anchor=(1.02, 1), loc="upper left")
    plt.setp(ax.get_xticklabels(), rotation=20, ha="right")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        d = json.load(f)
    speedup_plot(d, sys.argv[2] + "/speedup.png")
    stall_plot(d, sys.argv[2] + "/stalls.png")


if __name__ == "__main__":
    main()
