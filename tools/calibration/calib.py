#!/usr/bin/env python3
"""Parsing and tables for tools/calibration (called by gpgpusim.sh and calibrate.sh).

  calib.py gpgpusim --out FILE.csv RUNDIR...
      RUNDIR is <program>.<config> (config: sectored | nonsectored | nonsectored-w | -n) holding `log` (the
      program's stdout and stderr under GPGPU-Sim) and `rc` (its exit status). Writes the CSV
      of per-launch statistics and the program's metrics.
  calib.py table --warpforge-dir DIR --gpgpusim-csv FILE --hardware-csv FILE [--out FILE.md]
      DIR holds <program>.stdout, <program>.json (warpforge exec --stats) and <program>.rc.
      Writes the Markdown calibration table.

Programs print `METRIC name value unit`, `RATE name first last amount unit` and
`CYCLES name first last count unit` lines (programs/common.h); RATE and CYCLES are turned into
metrics with the simulator's per-launch kernel cycles.
"""
import argparse
import csv
import json
import math
import os
import re
import sys

CONFIGS = ("sectored", "nonsectored", "nonsectored-w", "nonsectored-n")
CONFIG_TITLES = ("GPGPU-Sim sectored", "non-sectored", "non-sectored, L2 W", "non-sectored, L2 N")


# ---------------------------------------------------------------- program output -> metrics
def program_metrics(stdout_text, launch_cycles):
    """Metrics {name: (value, unit)} from a program's output and its per-launch cycles."""
    out = {}
    for line in stdout_text.splitlines():
        f = line.split()
        if not f:
            continue
        try:
            if f[0] == "METRIC" and len(f) == 4:
                out[f[1]] = (float(f[2]), f[3])
            elif f[0] in ("RATE", "CYCLES") and len(f) == 6:
                first, last, amount, unit = int(f[2]), int(f[3]), float(f[4]), f[5]
                if last >= len(launch_cycles):
                    continue  # the run ended before that launch
                cyc = sum(launch_cycles[first:last + 1])
                if f[0] == "RATE":
                    out[f[1]] = (amount / cyc if cyc else float("nan"), unit + "/cycle")
                else:
                    out[f[1]] = (cyc / amount, "cycles/" + unit)
        except ValueError:
            continue
    return out


# ---------------------------------------------------------------- GPGPU-Sim log parsing
_NUM = r"(-?[0-9.]+(?:e[+-]?[0-9]+)?|-?nan|inf)"


