#!/usr/bin/env python3
"""Synthetic glare set for `deglare detect`: painting-like images with additive glare of known shape.

Each image is a procedural "painting" (walls, floor, figures, doors, pale skies, white dresses and
painted sunlight, the traps of real museum photos) with canvas texture; paint whites stay below about 0.9
(sRGB), as in photographed paintings, which almost never clip, optionally inside a frame on
a pale wall, as a straightened photo shows it. Glare is added in linear light (what glass does:
reflected light adds to the paint's radiance) and clipped like a camera does, then converted back
to sRGB. The ground truth is every pixel whose visible change is at least GT_LEVELS in any channel.

Kinds (one per image): soft (white streaks with Gaussian cross-section), coloured (cyan, green or
blue streaks), bloom (clipped specular cores with wide halos), sheen (broad low-contrast veil),
clean (no glare: the false-positive set).

Writes DIR/<kind>_<n>.png and DIR/<kind>_<n>.gt.png (0/255). Deterministic for a given --seed.
Usage: synth.py DIR [--count N] [--seed S] [--size WxH]
"""
import argparse
import os

import numpy as np
from PIL import Image

GT_LEVELS = 16  # a change of 16/255 in some channel is visible glare worth removing
KINDS = ["soft", "coloured", "bloom", "sheen", "clean"]


def srgb_to_linear(v):
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(v):
    v = np.clip(v, 0, 1)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * np.power(v, 1 / 2.4) - 0.055)


def blur(a, sigma):
    """Separable Gaussian blur of a 2-D or 3-D array (scipy when present, else numpy)."""
    if sigma <= 0:
        return a
    try:
        from scipy.ndimage import gaussian_filter

        sig = (sigma, sigma, 0) if a.ndim == 3 else sigma
        return gaussian_filter(a.astype(np.float32), sig, mode="nearest")
    except ImportError:
        pass
    r = int(3 * sigma) + 1
    k = np.exp(-0.5 * (np.arange(-r, r + 1) / sigma) ** 2)
    k /= k.sum()
    out = a.astype(np.float32)
    for axis in (0, 1):
        pad = [(0, 0)] * out.ndim
        pad[axis] = (r, r)
        p = np.pad(out, pad, mode="edge")
        acc = np.zeros_like(out)
        for i, w in enumerate(k):
            sl = [slice(None)] * out.ndim
            sl[axis] = slice(i, i + out.shape[axis])
            acc += w * p[tuple(sl)]
        out = acc
    return out


