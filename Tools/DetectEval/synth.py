#!/usr/bin/env python3
"""Synthetic glare set for `deglare detect` (version 2, frozen before tuning).

Each image is a photographed "painting" built the way a museum photo is made:

1. Paint (reflectance, sRGB 0..1, paint whites below about 0.9): an interior (walls with panel
   mouldings, floor, white doors, bright windows with mullions, painted sunlight patches falling
   across walls and floor), a landscape (pale sky gradient, soft pale clouds, dark trees) or a
   portrait (dark ground); figures with shaded dresses (dark, pale, white, coloured), white aprons
   beside dark cloth, faces and hair; small pictures on the wall. Brushwork (oriented, multi-scale)
   and canvas weave are multiplicative, as reflectance texture is.
2. Photo: the painting inside a frame (gilt with its own yellow highlights, dark wood, green-grey
   painted) on a pale wall, a smooth illumination gradient and vignetting (multiplicative).
3. Glare, added in linear light (glass adds reflected radiance; the paint texture continues under
   it) on the glass only (inside the frame), of one kind per image:
   - soft: white or warm streaks from skylights and lamps: elongated, straight or slightly bent,
     flat-topped or Gaussian cross-section with soft edges, fading along their length;
   - coloured: the same shapes in cyan, green or blue-green (exit signs, tinted glass, skylights);
   - bloom: specular reflections of lamps: clipped cores (round or elongated) with wide halos;
   - sheen: broad, weak veils (a bright wall or window far behind the camera), soft-edged;
   - window: reflections of a window: a soft-edged rectangle, sometimes with mullions;
   - clean: no glare (the false-positive set).
4. Camera: slight optical blur, signal-dependent noise, sRGB encoding, JPEG (quality 88-94).

Ground truth: pixels where the glare changes the noise-free sRGB image by at least GT_LEVELS
levels in some channel (visible glare worth removing).

Writes DIR/<kind>_<n>.jpg and DIR/<kind>_<n>.gt.png (0/255). Deterministic for a given --seed; use
different seeds for the tuning and the held-out sets (evaluate.py's defaults: 1 and 2).
Usage: synth.py DIR [--count N] [--seed S] [--size WxH]
"""
import argparse
import io
import os

import numpy as np
from PIL import Image
from scipy.ndimage import gaussian_filter

GT_LEVELS = 16  # a change of 16/255 in some channel is visible glare worth removing
KINDS = ["soft", "coloured", "bloom", "sheen", "window", "clean"]


def srgb_to_linear(v):
    v = np.clip(v, 0, 1)
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(v):
    v = np.clip(v, 0, 1)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * np.power(v, 1 / 2.4) - 0.055)


def blur(a, sigma):
    if sigma <= 0:
        return a
    sig = (sigma, sigma, 0) if a.ndim == 3 else sigma
    return gaussian_filter(a.astype(np.float32), sig, mode="nearest")


def smooth_noise(rng, h, w, scale, channels=1, aspect=1.0, angle=0.0):
    """Smooth noise with feature size `scale` px, normalised to unit standard deviation; with
    aspect > 1 it is stretched `aspect` times along the direction `angle` (radians)."""
    if angle == 0.0 and scale >= 6:
        # large features: coarse noise upsampled (cheap at any scale)
        sh, sw = max(2, int(h / scale) + 3), max(2, int(w / (scale * aspect)) + 3)
        small = gaussian_filter(rng.standard_normal((sh, sw, channels)).astype(np.float32), (0.7, 0.7, 0))
        out = np.stack([np.asarray(Image.fromarray(small[..., c]).resize((w, h), Image.BICUBIC)) for c in range(channels)], -1)
    else:
        n = rng.standard_normal((h, w, channels)).astype(np.float32)
        out = gaussian_filter(n, (scale, scale * aspect, 0), mode="wrap")
        if angle:
            out = np.stack([np.asarray(Image.fromarray(out[..., c]).rotate(np.degrees(angle), resample=Image.BILINEAR,
                                                                          fillcolor=0.0)) for c in range(channels)], -1)
    out = out - out.mean()
    return out / max(float(out.std()), 1e-6)


def coords(h, w):
    return np.mgrid[0:h, 0:w].astype(np.float32)


def rotated(x, y, cx, cy, angle):
    """Coordinates along (u) and across (v) the direction `angle` (radians) from (cx, cy)."""
    ca, sa = np.cos(angle), np.sin(angle)
    return (x - cx) * ca + (y - cy) * sa, -(x - cx) * sa + (y - cy) * ca