def parse_gpgpusim_log(text):
    """Per-launch records from a GPGPU-Sim log: kernel, grid, block, and statistics.

    GPGPU-Sim prints its memory statistics cumulatively (since the program started) after each
    kernel; per-launch values are the differences between consecutive kernels."""
    pushes = re.findall(r"pushing kernel '([^']+)' to stream \d+, gridDim= \(([^)]*)\) "
                        r"blockDim = \(([^)]*)\)", text)
    blocks = re.split(r"^kernel_name = ", text, flags=re.M)[1:]
    launches = []
    prev = {}
    for i, b in enumerate(blocks):
        name = b.split()[0]
        rec = {"kernel": name}
        if i < len(pushes):
            rec["grid"] = pushes[i][1].replace(",", "x")
            rec["block"] = pushes[i][2].replace(",", "x")

        def one(key, default=None):
            m = re.search(r"^\s*" + re.escape(key) + r"\s*=\s*" + _NUM, b, flags=re.M)
            return float(m.group(1)) if m else default

        rec["gpu_sim_cycle"] = one("gpu_sim_cycle")
        rec["gpu_sim_insn"] = one("gpu_sim_insn")
        cum = {
            "gpu_stall_dramfull": one("gpu_stall_dramfull", 0.0),
            "gpu_stall_icnt2sh": one("gpu_stall_icnt2sh", 0.0),
            "l2_accesses": one("L2_total_cache_accesses", 0.0),
            "l2_misses": one("L2_total_cache_misses", 0.0),
            "icnt_pkts_mem_to_simt": one("icnt_total_pkts_mem_to_simt", 0.0),
            "icnt_pkts_simt_to_mem": one("icnt_total_pkts_simt_to_mem", 0.0),
        }
        dram = {"n_act": 0.0, "n_req": 0.0, "n_rd": 0.0, "n_write": 0.0, "n_wr_bk": 0.0,
                "n_cmd": 0.0, "n_activity": 0.0, "util_bw": 0.0}
        for m in re.finditer(r"^DRAM\[\d+\]:.*\n(n_cmd=.*)\n(n_activity=.*)\n", b, flags=re.M):
            kv = dict(re.findall(r"(\w+)=" + _NUM, m.group(1) + " " + m.group(2)))
            for k in ("n_act", "n_req", "n_rd", "n_write", "n_wr_bk", "n_cmd", "n_activity"):
                dram[k] += float(kv.get(k, 0))
        for m in re.finditer(r"^util_bw = " + _NUM, b, flags=re.M):
            dram["util_bw"] += float(m.group(1))
        cum.update({"dram_" + k: v for k, v in dram.items()})
        d = {k: v - prev.get(k, 0.0) for k, v in cum.items()}
        prev = cum
        rec["gpu_stall_dramfull"] = d["gpu_stall_dramfull"]
        rec["gpu_stall_icnt2sh"] = d["gpu_stall_icnt2sh"]
        rec["l2_accesses"] = d["l2_accesses"]
        rec["l2_hit_rate"] = (1 - d["l2_misses"] / d["l2_accesses"]) if d["l2_accesses"] else None
        rec["icnt_pkts_mem_to_simt"] = d["icnt_pkts_mem_to_simt"]
        rec["icnt_pkts_simt_to_mem"] = d["icnt_pkts_simt_to_mem"]
        rec["dram_reads"] = d["dram_n_rd"]
        rec["dram_writes"] = d["dram_n_write"] + d["dram_n_wr_bk"]
        rec["dram_row_locality"] = (1 - d["dram_n_act"] / d["dram_n_req"]) if d["dram_n_req"] else None
        rec["dram_eff"] = d["dram_util_bw"] / d["dram_n_activity"] if d["dram_n_activity"] else None
        rec["dram_bw_util"] = d["dram_util_bw"] / d["dram_n_cmd"] if d["dram_n_cmd"] else None
        launches.append(rec)
    return launches


LAUNCH_STATS = [  # (key, unit)
    ("gpu_sim_cycle", "cycles"), ("gpu_sim_insn", "thread_insns"),
    ("l2_accesses", "accesses"), ("l2_hit_rate", "fraction"),
    ("dram_reads", "commands"), ("dram_writes", "commands"),
    ("dram_row_locality", "fraction"), ("dram_eff", "fraction"), ("dram_bw_util", "fraction"),
    ("gpu_stall_dramfull", "stalls"), ("gpu_stall_icnt2sh", "stalls"),
    ("icnt_pkts_simt_to_mem", "packets"), ("icnt_pkts_mem_to_simt", "packets"),
]


def cmd_gpgpusim(args):
    rows = []
    for rd in args.rundirs:
        base = os.path.basename(os.path.normpath(rd))
        program, _, config = base.rpartition(".")
        if config not in CONFIGS:
            sys.exit(f"calib.py: {rd}: the folder name must end in ." + " or .".join(CONFIGS))
        with open(os.path.join(rd, "log"), errors="replace") as f:
            text = f.read()
        rc = open(os.path.join(rd, "rc")).read().strip() if os.path.exists(os.path.join(rd, "rc")) else "?"
        launches = parse_gpgpusim_log(text)
        pushed = len(re.findall(r"pushing kernel '", text))
        rows.append([program, "-", "-", config, "exit_status", rc, ""])
        rows.append([program, "-", "-", config, "launches", str(len(launches)), ""])
        # GPGPU-Sim occasionally prints no statistics for a launch; then the launches after it
        # are matched to the wrong indices, and the table says so.
        rows.append([program, "-", "-", config, "launches_pushed", str(pushed), ""])
        # A program with many launches (launch: 310 empty kernels) keeps cycles and instructions
        # per launch only, to keep the CSV small.
        stats = LAUNCH_STATS if len(launches) <= 50 else LAUNCH_STATS[:2]
        for i, l in enumerate(launches):
            kern = l["kernel"] + (f" {l['grid']}/{l['block']}" if "grid" in l else "")
            for key, unit in stats:
                v = l.get(key)
                if v is not None:
                    rows.append([program, str(i), kern, config, key, fmt(v), unit])
        cyc = [l["gpu_sim_cycle"] or 0 for l in launches]
        for name, (v, unit) in program_metrics(text, cyc).items():
            rows.append([program, "-", "-", config, name, fmt(v), unit])
    with open(args.out, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["program", "launch", "kernel", "config", "metric", "value", "unit"])
        w.writerows(rows)
    print(f"calib.py: wrote {len(rows)} rows to {args.out}", file=sys.stderr)


