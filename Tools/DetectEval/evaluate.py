#!/usr/bin/env python3
"""Scores the built `deglare detect` on synthetic sets (synth.py) and on real photos.

Synthetic: per glare kind, pixel precision, recall and IoU pooled over the kind's images, plus
the false-positive coverage of the glare-free images (mean, and how many exceed 0.5 %), and the
recall of blown glare (truth pixels whose three channels are clipped at 250 or more). Each
table's `share` is its row's part of the table's truth pixels: how much that row's IoU weighs in
the pooled IoU.
Real photos: coverage per photo, as `deglare detect --json` reports it; with a reference mask
(PHOTO=MASK.png, any size: it is scaled to the photo with nearest neighbour) also the precision
and recall against it.

With --extent, per glare type also where the misses are: the truth blobs (8-connected) that
the proposal touches at all ("found"), how much of their area it covers, and whether the truth
it misses lies in found blobs (extent: the proposal covers only their core) or in blobs it never
touches; and how much of the proposal lies outside the truth, touching a found blob or apart.

Usage: evaluate.py [--deglare .build/release/deglare] [--synthetic DIR ...] [--photos FILE ...]
                   [--reference PHOTO=MASK ...] [--out DIR] [--per-image] [--extent]
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
from scipy import ndimage


def detect(deglare, image, out_dir, overlay=False):
    stem = os.path.splitext(os.path.basename(image))[0]
    mask = os.path.join(out_dir, stem + ".mask.png")
    args = [deglare, "detect", image, "-o", mask, "--json", "--force"]
    if overlay:
        args += ["--overlay", os.path.join(out_dir, stem + ".overlay.png")]
    result = subprocess.run(args, capture_output=True, text=True, check=True)
    return json.loads(result.stdout), mask


def groups(image):
    """(glare type, scene type, presentation) from a file name: realset.py writes
    <glare>__<scene>__<presentation>__<n>, synth.py <kind>_<n> (scene "v2")."""
    stem = os.path.basename(image).rsplit(".", 1)[0]
    if "__" in stem:
        glare, scene, presentation, _ = stem.split("__")
        return glare, scene, presentation
    return stem.split("_")[0], "v2", "straight"


def table(title, rows):
    print(f"{title:12s} {'images':>6s} {'precision':>9s} {'recall':>6s} {'IoU':>5s} {'blown':>5s} {'cover%':>7s} {'truth%':>6s} "
          f"{'share':>5s}")
    # share: the row's part of all the truth pixels in the table, what its IoU weighs in the pooled IoU.
    total = max(sum(t["gt"] for t in rows.values()), 1)
    for name, t in sorted(rows.items()):
        cover = 100 * t["pred"] / t["pixels"]
        precision = f"{t['tp'] / t['pred']:9.2f}" if t["pred"] else f"{'-':>9s}"
        recall = f"{t['tp'] / t['gt']:6.2f}" if t["gt"] else f"{'-':>6s}"
        iou = f"{t['tp'] / (t['pred'] + t['gt'] - t['tp']):5.2f}" if t["gt"] else f"{'-':>5s}"
        blown = f"{t['btp'] / t['bgt']:5.2f}" if t["bgt"] else f"{'-':>5s}"
        print(f"{name:12s} {t['images']:6d} {precision} {recall} {iou} {blown} {cover:7.3f} {100 * t['gt'] / t['pixels']:6.2f} "
              f"{t['gt'] / total:5.2f}")


def extent_counts(mask, truth):
    """Pixel counts of the extent diagnosis (see the module's docstring) for one image."""
    eight = np.ones((3, 3), bool)
    labels, _ = ndimage.label(truth, eight)
    found = (labels > 0) & np.isin(labels, labels[mask & truth])
    proposed, _ = ndimage.label(mask, eight)
    touching = (proposed > 0) & np.isin(proposed, proposed[mask & truth])
    return {"found_gt": int(found.sum()), "found_tp": int((found & mask).sum()),
            "missed_gt": int((truth & ~found).sum()), "fp_touching": int((touching & ~truth).sum()),
            "fp_apart": int((mask & ~touching).sum())}


def extent_table(rows):
    print(f"{'glare type':12s} {'found%':>6s} {'covered':>7s} {'miss:extent':>11s} {'miss:unfound':>12s} "
          f"{'FP:touching':>11s} {'FP:apart':>8s} {'IoU if found covered':>20s}")
    for name, t in sorted(rows.items()):
        missed = max(t["gt"] - t["tp"], 1)
        pred = max(t["pred"], 1)
        union = max(t["pred"] + t["gt"] - t["tp"], 1)
        extent = t["found_gt"] - t["found_tp"]
        print(f"{name:12s} {100 * t['found_gt'] / max(t['gt'], 1):6.1f} {t['found_tp'] / max(t['found_gt'], 1):7.2f} "
              f"{extent / missed:11.2f} {t['missed_gt'] / missed:12.2f} {t['fp_touching'] / pred:11.2f} "
              f"{t['fp_apart'] / pred:8.2f} {(t['tp'] + extent) / union:20.2f}")


def synthetic(deglare, directory, out_dir, per_image, extent=False):
    images = sorted(p for p in glob.glob(os.path.join(directory, "*.*"))
                    if p.endswith((".png", ".jpg")) and not p.endswith(".gt.png"))
    sub = os.path.join(out_dir, os.path.basename(os.path.normpath(directory)))
    os.makedirs(sub, exist_ok=True)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda p: detect(deglare, p, sub), images))
    by_glare, by_scene, by_presentation, overall = {}, {}, {}, {}
    clean = []
    for image, (report, mask_path) in zip(images, results):
        glare, scene, presentation = groups(image)
        mask = np.asarray(Image.open(mask_path)) > 0
        truth = np.asarray(Image.open(os.path.splitext(image)[0] + ".gt.png")) > 0
        clipped = truth & (np.asarray(Image.open(image).convert("RGB")).min(axis=2) >= 250)
        tp = int((mask & truth).sum())
        counts = {"tp": tp, "pred": int(mask.sum()), "gt": int(truth.sum()), "pixels": mask.size, "images": 1,
                  "btp": int((mask & clipped).sum()), "bgt": int(clipped.sum())}
        if extent:
            counts.update(extent_counts(mask, truth))
        if glare == "clean":
            clean.append((image, 100 * mask.mean(), scene, presentation))
        keys = [(by_glare, glare), (by_scene, scene if glare != "clean" else None),
                (by_presentation, presentation if glare != "clean" else None), (overall, "all glare" if glare != "clean" else None)]
        for rows, key in keys:
            if key is None:
                continue
            t = rows.setdefault(key, dict.fromkeys(counts, 0))
            for k, v in counts.items():
                t[k] += v
        if per_image:
            frame = report.get("frame", {}).get("source", "-") if isinstance(report.get("frame"), dict) else "-"
            print(f"  {os.path.basename(image):40s} pred {100 * mask.mean():6.2f} %  truth {100 * truth.mean():6.2f} %"
                  f"  precision {tp / max(mask.sum(), 1):5.2f}  recall {tp / max(truth.sum(), 1):5.2f}"
                  f"  blown {counts['btp']}/{counts['bgt']}  frame {frame}")
    print(f"== {directory}")
    table("glare type", {k: v for k, v in by_glare.items() if k != "clean"})
    table("scene type", by_scene)
    table("presentation", by_presentation)
    table("overall", overall)
    if extent:
        extent_table({k: v for k, v in by_glare.items() if k != "clean"} | overall)
    if clean:
        covers = [c[1] for c in clean]
        worst = max(clean, key=lambda c: c[1])
        print(f"glare-free: {len(clean)} images, mean {np.mean(covers):.3f} %, max {worst[1]:.3f} % "
              f"({os.path.basename(worst[0])}), over 0.5 %: {sum(c > 0.5 for c in covers)}, over 2 %: {sum(c > 2 for c in covers)}")
        scenes = sorted({c[2] for c in clean})
        print("  by scene: " + ", ".join(f"{s} {np.mean([c[1] for c in clean if c[2] == s]):.3f}" for s in scenes))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deglare", default=".build/release/deglare")
    parser.add_argument("--synthetic", nargs="*", default=[])
    parser.add_argument("--photos", nargs="*", default=[])
    parser.add_argument("--reference", nargs="*", default=[], help="PHOTO=MASK pairs")
    parser.add_argument("--out", help="keep masks and overlays here (default: a temporary folder)")
    parser.add_argument("--per-image", action="store_true")
    parser.add_argument("--extent", action="store_true", help="where the misses are: extent of found blobs or unfound")
    args = parser.parse_args()
    out_dir = args.out or tempfile.mkdtemp(prefix="detect-eval-")
    os.makedirs(out_dir, exist_ok=True)
    for directory in args.synthetic:
        synthetic(args.deglare, directory, out_dir, args.per_image, args.extent)
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