def ellipse(h, w, cx, cy, rx, ry, angle=0.0):
    y, x = coords(h, w)
    u, v = rotated(x, y, cx, cy, angle)
    u, v = u / rx, v / ry
    return (u * u + v * v <= 1).astype(np.float32)


def rect(h, w, x0, y0, x1, y1):
    m = np.zeros((h, w), np.float32)
    m[int(max(0, y0)):int(max(0, min(h, y1))), int(max(0, x0)):int(max(0, min(w, x1)))] = 1
    return m


def polygon(h, w, points):
    from PIL import ImageDraw

    im = Image.new("L", (w, h), 0)
    ImageDraw.Draw(im).polygon([tuple(map(float, p)) for p in points], fill=255)
    return np.asarray(im, np.float32) / 255


def put(canvas, mask, colour, edge=1.0, shade=None):
    """Paints `colour` (sRGB) where `mask` is, edges blurred by `edge` px, optionally shaded."""
    m = blur(mask, edge)[..., None] if edge > 0 else mask[..., None]
    tone = np.asarray(colour, np.float32)[None, None, :] * np.ones_like(canvas)
    if shade is not None:
        tone = tone * shade[..., None]
    return canvas * (1 - m) + tone * m


def outline(h, w, x0, y0, x1, y1, t):
    return np.clip(rect(h, w, x0, y0, x1, y1) - rect(h, w, x0 + t, y0 + t, x1 - t, y1 - t), 0, 1)


WALLS = [[0.62, 0.64, 0.66], [0.74, 0.68, 0.57], [0.55, 0.57, 0.60], [0.82, 0.78, 0.70], [0.78, 0.52, 0.48],
         [0.60, 0.63, 0.55], [0.86, 0.83, 0.76]]
WHITES = [[0.87, 0.86, 0.83], [0.90, 0.89, 0.86], [0.84, 0.84, 0.82], [0.88, 0.85, 0.78]]


def interior(rng, h, w):
    wall = np.asarray(WALLS[rng.integers(len(WALLS))], np.float32)
    canvas = np.ones((h, w, 3), np.float32) * wall
    horizon = int(h * rng.uniform(0.55, 0.78))
    floor = wall * rng.uniform(0.4, 0.7) * np.array([1.0, 0.97, 0.92])
    canvas[horizon:] = floor
    # a skirting line and panel mouldings (thin lighter and darker lines)
    canvas = put(canvas, rect(h, w, 0, horizon - 6, w, horizon), wall * 0.8, 0.8)
    for _ in range(rng.integers(0, 4)):
        x0 = rng.uniform(0, w * 0.8)
        y0 = rng.uniform(h * 0.05, horizon * 0.5)
        x1 = min(w, x0 + rng.uniform(w * 0.1, w * 0.35))
        y1 = min(horizon - 10, y0 + rng.uniform(h * 0.15, h * 0.45))
        canvas = put(canvas, outline(h, w, x0, y0, x1, y1, 3), np.clip(wall * 1.12, 0, 0.92), 0.8)
        canvas = put(canvas, outline(h, w, x0 + 3, y0 + 3, x1 + 3, y1 + 3, 2), wall * 0.8, 0.8)
    # doors (often white) and windows (bright panes, dark mullions)
    for _ in range(rng.integers(0, 3)):
        x0 = rng.uniform(0, w * 0.85)
        dw = rng.uniform(w * 0.08, w * 0.2)
        y0 = rng.uniform(h * 0.1, horizon * 0.5)
        colour = WHITES[rng.integers(len(WHITES))] if rng.random() < 0.6 else wall * 0.75
        canvas = put(canvas, rect(h, w, x0, y0, x0 + dw, horizon), colour, 1.0)
        for k in range(2):
            py0 = y0 + (horizon - y0) * (0.08 + 0.48 * k)
            canvas = put(canvas, outline(h, w, x0 + dw * 0.15, py0, x0 + dw * 0.85, py0 + (horizon - y0) * 0.38, 2),
                         np.asarray(colour) * 0.85, 0.8)
    if rng.random() < 0.5:
        x0 = rng.uniform(0, w * 0.75)
        ww = rng.uniform(w * 0.1, w * 0.22)
        y0 = rng.uniform(h * 0.08, h * 0.3)
        wh = rng.uniform(h * 0.25, h * 0.45)
        pane = np.array([0.86, 0.88, 0.88]) * rng.uniform(0.95, 1.05)
        canvas = put(canvas, rect(h, w, x0, y0, x0 + ww, y0 + wh), pane, 1.0,
                     shade=1 + 0.04 * smooth_noise(rng, h, w, 30)[..., 0])
        bar = np.array([0.30, 0.30, 0.30])
        for k in range(1, 3):
            canvas = put(canvas, rect(h, w, x0 + ww * k / 3 - 2, y0, x0 + ww * k / 3 + 2, y0 + wh), bar, 0.7)
        for k in range(1, 4):
            canvas = put(canvas, rect(h, w, x0, y0 + wh * k / 4 - 2, x0 + ww, y0 + wh * k / 4 + 2), bar, 0.7)
    # painted sunlight: brighter, warmer copies of what they fall on, across walls, panels, floor
    if rng.random() < 0.6:
        for _ in range(rng.integers(1, 3)):
            cx, cy = rng.uniform(w * 0.1, w * 0.9), rng.uniform(h * 0.2, h * 0.9)
            sw, sh = rng.uniform(30, 140), rng.uniform(60, 200)
            skew = rng.uniform(-0.6, 0.6) * sh
            pts = [(cx - sw, cy - sh), (cx + sw, cy - sh), (cx + sw + skew, cy + sh), (cx - sw + skew, cy + sh)]
            m = blur(polygon(h, w, pts), rng.uniform(1.5, 6))[..., None]
            gain = rng.uniform(1.3, 1.7)
            lit = np.clip(canvas * gain * np.array([1.03, 1.0, 0.9]) + 0.02, 0, 0.93)
            canvas = canvas * (1 - m) + lit * m
    return canvas, horizon