def smooth_noise(rng, h, w, scale, channels=1):
    small = rng.standard_normal((max(2, h // scale + 2), max(2, w // scale + 2), channels)).astype(np.float32)
    up = np.stack([np.asarray(Image.fromarray(small[..., c]).resize((w, h), Image.BICUBIC)) for c in range(channels)], -1)
    return up


def ellipse_mask(h, w, cx, cy, rx, ry, angle=0.0):
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    ca, sa = np.cos(angle), np.sin(angle)
    u = ((x - cx) * ca + (y - cy) * sa) / rx
    v = (-(x - cx) * sa + (y - cy) * ca) / ry
    return (u * u + v * v <= 1).astype(np.float32)


def rect_mask(h, w, x0, y0, x1, y1):
    m = np.zeros((h, w), np.float32)
    m[int(max(0, y0)):int(min(h, y1)), int(max(0, x0)):int(min(w, x1))] = 1
    return m


def paint(canvas, mask, colour, rng, edge=1.5):
    m = blur(mask, edge)[..., None]
    colour = np.asarray(colour, np.float32)
    tone = colour * (1 + 0.06 * smooth_noise(rng, *mask.shape, 40, 1) + 0.012 * smooth_noise(rng, *mask.shape, 40, 3))
    return canvas * (1 - m) + tone * m


def painting(rng, h, w):
    """A painting-like image in sRGB floats 0..1 with the usual pale traps."""
    style = rng.integers(0, 3)
    if style == 0:  # Hammershøi interior: grey-blue or beige wall, darker floor
        wall = rng.choice([[0.62, 0.64, 0.66], [0.74, 0.68, 0.57], [0.55, 0.57, 0.60], [0.80, 0.77, 0.70]])
        floor = np.asarray(wall) * rng.uniform(0.45, 0.7)
        canvas = np.ones((h, w, 3), np.float32) * wall
        horizon = int(h * rng.uniform(0.55, 0.75))
        canvas[horizon:] = floor
    elif style == 1:  # landscape with pale sky
        sky_top = np.array([0.66, 0.75, 0.86]) * rng.uniform(0.9, 1.05)
        sky_low = np.array([0.86, 0.85, 0.81])
        t = np.linspace(0, 1, h)[:, None, None]
        canvas = np.broadcast_to(sky_top * (1 - t) + sky_low * t, (h, w, 3)).astype(np.float32).copy()
        horizon = int(h * rng.uniform(0.45, 0.65))
        ground = np.array(rng.choice([[0.35, 0.40, 0.25], [0.50, 0.45, 0.30], [0.30, 0.33, 0.30]]))
        canvas[horizon:] = ground
        for _ in range(rng.integers(2, 5)):  # pale clouds: bright, unsaturated, soft-edged
            m = ellipse_mask(h, w, rng.uniform(0, w), rng.uniform(0, horizon * 0.8), rng.uniform(40, 160), rng.uniform(15, 50))
            canvas = paint(canvas, m, [0.88, 0.88, 0.87], rng, edge=rng.uniform(4, 12))
    else:  # portrait: dark background
        bg = rng.choice([[0.20, 0.18, 0.16], [0.30, 0.28, 0.25], [0.12, 0.13, 0.15]])
        canvas = np.ones((h, w, 3), np.float32) * bg
    canvas *= 1 + 0.08 * smooth_noise(rng, h, w, 120, 1)
    # doors, windows, panels (some white: the white-door trap)
    for _ in range(rng.integers(1, 4)):
        x0 = rng.uniform(0, w * 0.8)
        y0 = rng.uniform(0, h * 0.5)
        m = rect_mask(h, w, x0, y0, x0 + rng.uniform(40, w * 0.25), y0 + rng.uniform(80, h * 0.5))
        colour = rng.choice([[0.86, 0.85, 0.81], [0.45, 0.40, 0.35], [0.70, 0.70, 0.68], [0.89, 0.88, 0.85]])
        canvas = paint(canvas, m, colour, rng)
    # painted sunlight: pale warm parallelograms with soft edges
    if rng.random() < 0.5:
        for _ in range(rng.integers(1, 3)):
            cx, cy = rng.uniform(0, w), rng.uniform(0, h * 0.6)
            m = ellipse_mask(h, w, cx, cy, rng.uniform(40, 120), rng.uniform(60, 150), rng.uniform(-0.5, 0.5))
            canvas = paint(canvas, m, np.clip(canvas[int(cy) % h, int(cx) % w] * 1.35 + 0.05, 0, 0.88), rng, edge=rng.uniform(3, 8))
    # figures: dark dresses, white dresses and aprons beside dark figures, faces
    for _ in range(rng.integers(1, 4)):
        cx, cy = rng.uniform(w * 0.1, w * 0.9), rng.uniform(h * 0.4, h * 0.8)
        rx, ry = rng.uniform(30, 110), rng.uniform(90, 260)
        dress = rng.choice([[0.10, 0.10, 0.11], [0.87, 0.86, 0.83], [0.80, 0.65, 0.35], [0.25, 0.22, 0.30], [0.90, 0.90, 0.89]])
        canvas = paint(canvas, ellipse_mask(h, w, cx, cy, rx, ry), dress, rng)
        if rng.random() < 0.5:  # white apron on a dark dress
            canvas = paint(canvas, ellipse_mask(h, w, cx, cy + ry * 0.2, rx * 0.35, ry * 0.5), [0.88, 0.87, 0.84], rng)
        face = [0.85, 0.70, 0.58]
        canvas = paint(canvas, ellipse_mask(h, w, cx, cy - ry - 25, 22, 28), face, rng, edge=2)
    # canvas texture and brushwork
    canvas *= 1 + 0.025 * rng.standard_normal((h, w, 1)).astype(np.float32)
    canvas += 0.02 * smooth_noise(rng, h, w, 6, 1) + 0.006 * smooth_noise(rng, h, w, 6, 3)
    canvas = blur(np.clip(canvas, 0, 1), 0.7)
    # a straightened photo: frame and a strip of pale wall around it
    if rng.random() < 0.5:
        margin = int(min(h, w) * 0.03)
        frame = int(min(h, w) * rng.uniform(0.04, 0.08))
        out = np.ones((h, w, 3), np.float32) * np.array([0.84, 0.84, 0.82]) * rng.uniform(0.9, 1.05)
        fc = np.array(rng.choice([[0.55, 0.40, 0.18], [0.70, 0.55, 0.25], [0.35, 0.22, 0.12]]))
        out[margin:h - margin, margin:w - margin] = fc
        inner = margin + frame
        inner_canvas = np.asarray(Image.fromarray((canvas * 255).astype(np.uint8)).resize((w - 2 * inner, h - 2 * inner), Image.BILINEAR)) / 255.0
        out[inner:h - inner, inner:w - inner] = inner_canvas
        canvas = out
    return np.clip(canvas, 0, 1).astype(np.float32)


def streak_field(rng, h, w, width, length):
    """A streak: Gaussian cross-section of `width` sigma along a random line, tapered ends."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = rng.uniform(w * 0.2, w * 0.8), rng.uniform(h * 0.15, h * 0.85)
    a = rng.uniform(-0.6, 0.6) + (np.pi / 2 if rng.random() < 0.3 else 0)
    u = (x - cx) * np.cos(a) + (y - cy) * np.sin(a)
    v = -(x - cx) * np.sin(a) + (y - cy) * np.cos(a)
    along = np.clip(1 - (np.abs(u) / (length / 2)) ** 4, 0, 1)
    wobble = 1 + 0.15 * np.sin(u / rng.uniform(40, 120))
    return np.exp(-0.5 * (v / (width * wobble)) ** 2) * along


def add_glare(rng, canvas, kind):
    h, w, _ = canvas.shape
    lin = srgb_to_linear(canvas)
    g = np.zeros_like(lin)
    if kind == "soft":
        for _ in range(rng.integers(1, 3)):
            f = streak_field(rng, h, w, rng.uniform(6, 22), rng.uniform(0.3, 0.8) * w)
            g += f[..., None] * rng.uniform(0.25, 0.7) * np.array([1.0, 1.0, 0.97])
    elif kind == "coloured":
        for _ in range(rng.integers(1, 3)):
            f = streak_field(rng, h, w, rng.uniform(8, 28), rng.uniform(0.3, 0.8) * w)
            colour = np.array(rng.choice([[0.2, 1.0, 0.85], [0.25, 1.0, 0.35], [0.35, 0.7, 1.0], [0.15, 0.9, 1.0]]))
            g += f[..., None] * rng.uniform(0.12, 0.35) * colour
    elif kind == "bloom":
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        for _ in range(rng.integers(1, 4)):
            cx, cy = rng.uniform(w * 0.1, w * 0.9), rng.uniform(h * 0.1, h * 0.9)
            d2 = (x - cx) ** 2 + (y - cy) ** 2
            core = rng.uniform(4, 14)
            halo = core * rng.uniform(2.5, 5)
            f = 3.0 * np.exp(-0.5 * d2 / core ** 2) + rng.uniform(0.2, 0.5) * np.exp(-0.5 * d2 / halo ** 2)
            g += f[..., None] * np.array([1.0, 0.98, 0.95])
    elif kind == "sheen":
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy = rng.uniform(w * 0.2, w * 0.8), rng.uniform(h * 0.2, h * 0.8)
        a = rng.uniform(0, np.pi)
        u = (x - cx) * np.cos(a) + (y - cy) * np.sin(a)
        v = -(x - cx) * np.sin(a) + (y - cy) * np.cos(a)
        f = np.exp(-0.5 * ((u / rng.uniform(120, 260)) ** 2 + (v / rng.uniform(50, 110)) ** 2))
        g += f[..., None] * rng.uniform(0.10, 0.22) * np.array([1.0, 1.0, 0.98])
    out = linear_to_srgb(lin + g)
    return out


def to8(a):
    return np.clip(np.round(a * 255), 0, 255).astype(np.uint8)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--count", type=int, default=8, help="images per kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1200x900")
    args = parser.parse_args()
    w, h = map(int, args.size.split("x"))
    os.makedirs(args.dir, exist_ok=True)
    for k, kind in enumerate(KINDS):
        for n in range(args.count):
            rng = np.random.default_rng(args.seed * 100003 + k * 1009 + n)
            base = to8(painting(rng, h, w))
            if kind == "clean":
                img = base
                gt = np.zeros((h, w), np.uint8)
            else:
                img = to8(add_glare(rng, base.astype(np.float32) / 255, kind))
                diff = np.abs(img.astype(int) - base.astype(int)).max(axis=2)
                gt = np.where(diff >= GT_LEVELS, 255, 0).astype(np.uint8)
            Image.fromarray(img).save(os.path.join(args.dir, f"{kind}_{n}.png"))
            Image.fromarray(gt).save(os.path.join(args.dir, f"{kind}_{n}.gt.png"))
    print(f"wrote {len(KINDS) * args.count} images to {args.dir}")


if __name__ == "__main__":
    main()
