#!/usr/bin/env python3
"""Scores the built `deglare detect` on the synthetic set (synth.py) and on real photos.

Synthetic: per glare kind, pixel precision, recall and IoU pooled over the kind's images, plus
the false-positive coverage of the glare-free images (mean, and how many exceed 0.5 %).
Real photos: coverage per photo, as `deglare detect --json` reports it.

Usage: evaluate.py --deglare .build/release/deglare [--synthetic DIR] [--photos FILE ...] [--out DIR]
"""
import argparse
import glob
import json
import os
import subprocess
import tempfile

import numpy as np
from PIL import Image


def detect(deglare, image, out_dir, overlay=False):
    stem = os.path.splitext(os.path.basename(image))[0]
    mask = os.path.join(out_dir, stem + ".mask.png")
    args = [deglare, "detect", image, "-o", mask, "--json", "--force"]
    if overlay:
        args += ["--overlay", os.path.join(out_dir, stem + ".overlay.png")]
    result = subprocess.run(args, capture_output=True, text=True, check=True)
    return json.loads(result.stdout), mask


def synthetic(deglare, directory, out_dir):
    totals = {}
    for image in sorted(glob.glob(os.path.join(directory, "*.png"))):
        if image.endswith(".gt.png"):
            continue
        kind = os.path.basename(image).split("_")[0]
        report, mask_path = detect(deglare, image, out_dir)
        mask = np.asarray(Image.open(mask_path)) > 0
        truth = np.asarray(Image.open(image[:-4] + ".gt.png")) > 0
        t = totals.setdefault(kind, {"tp": 0, "pred": 0, "gt": 0, "pixels": 0, "over": 0, "images": 0})
        t["tp"] += int((mask & truth).sum())
        t["pred"] += int(mask.sum())
        t["gt"] += int(truth.sum())
        t["pixels"] += mask.size
        t["images"] += 1
        t["over"] += int(report["coverage_percent"] > 0.5)
    print(f"{'kind':10s} {'images':>6s} {'precision':>9s} {'recall':>6s} {'IoU':>5s} {'coverage%':>9s} {'truth%':>7s}")
    for kind, t in sorted(totals.items()):
        cover = 100 * t["pred"] / t["pixels"]
        if kind == "clean":
            print(f"{kind:10s} {t['images']:6d} {'-':>9s} {'-':>6s} {'-':>5s} {cover:9.3f} {'-':>7s}  (over 0.5 %: {t['over']})")
            continue
        precision = t["tp"] / t["pred"] if t["pred"] else float("nan")
        recall = t["tp"] / t["gt"] if t["gt"] else float("nan")
        iou = t["tp"] / (t["pred"] + t["gt"] - t["tp"]) if t["pred"] + t["gt"] else float("nan")
        print(f"{kind:10s} {t['images']:6d} {precision:9.2f} {recall:6.2f} {iou:5.2f} {cover:9.3f} {100 * t['gt'] / t['pixels']:7.2f}")
    glare = [t for k, t in totals.items() if k != "clean"]
    tp = sum(t["tp"] for t in glare)
    pred = sum(t["pred"] for t in glare)
    gt = sum(t["gt"] for t in glare)
    if pred and gt:
        print(f"{'all glare':10s} {sum(t['images'] for t in glare):6d} {tp / pred:9.2f} {tp / gt:6.2f} {tp / (pred + gt - tp):5.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deglare", default=".build/release/deglare")
    parser.add_argument("--synthetic")
    parser.add_argument("--photos", nargs="*", default=[])
    parser.add_argument("--out", help="keep masks and overlays here (default: a temporary folder)")
    args = parser.parse_args()
    out_dir = args.out or tempfile.mkdtemp(prefix="detect-eval-")
    os.makedirs(out_dir, exist_ok=True)
    if args.synthetic:
        synthetic(args.deglare, args.synthetic, out_dir)
    for photo in args.photos:
        report, _ = detect(args.deglare, photo, out_dir, overlay=True)
        print(f"{os.path.basename(photo):28s} coverage {report['coverage_percent']:7.3f} %  blobs {report['blobs']:3d}  {report['seconds']:.2f} s")


if __name__ == "__main__":
    main()