def landscape(rng, h, w):
    top = np.array([0.62, 0.72, 0.86]) * rng.uniform(0.9, 1.05)
    low = np.array([0.88, 0.86, 0.80])
    t = np.linspace(0, 1, h)[:, None, None]
    canvas = np.broadcast_to(top * (1 - t) + low * t, (h, w, 3)).astype(np.float32).copy()
    horizon = int(h * rng.uniform(0.45, 0.7))
    for _ in range(rng.integers(2, 6)):  # clouds: bright, unsaturated, soft-edged, elongated
        m = ellipse(h, w, rng.uniform(0, w), rng.uniform(0, horizon * 0.85), rng.uniform(50, 220), rng.uniform(15, 60),
                    rng.uniform(-0.2, 0.2))
        shade = 1 + 0.05 * smooth_noise(rng, h, w, 12)[..., 0]
        canvas = put(canvas, m, [0.90, 0.90, 0.89], rng.uniform(4, 16), shade)
    ground = np.array([[0.35, 0.40, 0.25], [0.50, 0.45, 0.30], [0.30, 0.33, 0.30], [0.55, 0.52, 0.40]][rng.integers(4)])
    canvas[horizon:] = ground * (1 + 0.08 * smooth_noise(rng, h - horizon, w, 25))
    for _ in range(rng.integers(0, 5)):  # trees and bushes
        cx = rng.uniform(0, w)
        canvas = put(canvas, ellipse(h, w, cx, horizon - rng.uniform(0, 60), rng.uniform(20, 70), rng.uniform(30, 110)),
                     [0.15, 0.20, 0.12], 2.0, 1 + 0.15 * smooth_noise(rng, h, w, 6)[..., 0])
    # a pale house wall or a white sail (bright, sharp-edged traps)
    if rng.random() < 0.5:
        x0, y0 = rng.uniform(0, w * 0.8), horizon - rng.uniform(40, 160)
        canvas = put(canvas, rect(h, w, x0, y0, x0 + rng.uniform(40, 200), horizon + 10), WHITES[rng.integers(4)], 1.0)
    return canvas, horizon


