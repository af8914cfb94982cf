#!/usr/bin/env python3
"""Scores the local method's evaluation set (`deglare-eval --suite OUTDIR`) beside OpenCV.

Each case folder OUTDIR/<split>/<base>/<family>-<name>/ holds clean.png, input.png, mask.png,
score.png and one PNG per local method (subtract, fill, auto). OpenCV's inpainting (Telea and
Navier-Stokes, radius 3) and, when opencv-contrib is installed, the exemplar-based shift-map
inpainting of cv2.xphoto (a PatchMatch-like method; on the sign cases only, it is slow) run on
the same input and mask here.

Metrics, per family:
  tight, sign   PSNR (dB) inside the mask against the clean picture
  grown         PSNR inside the tight mask (score.png), and in the added ring (mask less score)
  glare-free    mean absolute change (levels) inside the mask; the input is the clean picture

    python3 local_eval.py OUTDIR [--no-opencv]
"""
import os
import sys
from collections import defaultdict

import cv2
import numpy as np

LOCAL = ["subtract", "fill", "auto"]


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
    if family == "grown":
        values["ring"] = psnr(result, clean, mask & ~score)
    return values


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        sys.exit(__doc__)
    root = args[0]
    peers = [] if "--no-opencv" in sys.argv else opencv_methods()
    methods = ["none"] + LOCAL + [name for name, _ in peers]
    # table[(family, metric, split, group)][method] -> values
    table = defaultdict(lambda: defaultdict(list))
    for split in sorted(os.listdir(root)):
        for base in sorted(os.listdir(os.path.join(root, split))):
            group = "procedural" if base.startswith("procedural") else "paintings"
            for name in sorted(os.listdir(os.path.join(root, split, base))):
                folder = os.path.join(root, split, base, name)
                family = next(f for f in ["tight", "grown", "glare-free", "sign"] if name.startswith(f))
                read = lambda f: cv2.imread(os.path.join(folder, f), cv2.IMREAD_COLOR)
                clean, inp = read("clean.png"), read("input.png")
                mask = cv2.imread(os.path.join(folder, "mask.png"), cv2.IMREAD_GRAYSCALE) >= 128
                score = cv2.imread(os.path.join(folder, "score.png"), cv2.IMREAD_GRAYSCALE) >= 128
                results = {"none": inp}
                for method in LOCAL:
                    if os.path.exists(os.path.join(folder, method + ".png")):
                        results[method] = read(method + ".png")
                binary = np.where(mask, 255, 0).astype(np.uint8)
                for label, run in peers:
                    # The exemplar peer is slow: it runs where exemplar synthesis is the point.
                    if label == "shiftmap" and family != "sign":
                        continue
                    results[label] = run(inp, binary)
                for method, result in results.items():
                    for metric, value in metrics(family, result, clean, inp, mask, score).items():
                        for g in (group, "all"):
                            table[(family, metric, split, g)][method].append(value)
    labels = {"psnr": "PSNR dB", "ring": "ring PSNR dB", "change": "mean |change|"}
    print("| family | metric | split | images | cases | " + " | ".join(methods) + " |")
    print("|---" * (len(methods) + 5) + "|")
    order = {"tight": 0, "grown": 1, "glare-free": 2, "sign": 3}
    for key in sorted(table, key=lambda k: (order[k[0]], k[1], k[2] != "tune", k[3])):
        family, metric, split, group = key
        row = table[key]
        count = len(next(iter(row.values())))
        cells = " | ".join(f"{np.nanmean(row[m]):.2f}" if row.get(m) else "-" for m in methods)
        print(f"| {family} | {labels[metric]} | {split} | {group} | {count} | {cells} |")


if __name__ == "__main__":
    main()
