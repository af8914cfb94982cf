#!/usr/bin/env python3
"""PSNR inside the glare mask for the local methods and OpenCV's inpainting, per glare kind.

Reads the case folders that `deglare-eval OUTDIR` wrote (clean.png, glared.png, mask.png and
subtract.png, fill.png, auto.png), runs cv2.inpaint (Telea and Navier-Stokes, radius 3 and 5)
on the same glared image and mask, and prints a table of mean PSNR (dB) per kind.

    python3 inpaint_eval.py OUTDIR [--write]     # --write saves the OpenCV results beside the others
"""
import csv
import os
import sys
import time
from collections import defaultdict

import cv2
import numpy as np

LOCAL = ["subtract", "fill", "auto"]
OPENCV = [("telea3", cv2.INPAINT_TELEA, 3), ("ns3", cv2.INPAINT_NS, 3),
          ("telea5", cv2.INPAINT_TELEA, 5), ("ns5", cv2.INPAINT_NS, 5)]


def psnr_inside(result, clean, inside):
    diff = result[inside].astype(np.float64) - clean[inside].astype(np.float64)
    mse = float(np.mean(diff * diff))
    return float("inf") if mse == 0 else 10 * np.log10(255.0 ** 2 / mse)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    write = "--write" in sys.argv
    if len(args) != 1:
        sys.exit(__doc__)
    folder = args[0]
    seconds = defaultdict(list)
    times_path = os.path.join(folder, "times.csv")
    if os.path.exists(times_path):
        with open(times_path) as handle:
            for row in csv.DictReader(handle):
                seconds[row["method"]].append(float(row["seconds"]))
    table = defaultdict(lambda: defaultdict(list))
    for name in sorted(os.listdir(folder)):
        case = os.path.join(folder, name)
        if not os.path.isfile(os.path.join(case, "mask.png")):
            continue
        kind = name.rsplit("-", 1)[0]
        clean = cv2.imread(os.path.join(case, "clean.png"), cv2.IMREAD_COLOR)
        glared = cv2.imread(os.path.join(case, "glared.png"), cv2.IMREAD_COLOR)
        mask = cv2.imread(os.path.join(case, "mask.png"), cv2.IMREAD_GRAYSCALE)
        inside = mask >= 128
        table[kind]["none"].append(psnr_inside(glared, clean, inside))
        for method in LOCAL:
            result = cv2.imread(os.path.join(case, method + ".png"), cv2.IMREAD_COLOR)
            table[kind][method].append(psnr_inside(result, clean, inside))
        binary = np.where(inside, 255, 0).astype(np.uint8)
        for label, flag, radius in OPENCV:
            start = time.perf_counter()
            result = cv2.inpaint(glared, binary, radius, flag)
            seconds[label].append(time.perf_counter() - start)
            table[kind][label].append(psnr_inside(result, clean, inside))
            if write:
                cv2.imwrite(os.path.join(case, label + ".png"), result)

    methods = ["none"] + LOCAL + [label for label, _, _ in OPENCV]
    count = len(next(iter(table.values()))["none"]) if table else 0
    print(f"PSNR inside the mask (dB), mean of {count} cases per kind; {folder}")
    print("| kind | " + " | ".join(methods) + " | auto - none | auto - best OpenCV |")
    print("|---" * (len(methods) + 3) + "|")
    overall = defaultdict(list)
    for kind in sorted(table):
        means = {m: float(np.mean(table[kind][m])) for m in methods}
        for m in methods:
            overall[m].extend(table[kind][m])
        best_cv = max(means[label] for label, _, _ in OPENCV)
        cells = " | ".join(f"{means[m]:.2f}" for m in methods)
        print(f"| {kind} | {cells} | {means['auto'] - means['none']:+.2f} | {means['auto'] - best_cv:+.2f} |")
    means = {m: float(np.mean(overall[m])) for m in methods}
    best_cv = max(means[label] for label, _, _ in OPENCV)
    cells = " | ".join(f"{means[m]:.2f}" for m in methods)
    print(f"| **mean** | {cells} | {means['auto'] - means['none']:+.2f} | {means['auto'] - best_cv:+.2f} |")
    print()
    print("mean seconds per case: " + ", ".join(
        f"{m} {np.mean(seconds[m]):.3f}" for m in LOCAL + [label for label, _, _ in OPENCV] if seconds[m]))


if __name__ == "__main__":
    main()