def figure(rng, canvas, h, w, horizon):
    cx = rng.uniform(w * 0.1, w * 0.9)
    top = rng.uniform(h * 0.2, max(h * 0.25, horizon - h * 0.3))
    height = rng.uniform(h * 0.3, h * 0.7)
    half = rng.uniform(0.12, 0.25) * height
    pts = [(cx - half * 0.45, top), (cx + half * 0.45, top), (cx + half, top + height), (cx - half, top + height)]
    body = polygon(h, w, pts)
    dresses = [[0.10, 0.10, 0.11], [0.18, 0.17, 0.20], [0.86, 0.85, 0.82], [0.80, 0.65, 0.35], [0.25, 0.22, 0.30],
               [0.90, 0.90, 0.88], [0.55, 0.30, 0.25], [0.30, 0.38, 0.45]]
    dress = np.asarray(dresses[rng.integers(len(dresses))], np.float32)
    y, x = coords(h, w)
    folds = 1 + 0.06 * np.sin((x - cx) / rng.uniform(6, 14) + 0.3 * smooth_noise(rng, h, w, 20)[..., 0]) \
        + 0.04 * smooth_noise(rng, h, w, 15, aspect=0.3)[..., 0]
    side = 1 - 0.25 * np.clip((x - cx) / max(half, 1), -1, 1) * rng.choice([-1, 1])
    canvas = put(canvas, body, dress, 1.0, folds * side)
    if rng.random() < 0.5 and dress.mean() < 0.4:  # white apron on dark cloth
        aw = half * rng.uniform(0.3, 0.55)
        ax = cx + rng.uniform(-0.3, 0.3) * half
        ay = top + height * rng.uniform(0.3, 0.45)
        apts = [(ax - aw * 0.6, ay), (ax + aw * 0.6, ay), (ax + aw, top + height * 0.95), (ax - aw, top + height * 0.95)]
        canvas = put(canvas, polygon(h, w, apts), WHITES[rng.integers(4)], 1.0, folds)
    # head: hair and face
    r = half * 0.35
    hy = top - r * 1.1
    canvas = put(canvas, ellipse(h, w, cx, hy, r, r * 1.25), [0.82, 0.66, 0.54], 1.2,
                 1 - 0.12 * np.clip((y - hy) / r, -1, 1))
    canvas = put(canvas, ellipse(h, w, cx, hy - r * 0.5, r * 1.05, r * 0.7), [0.25, 0.18, 0.12], 1.2)
    return canvas


def painting(rng, h, w):
    style = rng.integers(0, 4)
    if style in (0, 1):
        canvas, horizon = interior(rng, h, w)
    elif style == 2:
        canvas, horizon = landscape(rng, h, w)
    else:
        bg = np.array([[0.20, 0.18, 0.16], [0.30, 0.28, 0.25], [0.12, 0.13, 0.15], [0.40, 0.36, 0.30]][rng.integers(4)])
        canvas = np.ones((h, w, 3), np.float32) * bg
        horizon = int(h * 0.8)
    canvas *= 1 + 0.06 * smooth_noise(rng, h, w, 80)
    # small pictures on the wall (interiors)
    if style in (0, 1):
        for _ in range(rng.integers(0, 3)):
            x0, y0 = rng.uniform(0, w * 0.85), rng.uniform(h * 0.05, horizon * 0.5)
            pw, ph = rng.uniform(40, 110), rng.uniform(40, 110)
            canvas = put(canvas, rect(h, w, x0, y0, x0 + pw, y0 + ph), [0.35, 0.25, 0.15], 0.8)
            canvas = put(canvas, rect(h, w, x0 + 6, y0 + 6, x0 + pw - 6, y0 + ph - 6), [0.78, 0.75, 0.68], 0.8)
    for _ in range(rng.integers(0 if style == 2 else 1, 4)):
        canvas = figure(rng, canvas, h, w, horizon)
    # brushwork (oriented, multi-scale) and canvas weave, multiplicative
    angle = rng.uniform(-1.2, 1.2)
    brush = 0.02 * smooth_noise(rng, h, w, 2.0, aspect=4, angle=angle) + 0.02 * smooth_noise(rng, h, w, 8)
    y, x = coords(h, w)
    period = rng.uniform(2.5, 4)
    weave = 0.015 * np.sin(2 * np.pi * x / period) * np.sin(2 * np.pi * y / period)
    canvas = canvas * (1 + brush + weave[..., None] + 0.008 * smooth_noise(rng, h, w, 3, 3))
    return np.clip(canvas, 0, 0.93)


FRAMES = [([0.72, 0.56, 0.22], "gilt"), ([0.60, 0.45, 0.18], "gilt"), ([0.35, 0.22, 0.12], "wood"),
          ([0.45, 0.50, 0.42], "painted")]