def fmt(v):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "nan"
    if abs(v - round(v)) < 1e-9 and abs(v) < 1e15:
        return str(int(round(v)))
    return f"{v:.4f}"


# ---------------------------------------------------------------- the table
def spearman(xs, ys):
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2 + 1
            i = j + 1
        return r
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else None


def group_launches(launches):
    """[(label, cycles)] per launch; in programs with more than 50 launches, consecutive
    launches of one kernel with one grid and block are summed into one row."""
    if len(launches) <= 50:
        return [(f"{i}", l["kernel"], l["cycles"]) for i, l in enumerate(launches)]
    out = []
    i = 0
    while i < len(launches):
        j = i
        key = (launches[i]["kernel"], launches[i].get("shape"))
        while j + 1 < len(launches) and (launches[j + 1]["kernel"], launches[j + 1].get("shape")) == key:
            j += 1
        out.append((f"{i}-{j}" if j > i else f"{i}", launches[i]["kernel"],
                    sum(l["cycles"] for l in launches[i:j + 1])))
        i = j + 1
    return out


def read_gpgpusim_csv(path):
    """{config: {program: {"metrics": {name: (v, unit)}, "launches": [...], "status": rc}}}"""
    data = {c: {} for c in CONFIGS}
    if not path:
        return data
    with open(path) as f:
        for r in csv.DictReader(f):
            p = data[r["config"]].setdefault(r["program"], {"metrics": {}, "launches": {}, "status": None})
            if r["launch"] == "-":
                if r["metric"] == "exit_status":
                    p["status"] = r["value"]
                elif r["metric"] in ("launches", "launches_pushed"):
                    p["n_" + r["metric"]] = int(r["value"])
                else:
                    p["metrics"][r["metric"]] = (float(r["value"]), r["unit"])
            else:
                l = p["launches"].setdefault(int(r["launch"]), {})
                kern, _, shape = r["kernel"].partition(" ")
                l["kernel"], l["shape"] = kern, shape
                if r["metric"] == "gpu_sim_cycle":
                    l["cycles"] = float(r["value"])
    for c in data.values():
        for p in c.values():
            p["launches"] = [p["launches"][k] for k in sorted(p["launches"])]
    return data


def read_hardware_csv(path):
    hw = {}
    if not path:
        return hw
    with open(path) as f:
        for r in csv.DictReader(f):
            if r.get("metric"):
                hw.setdefault(r["metric"], []).append(r)
    return hw


def read_warpforge(d):
    wf = {}
    for name in sorted(os.listdir(d)):
        if not name.endswith(".stdout"):
            continue
        prog = name[:-len(".stdout")]
        text = open(os.path.join(d, name), errors="replace").read()
        rc = open(os.path.join(d, prog + ".rc")).read().strip() if os.path.exists(os.path.join(d, prog + ".rc")) else "?"
        launches = []
        js = os.path.join(d, prog + ".json")
        if os.path.exists(js):
            try:
                j = json.load(open(js))
                for l in j.get("launches", []):
                    launches.append({"kernel": l["kernel"],
                                     "shape": "x".join(map(str, l.get("grid", []))) + "/" +
                                              "x".join(map(str, l.get("block", []))),
                                     "cycles": float(l["end"] - l["start"])})
            except (ValueError, KeyError):
                pass
        wf[prog] = {"metrics": program_metrics(text, [l["cycles"] for l in launches]),
                    "launches": launches, "status": rc}
    return wf


def num(v):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "—"
    if abs(v) >= 100:
        return f"{v:.0f}"
    if abs(v) >= 10:
        return f"{v:.1f}"
    return f"{v:.3g}" if abs(v) < 1 else f"{v:.2f}"


