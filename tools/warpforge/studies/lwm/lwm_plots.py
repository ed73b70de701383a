#!/usr/bin/env python3
"""Draws the LWM study's plots from the data `warpforge reproduce lwm` writes.

usage: lwm_plots.py plot-data.json OUT_DIR
writes OUT_DIR/fig9.png, fig11.png ... fig14.png (IPC per workload for each figure's
configurations, as grouped bars) and OUT_DIR/fig10.png (functional-unit utilization: the share
of cycles by active lanes, stacked, per workload and configuration).
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def ipc_plot(d, fig, path):
    workloads = d["workloads"]
    configs = fig["configs"]
    f, ax = plt.subplots(figsize=(max(10, 0.9 * len(workloads) * max(1, len(configs) / 4)), 4.8))
    width = 0.8 / len(configs)
    cmap = plt.get_cmap("tab10")
    for i, c in enumerate(configs):
        vals = [v if v is not None else 0.0 for v in fig["ipc"][c]]
        xs = [k + (i - len(configs) / 2 + 0.5) * width for k in range(len(workloads))]
        ax.bar(xs, vals, width, label=c, color=cmap(i % 10))
    ax.set_xticks(range(len(workloads)))
    ax.set_xticklabels(workloads, rotation=30, ha="right")
    ax.set_ylabel("IPC (active threads, peak 32)")
    ax.set_title(fig["title"] + ", lwm-core preset")
    ax.legend(ncol=min(4, len(configs)), fontsize=7, loc="upper right")
    f.tight_layout()
    f.savefig(path, dpi=120)
    plt.close(f)


def utilization_plot(d, fig, path):
    workloads = d["workloads"]
    configs = fig["configs"]
    buckets = fig["buckets"]
    f, ax = plt.subplots(figsize=(max(10, 0.8 * len(workloads) * len(configs) / 2), 4.8))
    cmap = plt.get_cmap("viridis")
    width = 0.8 / len(configs)
    ticks, names = [], []
    for i, c in enumerate(configs):
        xs = [k + (i - len(configs) / 2 + 0.5) * width for k in range(len(workloads))]
        bottom = [0.0] * len(workloads)
        for b, name in enumerate(buckets):
            vals = [100 * (s[b] if s is not None else 0.0) for s in fig["shares"][c]]
            ax.bar(xs, vals, width * 0.95, bottom=bottom, color=cmap(b / (len(buckets) - 1)),
                   label=name if i == 0 else None, edgecolor="white", linewidth=0.3)
            bottom = [x + v for x, v in zip(bottom, vals)]
        ticks += xs
        names += [f"{w} {c}" for w in workloads]
    ax.set_xticks(ticks)
    ax.set_xticklabels(names, rotation=90, fontsize=6)
    ax.set_ylabel("% of cycles")
    ax.set_title(fig["title"] + ": active lanes (" + ", ".join(configs) + ")")
    ax.legend(title="active lanes", fontsize=7, bbox_to_anchor=(1.01, 1), loc="upper left")
    f.tight_layout()
    f.savefig(path, dpi=120)
    plt.close(f)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        d = json.load(f)
    for name in ("fig9", "fig11", "fig12", "fig13", "fig14"):
        ipc_plot(d, d[name], f"{sys.argv[2]}/{name}.png")
    utilization_plot(d, d["fig10"], sys.argv[2] + "/fig10.png")


if __name__ == "__main__":
    main()
