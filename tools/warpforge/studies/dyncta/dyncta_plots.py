#!/usr/bin/env python3
"""Draws the DYNCTA study's plots from the data `warpforge reproduce dyncta` writes.

usage: dyncta_plots.py plot-data.json OUT_DIR
writes OUT_DIR/fig1.png (IPC of min and opt over max), fig3.png (RACT under max, ascending),
fig8.png (DYNCTA's n over time, averaged over the SMs, for four workloads), fig9.png (N,
DYNCTA's average n, opt) and fig10.png (speedup over max of 2Lev, DYNCTA and opt, with their
means), each per workload.
"""
import json
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def labels(d):
    return [f"{w} ({t})" for w, t in zip(d["workloads"], d["type"])]


def bars(d, series, ylabel, title, path, extra=None, baseline=None):
    """Grouped bars: series is a list of (name, values per workload); extra appends columns."""
    names = labels(d)
    columns = list(names) + [e[0] for e in extra or []]
    f, ax = plt.subplots(figsize=(max(10, 0.6 * len(columns) * max(1, len(series) / 2)), 4.8))
    width = 0.8 / len(series)
    cmap = plt.get_cmap("tab10")
    for i, (name, vals) in enumerate(series):
        vals = [v if v is not None else 0.0 for v in vals]
        if extra:
            vals += [e[1][i] if e[1][i] is not None else 0.0 for e in extra]
        xs = [k + (i - len(series) / 2 + 0.5) * width for k in range(len(columns))]
        ax.bar(xs, vals, width, label=name, color=cmap(i % 10))
    if baseline is not None:
        ax.axhline(baseline, color="black", linewidth=0.8)
    ax.set_xticks(range(len(columns)))
    ax.set_xticklabels(columns, rotation=35, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title + ", dyncta30 preset")
    ax.legend(fontsize=8, loc="upper right")
    f.tight_layout()
    f.savefig(path, dpi=120)
    plt.close(f)


def fig3(d, path):
    ract = d["fig3"]["ract"]
    order = sorted(range(len(ract)), key=lambda k: (ract[k] is None, ract[k] or 0))
    names = labels(d)
    f, ax = plt.subplots(figsize=(max(8, 0.5 * len(order)), 4.2))
    ax.bar(range(len(order)), [ract[k] or 0.0 for k in order], color="tab:blue")
    ax.axhline(d["fig3"]["threshold"], color="red", linewidth=0.8, linestyle="--",
               label="Type-C above")
    ax.set_xticks(range(len(order)))
    ax.set_xticklabels([names[k] for k in order], rotation=35, ha="right", fontsize=8)
    ax.set_ylabel("RACT (share of 4-cycle issue slots used)")
    ax.set_ylim(0, 1.05)
    ax.set_title("RACT under max (Fig. 3), dyncta30 preset")
    ax.legend(fontsize=8)
    f.tight_layout()
    f.savefig(path, dpi=120)
    plt.close(f)


def fig8(d, path):
    series = d["fig8"]["series"]
    period = d["fig8"]["period"]
    cols = 2
    rows = max(1, math.ceil(len(series) / cols))
    f, axes = plt.subplots(rows, cols, figsize=(10, 3.2 * rows), squeeze=False)
    for k, s in enumerate(series):
        ax = axes[k // cols][k % cols]
        xs = [(i + 1) * period / 1000 for i in range(len(s["n"]))]
        ax.plot(xs, s["n"], color="tab:blue", label="DYNCTA n (SM average)")
        if s["opt"] is not None:
            ax.axhline(s["opt"], color="tab:green", linestyle="--", linewidth=0.8, label="opt")
        if s["N"] is not None:
            ax.axhline(s["N"], color="tab:red", linestyle=":", linewidth=0.8, label="N")
        ax.set_title(s["workload"])
        ax.set_xlabel("thousand cycles")
        ax.set_ylabel("CTAs per SM")
        ax.set_ylim(0, 8.5)
        ax.legend(fontsize=7, loc="upper right")
    for k in range(len(series), rows * cols):
        axes[k // cols][k % cols].axis("off")
    f.suptitle("CTA modulation over time (Fig. 8), dyncta30 preset")
    f.tight_layout()
    f.savefig(path, dpi=120)
    plt.close(f)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        d = json.load(f)
    out = sys.argv[2]
    bars(d, [("min (1 CTA)", d["fig1"]["min"]), ("opt", d["fig1"]["opt"])], "IPC / IPC of max",
         "Minimum and optimal TLP (Fig. 1)", f"{out}/fig1.png", baseline=1.0)
    fig3(d, f"{out}/fig3.png")
    fig8(d, f"{out}/fig8.png")
    f9 = d["fig9"]
    bars(d, [("N", f9["N"]), ("DYNCTA (average n)", f9["DYNCTA"]), ("opt", f9["opt"])],
         "CTAs per SM", "CTAs per SM (Fig. 9)", f"{out}/fig9.png")
    f10 = d["fig10"]
    configs = list(f10["speedup"].keys())
    means = [(m, [f10["means"][c][m] if f10["means"][c] else None for c in configs])
             for m in ("mean", "geomean")]
    bars(d, [(c, f10["speedup"][c]) for c in configs], "IPC / IPC of max",
         "Speedup over max (Fig. 10)", f"{out}/fig10.png", extra=means, baseline=1.0)


if __name__ == "__main__":
    main()
