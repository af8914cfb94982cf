#!/usr/bin/env python3
"""Makes a raw-like photo from a straightened one, for scoring `detect` on a real streak in a raw
photo (../shared has IMG_7690's real streak only straightened).

The straightened photo (frame plus a strip of wall) is set on a wider wall of its own border's
median colour (a gentle light gradient and noise), as a phone frames it (5712x3213, the frame
filling 92 % of the height), and warped by a fixed mild perspective (a few degrees of keystone and
rotation), as a handheld photo is. The reference mask is warped the same way (nearest).
Deterministic; writes JPEG q92 and a 0/255 PNG.
Usage: rawlike.py PHOTO MASK OUT.jpg OUT_MASK.png
"""
import sys

import cv2
import numpy as np


def main():
    photo_path, mask_path, out_path, out_mask_path = sys.argv[1:5]
    photo = cv2.imread(photo_path, cv2.IMREAD_COLOR)
    mask = cv2.imread(mask_path, cv2.IMREAD_GRAYSCALE)
    mask = cv2.resize(mask, (photo.shape[1], photo.shape[0]), interpolation=cv2.INTER_NEAREST)
    W, H = 5712, 3213
    h, w = photo.shape[:2]
    scale = 0.92 * H / h
    border = np.concatenate([photo[:6].reshape(-1, 3), photo[-6:].reshape(-1, 3), photo[:, :6].reshape(-1, 3),
                             photo[:, -6:].reshape(-1, 3)])
    wall = np.median(border, axis=0).astype(np.float32)
    y, x = np.mgrid[0:H, 0:W].astype(np.float32)
    light = 1 - 0.08 * (x / W - 0.5) - 0.06 * (y / H - 0.5)
    rng = np.random.default_rng(7690)
    canvas = wall[None, None, :] * light[..., None] + rng.normal(0, 1.5, (H, W, 3))
    sw, sh = w * scale, h * scale
    x0, y0 = (W - sw) / 2, (H - sh) / 2
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[x0 + 40, y0 + 30], [x0 + sw - 10, y0 - 20], [x0 + sw + 25, y0 + sh - 5], [x0 - 15, y0 + sh + 25]])
    M = cv2.getPerspectiveTransform(src, dst)
    warped = cv2.warpPerspective(photo, M, (W, H), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_CONSTANT)
    inside = cv2.warpPerspective(np.full((h, w), 255, np.uint8), M, (W, H), flags=cv2.INTER_NEAREST)
    out = np.where(inside[..., None] > 0, warped.astype(np.float32), canvas)
    cv2.imwrite(out_path, np.clip(out, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 92])
    cv2.imwrite(out_mask_path, cv2.warpPerspective(mask, M, (W, H), flags=cv2.INTER_NEAREST))


if __name__ == "__main__":
    main()
