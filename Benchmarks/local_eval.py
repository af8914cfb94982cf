#!/usr/bin/env python3
"""Runs and scores the local method's evaluation set (`deglare-eval --suite CASES`) beside OpenCV.

Each case folder CASES/<split>/<base>/<family>-<name>/ holds clean.png, input.png, mask.png and
score.png. Every build of the local method under comparison runs on each case through its own
`deglare-eval --apply` (so that an older build, e.g. main's, can be compared on the same cases);
its outputs are kept beside the case as <label>-<method>.png, with <label>-run.txt naming the build
(a digest of the binary) and its settings, and reused only while both match, unless --force names
the label (a label reused for another build or setting is run again, never scored from stale
outputs). OpenCV's inpainting (Telea and Navier-Stokes, radius 3) runs on the same input and mask
here, and, when opencv-contrib is installed, the exemplar-based shift-map inpainting of
cv2.xphoto (a PatchMatch-like method) on the sign cases, where exemplar synthesis is the point.

Metrics, per family:
  tight, sign, veil  PSNR (dB) inside the mask against the clean picture
  grown, rectangle  PSNR inside the tight mask (score.png), and in the added ring (mask less
                score): the tight mask grown by 25 px, or its bounding rectangle
  glare-free    mean absolute change (levels) inside the mask; the input is the clean picture

    python3 local_eval.py CASES --run LABEL=DEGLARE_EVAL [--run ...] [--methods auto,subtract]
        [--set LABEL:key=value ...] [--force LABEL] [--jobs N] [--split tune] [--families a,b]
        [--no-opencv] [--detail]
"""
import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

import cv2
import numpy as np

FAMILIES = ["tight", "grown", "glare-free", "sign", "rectangle", "veil"]


def psnr(a, b, where):
    if not where.any():
        return float("nan")
    diff = a[where].astype(np.float64) - b[where].astype(np.float64)
    mse = float(np.mean(diff * diff))
    return 99.0 if mse == 0 else min(99.0, 10 * np.log10(255.0 ** 2 / mse))


def opencv_methods():
    methods = [("telea", lambda img, m: cv2.inpaint(img, m, 3, cv2.INPAINT_TELEA)),
               ("ns", lambda img, m: cv2.inpaint(img, m, 3, cv2.INPAINT_NS))]
    if hasattr(cv2, "xphoto"):
        def shiftmap(img, m):
            out = np.zeros_like(img)
            cv2.xphoto.inpaint(img, 255 - m, out, cv2.xphoto.INPAINT_SHIFTMAP)
            return out
        methods.append(("shiftmap", shiftmap))
    return methods


def metrics(family, result, clean, inp, mask, score):
    if family == "glare-free":
        return {"change": float(np.mean(np.abs(result[mask].astype(np.float64) - inp[mask].astype(np.float64))))}
    values = {"psnr": psnr(result, clean, score)}
    if family in ("grown", "rectangle"):
        values["ring"] = psnr(result, clean, mask & ~score)
    return values


def case_folders(root, splits, families):
    for split in sorted(os.listdir(root)):
        if splits and split not in splits:
            continue
        for base in sorted(os.listdir(os.path.join(root, split))):
            for name in sorted(os.listdir(os.path.join(root, split, base))):
                family = next(f for f in FAMILIES if name.startswith(f))
                if families and family not in families:
                    continue
                yield split, base, name, family, os.path.join(root, split, base, name)


