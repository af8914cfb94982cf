"""Report of Benchmarks/straighten_eval.sh: photos against the app's reference, synthetic set summary.

Aims (from the issues): frame corners within 0.3 % of the photo's diagonal (about 20 px at 18 MP);
output proportions within 2 % of the app's; at least 90 % of synthetic frames within 0.3 %; on the
scene sets, at least 95 % of shadowed frames within 0.3 %, documents within 0.5 %, and no result
more than 1 % off with a confidence of 0.5 or more.
"""
import collections
import json
import math
import os
import statistics
import sys


def photos(folder, reference):
    print("Real photos (reference corners: the app's straightened output mapped back, see straighten_reference.py)")
    print(f"{'photo':10} {'max corner err':>15} {'% diag':>7} {'corner errors px':>28} {'aspect':>7} {'app':>7} {'diff %':>7}"
          f" {'margin px':>10} {'proportions':>16} {'conf':>5} {'s':>5}")
    worst = 0.0
    for name in sorted(reference["photos"]):
        path = os.path.join(folder, name + ".json")
        if not os.path.exists(path):
            continue
        ours = json.load(open(path))
        ref = reference["photos"][name]
        width, height = ref["raw_size"]
        diagonal = math.hypot(width, height)
        errors = [math.dist(a, b) for a, b in zip(ours["corners"], ref["frame_corners"])]
        ow, oh = ours["output_size"]
        aspect = ow / oh
        difference = 100 * (aspect / ref["app_aspect"] - 1)
        seconds = json.load(open(os.path.join(folder, name + ".time.json")))["wall_seconds"]
        worst = max(worst, max(errors) / diagonal * 100)
        print(f"{name:10} {max(errors):12.1f} px {100 * max(errors) / diagonal:6.3f}% "
              f"{' '.join(f'{e:6.1f}' for e in errors):>28} {aspect:7.4f} {ref['app_aspect']:7.4f} {difference:+7.2f}"
              f" {ours['margin_px']:10.1f} {ours['proportions']:>16} {ours['confidence']:5.2f} {seconds:5.2f}")
    print(f"worst corner error: {worst:.3f} % of the diagonal (aim 0.3 %)")


def synthetic(path, label):
    rows = [json.loads(line) for line in open(path)]
    summary = rows[-1]
    scenes = rows[:-1]
    by_style = collections.defaultdict(list)
    for row in scenes:
        by_style[row["style"]].append(row["error_percent"])
    print(f"\nSynthetic set, {label}: {summary['scenes']} scenes at {summary['size'][0]}x{summary['size'][1]}")
    print(f"  detected (not the fallback): {100 * summary['found_rate']:.0f} %; corners within 0.3 % of the diagonal: "
          f"{100 * summary['within_0_3_percent']:.0f} %; within 1 %: {100 * summary['within_1_percent']:.0f} %")
    print(f"  corner error: median {summary['median_error_px']:.2f} px ({summary['median_error_percent']:.3f} %), "
          f"90th percentile {summary['p90_error_px']:.1f} px; detection time median {summary['median_detection_seconds']:.2f} s")
    for style, errors in sorted(by_style.items()):
        within = sum(1 for e in errors if e <= 0.3)
        print(f"  {style:7} {within:3}/{len(errors):<3} within 0.3 %, median {statistics.median(errors):.3f} %")


def scenes(path, split):
    rows = [json.loads(line) for line in open(path) if line.startswith("{")]
    if not rows:
        return
    print(f"\nScene sets, {split} split: {len(rows)} scenes (error = largest corner distance, % of the diagonal)")
    print(f"{'kind':15} {'n':>3} {'<=0.3%':>7} {'<=0.5%':>7} {'<=1%':>6} {'median':>7} {'worst':>7}"
          f" {'>1% & conf>=0.5':>16} {'ok & conf>=0.5':>15} {'warned':>7}")
    by_kind = collections.defaultdict(list)
    for row in rows:
        by_kind[row["kind"]].append(row)
    for kind, group in list(by_kind.items()) + [("all", rows)]:
        errors = [r["error_percent"] for r in group]
        n = len(group)
        confident_wrong = sum(1 for r in group if r["error_percent"] > 1 and r["confidence"] >= 0.5)
        good = [r for r in group if r["error_percent"] <= 0.3]
        warned = sum(1 for r in group if any(w.startswith("check the corners") for w in r["warnings"]))
        print(f"{kind:15} {n:3} {100 * sum(e <= 0.3 for e in errors) / n:6.0f}% {100 * sum(e <= 0.5 for e in errors) / n:6.0f}%"
              f" {100 * sum(e <= 1 for e in errors) / n:5.0f}% {statistics.median(errors):7.3f} {max(errors):7.2f}"
              f" {confident_wrong:16} {sum(r['confidence'] >= 0.5 for r in good):8}/{len(good):<6} {warned:7}")
    # Calibration: how often a result at each confidence is more than 1 % (and 0.3 %) off.
    print("  confidence   n   >0.3% off   >1% off")
    for low, high in ((0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.01)):
        group = [r for r in rows if low <= r["confidence"] < high]
        if group:
            print(f"  {low:4.2f}-{min(high, 1):4.2f} {len(group):4} {sum(r['error_percent'] > 0.3 for r in group):9}"
                  f" {sum(r['error_percent'] > 1 for r in group):9}")


def main():
    folder, reference_path = sys.argv[1], sys.argv[2]
    photos(folder, json.load(open(reference_path)))
    for target in ("frame", "painting"):
        path = os.path.join(folder, f"synthetic-{target}.jsonl")
        if os.path.exists(path):
            synthetic(path, f"--target {target}")
    for split in ("tune", "held-out"):
        path = os.path.join(folder, f"scenes-{split}.jsonl")
        if os.path.exists(path):
            scenes(path, split)


if __name__ == "__main__":
    main()