def cmd_table(args):
    wf = read_warpforge(args.warpforge_dir)
    gs = read_gpgpusim_csv(args.gpgpusim_csv)
    hw = read_hardware_csv(args.hardware_csv)
    L = []
    L.append("# Memory-system calibration: warpforge vs GPGPU-Sim 4.0 (SM2_GTX480) vs GTX480")
    L.append("")
    L.append(f"warpforge: `{args.warpforge_label}`; GPGPU-Sim: recorded in `{args.gpgpusim_label}`; "
             "hardware: `hardware-gtx480.csv` (values converted to 700 MHz core cycles there).")
    L.append("All cycles are core cycles (700 MHz). Bandwidths are bytes the program asks for per "
             "kernel cycle. `—`: no value (not measured, no published figure, or the run failed).")
    L.append("GPGPU-Sim configurations: *sectored* = SM2_GTX480 as shipped; *non-sectored* = with "
             "gtx480-nonsectored.diff; *non-sectored, L2 W* / *L2 N* = that diff with the L2 "
             "write-allocate policy W (GPGPU-Sim 3.x's write allocate) or N (no write allocate) "
             "instead of L (see gpgpusim.sh).")
    L.append("")
    L.append("## Metrics")
    L.append("")
    L.append("| program | metric | unit | warpforge | " + " | ".join(CONFIG_TITLES) +
             " | hardware | source | warpforge / hardware |")
    L.append("|---|---|---|---:|" + "---:|" * len(CONFIGS) + "---:|---|---:|")
    cited = {}
    used = set()
    allprogs = sorted(set(wf).union(*(set(gs[c]) for c in CONFIGS)))
    for prog in allprogs:
        names = []
        for src in [wf.get(prog, {})] + [gs[c].get(prog, {}) for c in CONFIGS]:
            for n in src.get("metrics", {}):
                if n not in names:
                    names.append(n)
        for n in names:
            unit = None
            vals = []
            for src in [wf.get(prog)] + [gs[c].get(prog) for c in CONFIGS]:
                m = (src or {}).get("metrics", {}).get(n)
                vals.append(m[0] if m else None)
                unit = unit or (m[1] if m else None)
            hv, key = None, ""
            rows = [r for r in hw.get(n, []) if r.get("core_cycles_700mhz_value")]
            if rows:
                hv = float(rows[0]["core_cycles_700mhz_value"])
                key = rows[0]["source_key"] + (" (+%d)" % (len(rows) - 1) if len(rows) > 1 else "")
                for rr in rows:
                    cited[rr["source_key"]] = rr["citation"]
                used.update(id(rr) for rr in rows)
            ratio = vals[0] / hv if (vals[0] is not None and hv) else None
            L.append(f"| {prog} | {n} | {unit} | " + " | ".join(num(v) for v in vals) +
                     f" | {num(hv)} | {key} | {num(ratio)} |")
    L.append("")
    status = []
    for prog in allprogs:
        s = [wf.get(prog, {}).get("status")] + [gs[c].get(prog, {}).get("status") for c in CONFIGS]
        s = ["not run" if x is None else x for x in s]
        if any(x not in ("0", "not run") for x in s):
            status.append(f"- {prog}: exit status warpforge {s[0]}; " +
                          ", ".join(f"{t} {x}" for t, x in zip(CONFIG_TITLES, s[1:])) +
                          " (a failed run's launches are those before it failed)")
    for prog in allprogs:
        for c, t in zip(CONFIGS, CONFIG_TITLES):
            g = gs[c].get(prog, {})
            if g.get("status") == "0" and g.get("n_launches") != g.get("n_launches_pushed"):
                status.append(f"- {prog}: GPGPU-Sim {t} printed statistics for {g.get('n_launches')} "
                              f"of {g.get('n_launches_pushed')} launches, so its launches after the "
                              "missing one are matched to the wrong launch indices")
    if status:
        L.append("Runs that did not exit 0 or lost a launch:")
        L.extend(status)
        L.append("")
    context = [r for rs in hw.values() for r in rs if id(r) not in used]
    if context:
        L.append("Published figures without a directly comparable measurement (context):")
        L.append("")
        L.append("| figure | value | unit | in 700 MHz core cycles | source | note |")
        L.append("|---|---|---|---|---|---|")
        for r in context:
            conv = (f"{r['core_cycles_700mhz_value']} {r['core_cycles_700mhz_unit']}"
                    if r.get("core_cycles_700mhz_value") else r.get("conversion", ""))
            L.append(f"| {r['metric']} | {r['value']} | {r['unit']} | {conv} | {r['source_key']} "
                     f"| {r.get('note', '')} |")
            cited[r["source_key"]] = r["citation"]
        L.append("")
    if cited:
        L.append("Hardware sources:")
        for k in sorted(cited):
            L.append(f"- **{k}**: {cited[k]}")
        L.append("")

    L.append("## Kernel cycles per launch")
    L.append("")
    L.append("Programs with more than 50 launches have consecutive launches of one kernel and "
             "shape summed into one row. Ratio = warpforge / GPGPU-Sim.")
    L.append("")
    L.append("| program | launch | kernel | warpforge | " +
             " | ".join(f"{t} | ratio" for t in CONFIG_TITLES) + " |")
    L.append("|---|---|---|---:|" + "---:|---:|" * len(CONFIGS))
    pairs = {c: [] for c in CONFIGS}
    wpairs = {c: [] for c in CONFIGS}  # workload kernels (programs wl_*) only
    for prog in sorted(wf):
        w = group_launches(wf[prog]["launches"])
        g = {c: group_launches(gs[c].get(prog, {}).get("launches", [])) for c in CONFIGS}
        for i, (label, kern, cyc) in enumerate(w):
            cells = []
            for c in CONFIGS:
                gl = g[c][i] if i < len(g[c]) and g[c][i][0] == label and g[c][i][1] == kern else None
                if gl and gl[2] > 0 and cyc > 0:
                    pairs[c].append((cyc, gl[2]))
                    if prog.startswith("wl_"):
                        wpairs[c].append((cyc, gl[2]))
                    cells += [num(gl[2]), f"{cyc / gl[2]:.2f}"]
                else:
                    cells += ["—", "—"]
            short = kern if len(kern) <= 40 else kern[:37] + "..."
            L.append(f"| {prog} | {label} | `{short}` | {num(cyc)} | " + " | ".join(cells) + " |")
    L.append("")
    for title, sel in (("all launches", pairs), ("workload kernels only (wl_*)", wpairs)):
        summary_table(L, title, sel)
    text = "\n".join(L)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


