"""The OpenCV/Pillow peer of `deglare remove`, step by step: decode with EXIF rotation, crop,
resize to 1024, PNG upload payload, patch back, Gaussian feather, ROI composite, PNG out at zlib
level 1. The "provider" answers at once with the upload image itself.
Usage: remove_opencv.py IMAGE MASK OUT [--steps RUNS]  (prints one JSON object)."""
import json
import sys
import time

import cv2
import numpy as np

cv2.setNumThreads(2)
image_path, mask_path, out_path = sys.argv[1:4]
runs = int(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[4] == "--steps" else 1
times = {}


def step(name, fn):
    best = float("inf")
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    times[name] = best
    return result


total_start = time.perf_counter()
img = step("decode", lambda: cv2.imread(image_path, cv2.IMREAD_COLOR))  # applies EXIF orientation
mask = step("mask_decode", lambda: cv2.imread(mask_path, cv2.IMREAD_GRAYSCALE))
h, w = mask.shape


def plan():
    x, y, bw, bh = cv2.boundingRect((mask >= 128).astype(np.uint8))
    pad = max(16, int(np.ceil(0.12 * max(bw, bh))))
    x0, y0 = max(0, x - pad), max(0, y - pad)
    x1, y1 = min(w, x + bw + pad), min(h, y + bh + pad)
    sizes = [(1024, 1024), (1536, 1024), (1024, 1536)]
    aspect = (x1 - x0) / (y1 - y0)
    size = min(sizes, key=lambda s: abs(np.log(s[0] / s[1]) - np.log(aspect)))
    return x0, y0, x1, y1, size


x0, y0, x1, y1, size = step("plan", plan)
crop = step("crop_copy", lambda: img[y0:y1, x0:x1].copy())
up = step("resize_to_upload", lambda: cv2.resize(crop, size, interpolation=cv2.INTER_LANCZOS4))
payload = step("upload_png", lambda: cv2.imencode(".png", up)[1])
patch = up
back = step("resize_back", lambda: cv2.resize(patch, (x1 - x0, y1 - y0), interpolation=cv2.INTER_LANCZOS4))


def feather():
    binary = (mask[y0:y1, x0:x1] >= 128).astype(np.float32)
    return (cv2.GaussianBlur(binary, (0, 0), 6) * binary)[..., None]


alpha = step("feather", feather)


def composite():
    roi = img[y0:y1, x0:x1]
    roi[:] = (roi * (1 - alpha) + back * alpha + 0.5).astype(np.uint8)


step("composite", composite)
step("encode_output", lambda: cv2.imwrite(out_path, img, [cv2.IMWRITE_PNG_COMPRESSION, 1]))
times["total_in_process"] = time.perf_counter() - total_start
times["crop"] = [int(x0), int(y0), int(x1 - x0), int(y1 - y0)]
print(json.dumps(times))
