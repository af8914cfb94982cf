#!/usr/bin/env python3
"""Scores the built `deglare detect` on synthetic sets (synth.py) and on real photos.

Synthetic: per glare kind, pixel precision, recall and IoU pooled over the kind's images, plus
the false-positive coverage of the glare-free images (mean, and how many exceed 0.5 %), and the
recall of blown glare (truth pixels whose three channels are clipped at 250 or more).
Real photos: coverage per photo, as `deglare detect --json` reports it; with a reference mask
(PHOTO=MASK.png, any size: it is scaled to the photo with nearest neighbour) also the precision
and recall against it.

Usage: evaluate.py [--deglare .build/release/deglare] [--synthetic DIR ...] [--photos FILE ...]
                   [--reference PHOTO=MASK ...] [--out DIR] [--per-image]
"""
import argparse
import glob
import json
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

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


def synthetic(deglare, directory, out_dir, per_image):
    images = sorted(p for p in glob.glob(os.path.join(directory, "*.*"))
                    if p.endswith((".png", ".jpg")) and not p.endswith(".gt.png"))
    sub = os.path.join(out_dir, os.path.basename(os.path.normpath(directory)))
    os.makedirs(sub, exist_ok=True)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda p: detect(deglare, p, sub), images))
    totals = {}
    blown = [0, 0]
    for image, (report, mask_path) in zip(images, results):
        kind = os.path.basename(image).split("_")[0]
        mask = np.asarray(Image.open(mask_path)) > 0
        truth = np.asarray(Image.open(os.path.splitext(image)[0] + ".gt.png")) > 0
        t = totals.setdefault(kind, {"tp": 0, "pred": 0, "gt": 0, "pixels": 0, "over": 0, "images": 0})
        tp = int((mask & truth).sum())
        clipped = truth & (np.asarray(Image.open(image).convert("RGB")).min(axis=2) >= 250)
        blown[0] += int((mask & clipped).sum())
        blown[1] += int(clipped.sum())
        t["tp"] += tp
        t["pred"] += int(mask.sum())
        t["gt"] += int(truth.sum())
        t["pixels"] += mask.size
        t["images"] += 1
        t["over"] += int(report["coverage_percent"] > 0.5)
        if per_image:
            print(f"  {os.path.basename(image):18s} pred {100 * mask.mean():6.2f} %  truth {100 * truth.mean():6.2f} %"
                  f"  precision {tp / max(mask.sum(), 1):5.2f}  recall {tp / max(truth.sum(), 1):5.2f}")
    print(f"== {directory}")
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
    if blown[1]:
        print(f"{'blown':10s} {'':6s} {'':9s} {blown[0] / blown[1]:6.2f}  (recall of clipped glare pixels, {blown[1]} of them)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deglare", default=".build/release/deglare")
    parser.add_argument("--synthetic", nargs="*", default=[])
    parser.add_argument("--photos", nargs="*", default=[])
    parser.add_argument("--reference", nargs="*", default=[], help="PHOTO=MASK pairs")
    parser.add_argument("--out", help="keep masks and overlays here (default: a temporary folder)")
    parser.add_argument("--per-image", action="store_true")
    args = parser.parse_args()
    out_dir = args.out or tempfile.mkdtemp(prefix="detect-eval-")
    os.makedirs(out_dir, exist_ok=True)
    for directory in args.synthetic:
        synthetic(args.deglare, directory, out_dir, args.per_image)
    references = dict(pair.split("=", 1) for pair in args.reference)
    photos = list(args.photos) + [p for p in references if p not in args.photos]
    for photo in photos:
        report, mask_path = detect(args.deglare, photo, out_dir, overlay=True)
        line = f"{os.path.basename(photo):28s} coverage {report['coverage_percent']:7.3f} %  blobs {report['blobs']:3d}  {report['seconds']:.2f} s"
        if photo in references:
            mask = np.asarray(Image.open(mask_path)) > 0
            ref = Image.open(references[photo]).convert("L").resize((mask.shape[1], mask.shape[0]), Image.NEAREST)
            ref = np.asarray(ref) >= 128
            tp = int((mask & ref).sum())
            line += f"  vs reference: precision {tp / max(mask.sum(), 1):.2f} recall {tp / max(ref.sum(), 1):.2f}"
        print(line)


if __name__ == "__main__":
    main()
