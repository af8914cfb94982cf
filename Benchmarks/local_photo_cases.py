#!/usr/bin/env python3
"""Builds the local method's glare-free cases on the real museum photos (issue 13's family (c), a
mask over paint with no glare, on photos rather than scans): every photo of ../shared/photos but
IMG_7690 (the one with a real streak) at half size, six 512x384 crops each at seeded random
places (paint, frame, wall), each with a hand-sized polygon mask (radius 35-80 px) near its
middle. Any change under such a mask is harm. The cases are for checking only: nothing is tuned
on them.

    python3 local_photo_cases.py PHOTOS CASES      # writes CASES/photos/photo-IMG_768x/glare-free-N/

Each case holds input.png and clean.png (the same crop), mask.png and score.png (the same mask),
as `local_eval.py` expects. The same photos give the same cases (seed 7).
"""
import glob
import os
import sys

import numpy as np
from PIL import Image, ImageDraw

CROP = (512, 384)
PER_PHOTO = 6


def main():
    photos_dir, cases = sys.argv[1], sys.argv[2]
    photos = sorted(p for p in glob.glob(os.path.join(photos_dir, "IMG_*-straightened.jpg")) if "IMG_7690" not in p)
    if not photos:
        sys.exit(f"no photos in {photos_dir}")
    random = np.random.default_rng(7)
    width, height = CROP
    for path in photos:
        image = Image.open(path).convert("RGB")
        image = image.resize((image.width // 2, image.height // 2), Image.LANCZOS)
        pixels = np.array(image)
        name = "photo-" + os.path.basename(path).split("-")[0]
        for index in range(PER_PHOTO):
            x0 = int(random.integers(0, image.width - width))
            y0 = int(random.integers(0, image.height - height))
            crop = pixels[y0:y0 + height, x0:x0 + width]
            cx = width // 2 + int(random.integers(-100, 100))
            cy = height // 2 + int(random.integers(-60, 60))
            radius = int(random.integers(35, 80))
            corners = int(random.integers(5, 9))
            angles = np.sort(random.uniform(0, 2 * np.pi, corners))
            points = [(cx + radius * random.uniform(0.7, 1.2) * np.cos(a), cy + radius * random.uniform(0.7, 1.2) * np.sin(a))
                      for a in angles]
            mask = Image.new("L", CROP, 0)
            ImageDraw.Draw(mask).polygon(points, fill=255)
            folder = os.path.join(cases, "photos", name, f"glare-free-{index + 1}")
            os.makedirs(folder, exist_ok=True)
            Image.fromarray(crop).save(os.path.join(folder, "input.png"))
            Image.fromarray(crop).save(os.path.join(folder, "clean.png"))
            mask.save(os.path.join(folder, "mask.png"))
            mask.save(os.path.join(folder, "score.png"))


if __name__ == "__main__":
    main()