def photo(rng, h, w):
    """The painting in its frame on a pale wall, lit unevenly: linear radiance, 0..1."""
    margin = int(min(h, w) * rng.uniform(0.03, 0.06))
    frame = int(min(h, w) * rng.uniform(0.04, 0.09))
    inner = margin + frame
    art = painting(rng, h - 2 * inner, w - 2 * inner)
    wall = np.array([0.86, 0.86, 0.84]) * rng.uniform(0.85, 1.0)
    out = np.ones((h, w, 3), np.float32) * wall
    colour, kind = FRAMES[rng.integers(len(FRAMES))]
    colour = np.asarray(colour, np.float32)
    y, x = coords(h, w)
    # frame moulding: a profile across its width (bright ridge), gilt gets yellow highlights
    d = np.minimum.reduce([x - margin, y - margin, w - 1 - margin - x, h - 1 - margin - y]) / max(frame, 1)
    profile = 0.75 + 0.35 * np.exp(-((d - 0.35) / 0.12) ** 2) - 0.25 * np.exp(-((d - 0.9) / 0.08) ** 2)
    tex = 1 + 0.08 * smooth_noise(rng, h, w, 3, aspect=6, angle=0.0)[..., 0]
    fr = colour * (profile * tex)[..., None]
    if kind == "gilt":
        fr = fr * (1 + 0.25 * np.clip(smooth_noise(rng, h, w, 10)[..., 0], 0, None))[..., None]
    band = (d >= 0) & (d < 1)
    out[band] = np.clip(fr[band], 0, 0.95)
    out[inner:h - inner, inner:w - inner] = art
    lin = srgb_to_linear(out)
    # museum light: a smooth gradient and vignetting
    gx, gy = rng.uniform(-0.25, 0.25, 2)
    light = 1 + gx * (x / w - 0.5) + gy * (y / h - 0.5)
    light *= 1 - 0.25 * (((x / w - 0.5) ** 2 + (y / h - 0.5) ** 2) * 2)
    return lin * light[..., None] * rng.uniform(0.85, 1.05), inner


def band_field(rng, h, w, width, length, soft, flat, bend):
    """A streak: `width`-px band along a random line, soft edges (`soft` px), fading ends, bent."""
    y, x = coords(h, w)
    cx, cy = rng.uniform(w * 0.2, w * 0.8), rng.uniform(h * 0.15, h * 0.85)
    a = rng.uniform(-0.7, 0.7) + (np.pi / 2 if rng.random() < 0.3 else 0)
    u, v = rotated(x, y, cx, cy, a)
    v = v - bend * (u / (length / 2)) ** 2 * length * 0.5
    local = width * (1 + 0.25 * np.sin(u / rng.uniform(60, 200) + rng.uniform(0, 6)) + rng.uniform(-0.3, 0.3) * u / length)
    local = np.maximum(local, width * 0.3)
    if flat:
        across = 1 / (1 + np.exp((np.abs(v) - local / 2) / max(soft, 0.5)))
    else:
        across = np.exp(-0.5 * (v / (local / 2.5)) ** 2)
    along = np.clip(1 - (np.abs(u) / (length / 2)) ** rng.uniform(2, 6), 0, 1)
    along *= 1 + 0.2 * np.sin(u / rng.uniform(50, 150) + rng.uniform(0, 6))
    return across * along


def add_bloom(g, rng, x, y, s=1.0):
    """Adds to `g` 1 to 3 specular reflections of lamps: clipped cores (round or elongated, `s`
    times 3 to 12 px) with wide halos. `x`, `y`: `coords` of `g`'s size."""
    h, w = x.shape
    for _ in range(rng.integers(1, 4)):
        cx, cy = rng.uniform(w * 0.1, w * 0.9), rng.uniform(h * 0.1, h * 0.9)
        a = rng.uniform(0, np.pi)
        stretch = 1.0 if rng.random() < 0.6 else rng.uniform(2, 6)
        u, v = rotated(x, y, cx, cy, a)
        core = rng.uniform(3, 12) * s
        d2 = (u / stretch) ** 2 + v ** 2
        halo = core * rng.uniform(2.5, 6)
        f = rng.uniform(2, 5) * np.exp(-0.5 * d2 / core ** 2) + rng.uniform(0.1, 0.5) * np.exp(-0.5 * d2 / halo ** 2)
        g += f[..., None] * np.array([1.0, rng.uniform(0.95, 1.0), rng.uniform(0.85, 1.0)])


def add_sheen(g, rng, x, y, s=1.0):
    """Adds to `g` a broad, weak veil (`s` times 120-320 by 50-140 px). `x`, `y`: `coords` of `g`'s size."""
    h, w = x.shape
    cx, cy = rng.uniform(w * 0.2, w * 0.8), rng.uniform(h * 0.2, h * 0.8)
    a = rng.uniform(0, np.pi)
    u, v = rotated(x, y, cx, cy, a)
    f = np.exp(-0.5 * ((u / (rng.uniform(120, 320) * s)) ** 2 + (v / (rng.uniform(50, 140) * s)) ** 2))
    g += f[..., None] * rng.uniform(0.06, 0.2) * np.array([1.0, 1.0, rng.uniform(0.9, 1.0)])


