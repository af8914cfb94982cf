"""Peer timings for ops-bench: the same synthetic 24 MP image and glare mask, the same steps,
done with OpenCV / NumPy / Pillow. Run: Benchmarks/.venv/bin/python Benchmarks/ops_peers.py [threads]
(venv: python3 -m venv Benchmarks/.venv && Benchmarks/.venv/bin/pip install opencv-python-headless pillow numpy)."""
import sys
import time

import cv2
import numpy as np
from PIL import Image

threads = int(sys.argv[1]) if len(sys.argv) > 1 else 1
cv2.setNumThreads(threads)
W, H, RUNS = 6000, 4000, 9


def measure(label, fn):
    times = []
    for _ in range(RUNS):
        t = time.thread_time()
        fn()
        times.append((time.thread_time() - t) * 1000)
    times.sort()
    print(f"{label:50} cpu min {times[0]:7.2f} ms  median {times[RUNS // 2]:7.2f} ms")


rng = np.random.default_rng(1)
image = rng.integers(0, 256, size=(H, W, 3), dtype=np.uint8)
ys, xs = np.mgrid[1500:2500, 2200:3200].astype(np.float64)
streak = (np.abs(0.9 * (xs - 2250) - (ys - 1550)) / np.sqrt(0.81 + 1) < 110) & (xs > 2230) & (xs < 3170)
bloom = (xs - 2600) ** 2 + (ys - 2250) ** 2 < 180 ** 2
thin = (np.abs(ys - 1620 - 0.2 * (xs - 2200)) < 2.5) | (np.abs(xs - 3150 + 0.1 * (ys - 1500)) < 0.6)
mask = np.zeros((H, W), np.uint8)
mask[1500:2500, 2200:3200] = np.where(streak | bloom | thin, 255, 0)
print(f"threads {threads}, mask {int((mask >= 128).sum())} px")

x, y, w, h = 2080, 1380, 1240, 1240  # the crop ops-bench plans
measure("bounding box of 24 MP mask (cv2.boundingRect)", lambda: cv2.boundingRect((mask >= 128).view(np.uint8)))
crop = image[y:y + h, x:x + w].copy()
measure("crop image (copy)", lambda: image[y:y + h, x:x + w].copy())
measure("cv2 LANCZOS4 crop -> 1024x1024", lambda: cv2.resize(crop, (1024, 1024), interpolation=cv2.INTER_LANCZOS4))
measure("cv2 AREA crop -> 1024x1024", lambda: cv2.resize(crop, (1024, 1024), interpolation=cv2.INTER_AREA))
pil_crop = Image.fromarray(crop)
measure("Pillow LANCZOS crop -> 1024x1024", lambda: pil_crop.resize((1024, 1024), Image.LANCZOS))
small = image[1500:2500, 2000:3500].copy()
pil_small = Image.fromarray(small)
measure("cv2 LANCZOS4 1500x1000 -> 1224x816", lambda: cv2.resize(small, (1224, 816), interpolation=cv2.INTER_LANCZOS4))
measure("Pillow LANCZOS 1500x1000 -> 1224x816", lambda: pil_small.resize((1224, 816), Image.LANCZOS))
mcrop = mask[y:y + h, x:x + w]
measure("mask crop -> 1024 (cv2 NEAREST)", lambda: cv2.resize(mcrop, (1024, 1024), interpolation=cv2.INTER_NEAREST))
binary = (mcrop >= 128).astype(np.float32)
measure("Gaussian x mask feather (sigma 6, cv2)", lambda: cv2.GaussianBlur(binary, (0, 0), 6) * binary)
measure("cv2.distanceTransform L2 precise on crop", lambda: cv2.distanceTransform(
    (mcrop >= 128).astype(np.uint8), cv2.DIST_L2, cv2.DIST_MASK_PRECISE))
alpha = cv2.GaussianBlur(binary, (0, 0), 6) * binary
patch = rng.integers(0, 256, size=(h, w, 3), dtype=np.uint8)
target = image.copy()


def numpy_composite():
    roi = target[y:y + h, x:x + w]
    a = alpha[..., None]
    blended = (roi * (1 - a) + patch * a + 0.5).astype(np.uint8)
    inside = alpha > 0
    roi[inside] = blended[inside]


measure("composite ROI (NumPy float blend)", numpy_composite)
pil_target = Image.fromarray(target)
pil_patch = Image.fromarray(patch)
pil_alpha = Image.fromarray((alpha * 255 + 0.5).astype(np.uint8))
measure("composite ROI (Pillow paste with mask)", lambda: pil_target.paste(pil_patch, (x, y), pil_alpha))