def summary_table(L, title, pairs):
    L.append(f"| {title} | " + " | ".join(CONFIG_TITLES) + " |")
    L.append("|---|" + "---:|" * len(CONFIGS))
    summ = {}
    for c in CONFIGS:
        p = pairs[c]
        if p:
            rat = [a / b for a, b in p]
            within = sum(1 for r in rat if 0.8 <= r <= 1.25) / len(rat)
            gm = math.exp(sum(math.log(r) for r in rat) / len(rat))
            sp = spearman([a for a, _ in p], [b for _, b in p])
            summ[c] = (len(p), f"{100 * within:.0f} %", f"{gm:.2f}", "—" if sp is None else f"{sp:.3f}")
        else:
            summ[c] = (0, "—", "—", "—")
    for i, name in enumerate(["kernels compared", "within 0.8–1.25×", "geometric mean of ratios",
                              "Spearman rank correlation"]):
        L.append(f"| {name} | " + " | ".join(str(summ[c][i]) for c in CONFIGS) + " |")
    L.append("")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gpgpusim")
    g.add_argument("--out", required=True)
    g.add_argument("rundirs", nargs="+")
    t = sub.add_parser("table")
    t.add_argument("--warpforge-dir", required=True)
    t.add_argument("--gpgpusim-csv")
    t.add_argument("--hardware-csv")
    t.add_argument("--warpforge-label", default="warpforge")
    t.add_argument("--gpgpusim-label", default="gpgpusim-gtx480.csv")
    t.add_argument("--out")
    a = ap.parse_args()
    {"gpgpusim": cmd_gpgpusim, "table": cmd_table}[a.cmd](a)


if __name__ == "__main__":
    main()