def glare(rng, h, w, kind):
    """The glare layer (linear radiance, h x w x 3)."""
    g = np.zeros((h, w, 3), np.float32)
    y, x = coords(h, w)
    if kind in ("soft", "coloured"):
        for _ in range(rng.integers(1, 3)):
            f = band_field(rng, h, w, rng.uniform(12, 90), rng.uniform(0.3, 0.9) * w, rng.uniform(2, 12),
                           rng.random() < 0.6, rng.uniform(-0.06, 0.06))
            if kind == "soft":
                colour = np.array([1.0, 1.0, 1.0]) * np.array([1.0, rng.uniform(0.95, 1.0), rng.uniform(0.85, 1.0)])
                amp = rng.uniform(0.08, 0.5)
            else:
                colour = np.array([[0.05, 1.0, 0.55], [0.2, 1.0, 0.85], [0.25, 1.0, 0.35], [0.35, 0.7, 1.0],
                                   [0.10, 0.90, 1.0]][rng.integers(5)])
                amp = rng.uniform(0.08, 0.3)
            g += f[..., None] * amp * colour
    elif kind == "bloom":
        add_bloom(g, rng, x, y)
    elif kind == "sheen":
        add_sheen(g, rng, x, y)
    elif kind == "window":
        x0, y0 = rng.uniform(w * 0.1, w * 0.7), rng.uniform(h * 0.1, h * 0.6)
        ww, wh = rng.uniform(w * 0.08, w * 0.3), rng.uniform(h * 0.12, h * 0.4)
        m = rect(h, w, x0, y0, x0 + ww, y0 + wh)
        if rng.random() < 0.6:
            for k in range(1, 3):
                m -= rect(h, w, x0 + ww * k / 3 - 4, y0, x0 + ww * k / 3 + 4, y0 + wh)
            m -= rect(h, w, x0, y0 + wh / 2 - 4, x0 + ww, y0 + wh / 2 + 4)
        m = blur(np.clip(m, 0, 1), rng.uniform(3, 10))
        tint = np.array([1.0, 1.0, 1.0]) if rng.random() < 0.6 else np.array([0.85, 0.95, 1.0])
        g += m[..., None] * rng.uniform(0.08, 0.35) * tint
    return g


def camera(rng, lin, quality):
    """Optics, noise, sRGB, JPEG: the 8-bit image as a phone writes it."""
    lin = blur(lin, rng.uniform(0.5, 0.9))
    noise = np.sqrt(0.0004 * np.clip(lin, 0, 1) + 0.00002) * rng.standard_normal(lin.shape).astype(np.float32)
    srgb = np.clip(np.round(linear_to_srgb(lin + noise) * 255), 0, 255).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(srgb).save(buffer, "JPEG", quality=int(quality))
    return buffer.getvalue()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--count", type=int, default=10, help="images per kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1600x1200")
    args = parser.parse_args()
    w, h = map(int, args.size.split("x"))
    os.makedirs(args.dir, exist_ok=True)
    for k, kind in enumerate(KINDS):
        for n in range(args.count):
            rng = np.random.default_rng([args.seed, k, n])
            lin, inner = photo(rng, h, w)
            g = glare(rng, h, w, kind) if kind != "clean" else np.zeros_like(lin)
            glass = np.zeros((h, w, 1), np.float32)  # the glass sits inside the frame's rebate
            glass[inner - 2:h - inner + 2, inner - 2:w - inner + 2] = 1
            g *= glass
            clean8 = np.round(linear_to_srgb(lin) * 255)
            glare8 = np.round(linear_to_srgb(lin + g) * 255)
            gt = np.where(np.abs(glare8 - clean8).max(axis=2) >= GT_LEVELS, 255, 0).astype(np.uint8)
            data = camera(rng, lin + g, rng.uniform(88, 94))
            with open(os.path.join(args.dir, f"{kind}_{n}.jpg"), "wb") as f:
                f.write(data)
            Image.fromarray(gt).save(os.path.join(args.dir, f"{kind}_{n}.gt.png"))
    print(f"wrote {len(KINDS) * args.count} images to {args.dir}")


if __name__ == "__main__":
    main()
