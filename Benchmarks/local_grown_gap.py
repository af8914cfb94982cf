#!/usr/bin/env python3
"""Where a generous mask loses against a tight one (issue 13 (b)), per case of the local method's set.

Each grown case CASES/<base>/grown-<kind>/ shares its input with CASES/<base>/tight-<kind>/ (its
score.png is the tight mask), so the two outputs can be compared inside the glare directly. For
outputs already written by `Benchmarks/local_eval.py` (<label>-auto.png beside each case), this
prints per kind, worst first: PSNR inside the glare for the tight and the grown mask and their gap;
the true glare (input - clean, linear light, mean Euclidean over the channels) and the two
estimates (input - output); the estimates' gain along the truth (1: as strong as the truth; below:
too weak) and their mean error; and the grown case's ring PSNR. A gain near 1 with a large error
means the estimate has the wrong shape (too smooth, or spread), a low gain that it was cut.

    Benchmarks/.venv/bin/python Benchmarks/local_grown_gap.py CASES/tune --tight LABEL [--grown LABEL]
"""
import argparse
import os
import sys

import numpy as np
from PIL import Image

from local_eval import psnr


def linear(a):
    a = a.astype(np.float64) / 255
    return np.where(a <= 0.04045, a / 12.92, ((a + 0.055) / 1.055) ** 2.4)


def load(path):
    return np.asarray(Image.open(path).convert("RGB"))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases", help="one split of the case folders, e.g. .../cases-quick/tune")
    parser.add_argument("--tight", required=True, help="label of the outputs on the tight cases")
    parser.add_argument("--grown", help="label of the outputs on the grown cases (default: --tight)")
    args = parser.parse_args()
    grown_label = args.grown or args.tight
    rows = []
    for base in sorted(os.listdir(args.cases)):
        for name in sorted(os.listdir(os.path.join(args.cases, base))):
            if not name.startswith("grown-"):
                continue
            grown = os.path.join(args.cases, base, name)
            tight = os.path.join(args.cases, base, "tight-" + name[len("grown-"):])
            source = load(os.path.join(grown, "input.png"))
            clean = load(os.path.join(grown, "clean.png"))
            score = load(os.path.join(grown, "score.png"))[..., 0] >= 128
            mask = load(os.path.join(grown, "mask.png"))[..., 0] >= 128
            outputs = [os.path.join(tight, f"{args.tight}-auto.png"), os.path.join(grown, f"{grown_label}-auto.png")]
            missing = [path for path in outputs if not os.path.exists(path)]
            if missing:
                sys.exit(f"{missing[0]} is missing: run Benchmarks/local_eval.py on these cases with "
                         f"--run {args.tight}=BIN (and the grown label) first")
            out_tight, out_grown = (load(path) for path in outputs)
            truth = linear(source) - linear(clean)

            def measure(output):
                estimate = linear(source) - linear(output)
                gain = (estimate[score] * truth[score]).sum() / max((truth[score] ** 2).sum(), 1e-12)
                error = np.sqrt(((estimate[score] - truth[score]) ** 2).sum(-1)).mean()
                return np.sqrt((estimate[score] ** 2).sum(-1)).mean(), gain, error

            amount_t, gain_t, error_t = measure(out_tight)
            amount_g, gain_g, error_g = measure(out_grown)
            p_tight, p_grown = psnr(out_tight, clean, score), psnr(out_grown, clean, score)
            rows.append((p_tight - p_grown,
                         f"| {base}/{name[6:]} | {p_tight:.2f} | {p_grown:.2f} | {p_tight - p_grown:.2f} | "
                         f"{np.sqrt((truth[score] ** 2).sum(-1)).mean():.3f} | {amount_t:.3f} / {amount_g:.3f} | "
                         f"{gain_t:.2f} / {gain_g:.2f} | {error_t:.4f} / {error_g:.4f} | "
                         f"{psnr(out_grown, clean, mask & ~score):.2f} |"))
    rows.sort(key=lambda row: -row[0])
    print("| case | tight dB | grown dB | gap | true glare | estimate t / g | gain t / g | error t / g | ring dB |")
    print("|---|---|---|---|---|---|---|---|---|")
    for _, line in rows:
        print(line)
    print(f"\nmean gap {np.mean([gap for gap, _ in rows]):.2f} dB over {len(rows)} cases")


if __name__ == "__main__":
    main()
