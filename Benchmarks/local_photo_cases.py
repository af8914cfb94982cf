#!/usr/bin/env python3
"""Builds the local method's glare-free cases on the real museum photos (issue 13's family (c), a
mask over paint with no glare, on photos rather than scans): every photo of ../shared/photos but
IMG_7690 (the one with a real streak) at half size, six 512x384 crops each at seeded random
places (paint, frame, wall), each with a hand-sized polygon mask (radius 35-80 px) near its
middle. Any change under such a mask is harm. The cases are for checking only: nothing is tuned
on them.

    python3 local_photo_cases.py PHOTOS CASES      # writes CASES/photos/photo-IMG_768x/glare-free-N/
    python3 local_photo_cases.py PHOTOS CASES --full   # the same at full size: CASES/photos-full/

With --full the same draws are cut from the full-size photo: every crop is 1024x768 and every
mask twice as large, so the two splits differ only in scale (a hand-sized mask on a 24 MP photo
is hundreds of pixels across; the method's pixel-sized settings were tuned on crops).

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
    full = "--full" in sys.argv[3:]
    # Drawn at half size; with --full, cut from the full-size photo with every length doubled.
    scale = 2 if full else 1
    split = "photos-full" if full else "photos"
    photos = sorted(p for p in glob.glob(os.path.join(photos_dir, "IMG_*-straightened.jpg")) if "IMG_7690" not in p)
    if not photos:
        sys.exit(f"no photos in {photos_dir}")
    random = np.random.default_rng(7)
    width, height = CROP
    for path in photos:
        image = Image.open(path).convert("RGB")
        full_size = np.array(image)
        image = image.resize((image.width // 2, image.height // 2), Image.LANCZOS)
        pixels = full_size if full else np.array(image)
        name = "photo-" + os.path.basename(path).split("-")[0]
        for index in range(PER_PHOTO):
            x0 = int(random.integers(0, image.width - width))
            y0 = int(random.integers(0, image.height - height))
            crop = pixels[scale * y0:scale * (y0 + height), scale * x0:scale * (x0 + width)]
            cx = width // 2 + int(random.integers(-100, 100))
            cy = height // 2 + int(random.integers(-60, 60))
            radius = int(random.integers(35, 80))
            corners = int(random.integers(5, 9))
            angles = np.sort(random.uniform(0, 2 * np.pi, corners))
            points = [(scale * (cx + radius * random.uniform(0.7, 1.2) * np.cos(a)),
                       scale * (cy + radius * random.uniform(0.7, 1.2) * np.sin(a)))
                      for a in angles]
            mask = Image.new("L", (scale * width, scale * height), 0)
            ImageDraw.Draw(mask).polygon(points, fill=255)
            folder = os.path.join(cases, split, name, f"glare-free-{index + 1}")
            os.makedirs(folder, exist_ok=True)
            Image.fromarray(crop).save(os.path.join(folder, "input.png"))
            Image.fromarray(crop).save(os.path.join(folder, "clean.png"))
            mask.save(os.path.join(folder, "mask.png"))
            mask.save(os.path.join(folder, "score.png"))


if __name__ == "__main__":
    main()
