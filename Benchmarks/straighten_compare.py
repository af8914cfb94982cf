"""Report of Benchmarks/straighten_compare.sh: this build ("branch") next to a baseline build.

Error: the largest corner distance from the truth, % of the photo's diagonal. "ok": within 1 %.
Calibration: a result is "flagged" when its confidence is below 0.5 (the CLI then warns "check the
corners" for this build); "confidently wrong" is more than 1 % off and not flagged; "false alarm"
is flagged but within 1 %.
"""
import collections
import json
import math
import os
import statistics
import sys


def row_summary(label, errors, confidences):
    n = len(errors)
    flagged = [c < 0.5 for c in confidences]
    wrong = [e > 1 for e in errors]
    confident_wrong = sum(w and not f for w, f in zip(wrong, flagged))
    false_alarm = sum(f and not w for w, f in zip(wrong, flagged))
    return (f"{label:24} {n:3} {100 * sum(e <= 0.3 for e in errors) / n:5.0f}% {100 * sum(e <= 0.5 for e in errors) / n:5.0f}%"
            f" {100 * sum(e <= 1 for e in errors) / n:5.0f}% {statistics.median(errors):7.3f} {max(errors):7.2f}"
            f" {sum(wrong):5} {sum(w and f for w, f in zip(wrong, flagged)):7} {confident_wrong:9} {false_alarm:7}")


def header():
    return (f"{'':24} {'n':>3} {'<=0.3%':>6} {'<=0.5%':>6} {'<=1%':>6} {'median':>7} {'worst':>7}"
            f" {'>1%':>5} {'flagged':>7} {'conf.wrong':>9} {'f.alarm':>7}")


def photos(folder, reference):
    print("Real raw photos (truth: the iOS app's frame corners mapped back into the raw photo)")
    print(f"{'photo':10} {'main err %':>10} {'conf':>5} {'branch err %':>12} {'conf':>5} {'warnings (branch)'}")
    for name in sorted(reference["photos"]):
        ref = reference["photos"][name]
        diagonal = math.hypot(*ref["raw_size"])
        cells = []
        for side in ("baseline", "branch"):
            path = os.path.join(folder, "photos", f"{name}.{side}.json")
            if not os.path.exists(path):
                cells.append(None)
                continue
            result = json.load(open(path))
            error = max(math.dist(a, b) for a, b in zip(result["corners"], ref["frame_corners"]))
            cells.append((100 * error / diagonal, result["confidence"], result["warnings"]))
        if None in cells:
            continue
        (be, bc, _), (oe, oc, warnings) = cells
        print(f"{name:10} {be:10.3f} {bc:5.2f} {oe:12.3f} {oc:5.2f} {'; '.join(w[:70] for w in warnings) or '-'}")


def scenes(folder, split):
    path = os.path.join(folder, f"scenes-{split}.jsonl")
    baseline_path = os.path.join(folder, f"baseline-{split}.jsonl")
    if not os.path.exists(path):
        return
    rows = [json.loads(line) for line in open(path) if line.startswith("{")]
    baseline = {}
    if os.path.exists(baseline_path):
        for line in open(baseline_path):
            entry = json.loads(line)
            baseline[os.path.basename(entry["file"])] = entry["result"]
    print(f"\nScene sets, {split} split ({len(rows)} scenes): error = largest corner distance, % of the diagonal")
    print(header())
    by_kind = collections.defaultdict(list)
    for row in rows:
        by_kind[row["kind"]].append(row)
    totals = {"main": ([], []), "branch": ([], [])}
    for kind, group in by_kind.items():
        for side in ("main", "branch"):
            errors, confidences = [], []
            for row in group:
                if side == "branch":
                    errors.append(row["error_percent"])
                    confidences.append(row["confidence"])
                    continue
                result = baseline.get(f"{split}-{row['kind']}-{row['seed']}.jpg")
                if result is None:
                    continue
                diagonal = math.hypot(*row["size"])
                error = max(math.dist(a, b) for a, b in zip(result["corners"], row["truth"]))
                errors.append(100 * error / diagonal)
                confidences.append(result["confidence"])
            if errors:
                print(row_summary(f"{kind} {side}", errors, confidences))
                totals[side][0].extend(errors)
                totals[side][1].extend(confidences)
    for side in ("main", "branch"):
        if totals[side][0]:
            print(row_summary(f"ALL {side}", *totals[side]))
    return totals


def main():
    folder, reference_path = sys.argv[1], sys.argv[2]
    photos(folder, json.load(open(reference_path)))
    for split in ("tune", "held-out"):
        scenes(folder, split)


if __name__ == "__main__":
    main()
