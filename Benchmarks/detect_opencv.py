#!/usr/bin/env python3
"""OpenCV implementation of the steps of `deglare detect`, for the speed comparison.

Same pipeline as GlareDetector: area downscale to <= 1024 px, colour conversion (luma,
saturation, sRGB -> linear), close-then-open luma background (morphologyEx), per-channel median
background on a 4x4-cell grid (medianBlur on 8-bit levels, bilinear resize back), the seed tests,
connected components of the seeds, each blob's half-level region (connected components of its
threshold) and the edge statistic on its boundary, bounded growth, nearest upscale, margin band,
connected components of the full-resolution mask; first the frame search (frame_opencv.py), and
the proposal kept inside a found frame covering a fifth of the photo. Prints one JSON object like
detect --json.
Usage: detect_opencv.py IMAGE MASK
"""
import json
import sys
import time

import cv2
import numpy as np

from frame_opencv import find_frame


def main():
    image_path, mask_path = sys.argv[1], sys.argv[2]
    t0 = time.perf_counter()
    bgr = cv2.imread(image_path, cv2.IMREAD_COLOR)
    t1 = time.perf_counter()
    H, W = bgr.shape[:2]
    frame = find_frame(bgr)
    f = max(1, -(-max(H, W) // 1024))
    h, w = H // f, W // f
    small = cv2.resize(bgr[: h * f, : w * f], (w, h), interpolation=cv2.INTER_AREA).astype(np.float32)
    clipped = (bgr[: h * f, : w * f].min(axis=2) >= 250).astype(np.float32)
    clip_frac = cv2.resize(clipped, (w, h), interpolation=cv2.INTER_AREA)
    b, g, r = cv2.split(small)
    luma = 0.299 * r + 0.587 * g + 0.114 * b
    hsv = cv2.cvtColor(small / 255.0, cv2.COLOR_BGR2HSV)
    sat = hsv[..., 1]
    lut = np.array([(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4) for v in np.arange(256) / 255], np.float32)
    lin = [np.interp(c, np.arange(256), lut).astype(np.float32) for c in (r, g, b)]
    shorter = min(h, w)
    side = lambda frac: max(3, int(round(frac * shorter)) | 1)
    square = lambda k: cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    detail = square(side(0.01))
    open_l = cv2.morphologyEx(cv2.morphologyEx(luma, cv2.MORPH_CLOSE, detail), cv2.MORPH_OPEN, square(side(0.10)))
    k = 4
    ch, cw = h // k, w // k
    win = max(3, int(round(0.2 * shorter / k)) | 1)
    bg = []
    for c in lin:
        cells = cv2.resize(c[: ch * k, : cw * k], (cw, ch), interpolation=cv2.INTER_AREA)
        med = cv2.medianBlur(np.clip(cells * 255 + 0.5, 0, 255).astype(np.uint8), win).astype(np.float32) / 255
        bg.append(cv2.resize(med, (w, h), interpolation=cv2.INTER_LINEAR))
    t = np.maximum(luma - open_l, 0)
    lin_l = np.interp(luma, np.arange(256), lut)
    lin_o = np.interp(open_l, np.arange(256), lut)
    white = (luma >= 120) & (sat <= 0.12) & (t >= 30) & (lin_l >= 1.8 * np.maximum(lin_o, 1e-3))
    blown = (clip_frac >= 0.5) & (t >= 16)
    L = np.stack(lin, -1)
    d = np.stack([lin[i] - bg[i] for i in range(3)], -1)
    bgs = np.stack(bg, -1)
    dmax, dmin = d.max(2), d.min(2)
    purity = np.where(dmax > 1e-4, (dmax - dmin) / np.maximum(dmax, 1e-4), 0)
    dc = d - d.mean(2, keepdims=True)
    bc = bgs - bgs.mean(2, keepdims=True)
    lc = L - L.mean(2, keepdims=True)
    dn2 = (dc * dc).sum(2)
    agree = (dc * bc).sum(2) / np.maximum(np.sqrt(dn2 * (bc * bc).sum(2)), 1e-10)
    departs = (agree >= -0.85) & ((lc * dc).sum(2) >= 0)
    veils = dmax <= 2.0 * np.maximum(bgs.max(2), 0.05)
    colour = (dmax >= 0.05) & (purity >= 0.6) & (agree <= 0.5) & departs & veils
    seeds = (white | blown | colour).astype(np.uint8)
    halo = seeds.astype(bool) | ((t >= 10) & (sat <= 0.2)) | ((dmax >= 0.025) & (purity >= 0.45) & (agree <= 0.8) & departs)
    band = int(round(0.03 * min(H, W)))
    bc_ = -(-band // f)
    if bc_ > 0:
        for m in (seeds, halo):
            m[:bc_] = 0
            m[-bc_:] = 0
            m[:, :bc_] = 0
            m[:, -bc_:] = 0
    n, labels = cv2.connectedComponents(seeds, connectivity=8)
    def soft_gradient(p):
        smooth = cv2.blur(cv2.blur(p.astype(np.float32), (3, 3)), (3, 3))
        return cv2.dilate(cv2.magnitude(cv2.Sobel(smooth, cv2.CV_32F, 1, 0) / 8, cv2.Sobel(smooth, cv2.CV_32F, 0, 1) / 8), square(5))
    grad = soft_gradient(luma)
    cgrad = soft_gradient(dmax)
    inner = np.zeros((h, w), bool)
    inner[bc_ + 1 : h - bc_ - 1, bc_ + 1 : w - bc_ - 1] = True
    keep = np.zeros(n, bool)
    min_area = 0.0003 * h * w
    lab_flat = labels.ravel()
    order = np.argsort(lab_flat, kind="stable")
    bounds = np.searchsorted(lab_flat[order], np.arange(n + 1))
    for i in range(1, n):
        idx = order[bounds[i] : bounds[i + 1]]
        is_blown = blown.ravel()[idx].sum() >= 2
        if not is_blown and idx.size < min_area:
            continue
        coloured = not is_blown and colour.ravel()[idx].sum() * 2 > idx.size
        if coloured:
            amp = max(np.percentile(dmax.ravel()[idx], 90), 1e-3)
            allowed = dmax >= 0.5 * amp
        else:
            amp = max(np.percentile(t.ravel()[idx], 90), 1)
            base = np.median(open_l.ravel()[idx])
            allowed = luma >= base + 0.5 * (np.percentile(luma.ravel()[idx], 90) - base)
        allowed = allowed.astype(np.uint8)
        allowed.ravel()[idx] = 1
        _, regions = cv2.connectedComponents(allowed, connectivity=8)
        region = (regions == regions.ravel()[idx[0]]).astype(np.uint8)
        edge = (region > 0) & (cv2.erode(region, square(3), borderType=cv2.BORDER_CONSTANT, borderValue=0) == 0) & inner
        if not edge.any():
            continue
        stat = np.percentile((cgrad if coloured else grad)[edge], 50 if coloured else 80)
        keep[i] = stat / amp <= (0.6 if is_blown else 0.15 if coloured else 0.12)
    accepted = keep[labels]
    grown = accepted.copy()
    for _ in range(max(1, int(round(0.02 * shorter)))):
        nxt = cv2.dilate(grown.astype(np.uint8), square(3)).astype(bool) & halo | grown
        if (nxt == grown).all():
            break
        grown = nxt
    mask = np.zeros((H, W), np.uint8)
    mask[: h * f, : w * f] = cv2.resize(grown.astype(np.uint8) * 255, (w * f, h * f), interpolation=cv2.INTER_NEAREST)
    if band > 0:
        mask[:band] = 0
        mask[-band:] = 0
        mask[:, :band] = 0
        mask[:, -band:] = 0
    if frame is not None:
        corners = np.asarray(frame, np.float64).reshape(4, 2)
        x, y = corners[:, 0], corners[:, 1]
        if 0.5 * abs((x * np.roll(y, -1) - y * np.roll(x, -1)).sum()) >= 0.2 * H * W:
            glass = np.zeros((H, W), np.uint8)
            cv2.fillConvexPoly(glass, np.round(corners).astype(np.int32), 1)
            mask *= glass
    blobs = cv2.connectedComponents((mask > 0).astype(np.uint8), connectivity=8)[0] - 1
    t2 = time.perf_counter()
    cv2.imwrite(mask_path, mask)
    t3 = time.perf_counter()
    print(json.dumps({"output": mask_path, "coverage_percent": round(100 * float((mask > 0).mean()), 4), "blobs": int(blobs),
                      "seconds": round(t2 - t1, 3), "decode_seconds": round(t1 - t0, 3), "write_seconds": round(t3 - t2, 3)}))


if __name__ == "__main__":
    main()