def run_key(binary, settings):
    """What a cached output was made by: a digest of the build and the settings, one line."""
    digest = hashlib.sha256()
    with open(binary, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return f"{digest.hexdigest()[:16]} {' '.join(settings)}\n"


def cached(path, key):
    """Whether the record at `path` names the build and settings of `key`."""
    try:
        with open(path) as f:
            return f.read() == key
    except OSError:
        return False


def run_local(label, binary, key, settings, methods, folder, force):
    """Runs one build's --apply on a case; returns its CPU seconds per method (None if cached)."""
    outputs = [os.path.join(folder, f"{label}-{m}.png") for m in methods]
    record = os.path.join(folder, f"{label}-run.txt")
    if not force and all(os.path.exists(o) for o in outputs) and cached(record, key):
        return None
    with tempfile.TemporaryDirectory() as out:
        command = ["nice", binary, "--apply", os.path.join(folder, "input.png"), os.path.join(folder, "mask.png"),
                   out, "--methods", ",".join(methods)]
        for setting in settings:
            command += ["--set", setting]
        environment = dict(os.environ, DEGLARE_EVAL_METHODS=",".join(methods))
        # A build older than --methods takes the option for a folder name and runs every method
        # (main's, patched in its export, reads DEGLARE_EVAL_METHODS instead).
        done = subprocess.run(command, capture_output=True, text=True, env=environment)
        if done.returncode != 0:
            sys.exit(f"{label} failed on {folder}: {done.stderr}")
        times = {}
        for line in done.stdout.splitlines():
            match = re.match(r"(\w+): .*cpu ([0-9.]+)", line)
            if match:
                times[match.group(1)] = float(match.group(2))
        for method in methods:
            os.replace(os.path.join(out, method + ".png"), os.path.join(folder, f"{label}-{method}.png"))
        with open(os.path.join(folder, f"{label}-times.csv"), "w") as f:
            f.writelines(f"{m},{t}\n" for m, t in times.items())
        with open(record, "w") as f:
            f.write(key)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases")
    parser.add_argument("--run", action="append", default=[], help="LABEL=path to a deglare-eval build")
    parser.add_argument("--methods", default="auto")
    parser.add_argument("--set", action="append", default=[], help="LABEL:key=value, a setting for one build")
    parser.add_argument("--force", action="append", default=[])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--split", action="append", default=[])
    parser.add_argument("--families", default="")
    parser.add_argument("--no-opencv", action="store_true")
    parser.add_argument("--detail", action="store_true", help="also one line per case")
    args = parser.parse_args()
    methods = args.methods.split(",")
    families = [f for f in args.families.split(",") if f]
    runs = [tuple(r.split("=", 1)) for r in args.run]
    settings = defaultdict(list)
    for s in args.set:
        label, setting = s.split(":", 1)
        settings[label].append(setting)
    cases = list(case_folders(args.cases, args.split, families))
    jobs = [(label, binary, folder) for label, binary in runs for (_, _, _, _, folder) in cases]
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        keys = {label: run_key(binary, settings[label]) for label, binary in runs}
        list(pool.map(
            lambda j: run_local(j[0], j[1], keys[j[0]], settings[j[0]], methods, j[2], j[0] in args.force), jobs))

    peers = [] if args.no_opencv else opencv_methods()
    columns = ["none"] + [f"{label}-{m}" for label, _ in runs for m in methods] + [name for name, _ in peers]
    table = defaultdict(lambda: defaultdict(list))
    cpu = defaultdict(list)
    detail = []
    for split, base, name, family, folder in cases:
        group = "procedural" if base.startswith("procedural") else "photos" if base.startswith("photo-") else "paintings"
        read = lambda f: cv2.imread(os.path.join(folder, f), cv2.IMREAD_COLOR)
        clean, inp = read("clean.png"), read("input.png")
        mask = cv2.imread(os.path.join(folder, "mask.png"), cv2.IMREAD_GRAYSCALE) >= 128
        score = cv2.imread(os.path.join(folder, "score.png"), cv2.IMREAD_GRAYSCALE) >= 128
        results = {"none": inp}
        for label, _ in runs:
            for method in methods:
                results[f"{label}-{method}"] = read(f"{label}-{method}.png")
            times_file = os.path.join(folder, f"{label}-times.csv")
            if os.path.exists(times_file):
                for line in open(times_file):
                    m, t = line.strip().split(",")
                    cpu[f"{label}-{m}"].append(float(t))
        binary = np.where(mask, 255, 0).astype(np.uint8)
        for label, run in peers:
            if label == "shiftmap" and family != "sign":
                continue
            path = os.path.join(folder, label + ".png")
            if not os.path.exists(path):
                cv2.imwrite(path, run(inp, binary))
            results[label] = read(label + ".png")
        row = []
        for method in columns:
            if method not in results:
                row.append("-")
                continue
            values = metrics(family, results[method], clean, inp, mask, score)
            for metric, value in values.items():
                for g in (group, "all"):
                    table[(family, metric, split, g)][method].append(value)
            row.append("/".join(f"{v:.2f}" for v in values.values()))
        detail.append(f"| {split}/{base}/{name} | " + " | ".join(row) + " |")
    labels = {"psnr": "PSNR dB", "ring": "ring PSNR dB", "change": "mean abs change"}
    if args.detail:
        print("| case | " + " | ".join(columns) + " |")
        print("|---" * (len(columns) + 1) + "|")
        print("\n".join(detail))
        print()
    print("| family | metric | split | images | cases | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 5) + "|")
    order = {f: i for i, f in enumerate(FAMILIES)}
    for key in sorted(table, key=lambda k: (order[k[0]], k[1], k[2] != "tune", k[3])):
        family, metric, split, group = key
        row = table[key]
        count = len(row["none"])
        cells = " | ".join(f"{np.nanmean(row[m]):.2f}" if row.get(m) else "-" for m in columns)
        print(f"| {family} | {labels[metric]} | {split} | {group} | {count} | {cells} |")
    if cpu:
        print("\nCPU seconds per case (mean): " + ", ".join(f"{k} {np.mean(v):.3f}" for k, v in sorted(cpu.items())))


if __name__ == "__main__":
    main()
