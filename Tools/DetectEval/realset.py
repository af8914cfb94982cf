#!/usr/bin/env python3
"""Glare set over real pictures for `deglare detect` (version 3).

Scenes are built from the public-domain scans in ../shared/paintings and crops of the museum photos
in ../shared/photos (read at run time, never copied into the repository), plus a few procedural
scenes for what the scans lack, then framed, hung on a wall, lit and photographed:

scene types (the artwork under the glass):
  gold       the gold screen (gold leaf ground, white blossoms)
  pale       pale lilies and sky reflections (Monet), a pale background beside a dark figure (Matisse)
  saturated  dense saturated colour (Kandinsky), painted white highlights (Léger), a pale ochre
             field crossed by dark lines (Mondrian)
  paper      the red-chalk drawing on pale paper in a white or cream mat with a bevelled window
  photo      a photograph behind glass (a crop of a museum photo, colour or black and white), in a
             white or cream mat or with a white border
  sky        a painted landscape: pale sky, soft or blocky impasto clouds, trees (procedural)
  objects    white garments (a figure in white on a dark ground, a white suit) and white coins on
             black velvet (procedural)
presentations: `straight` (straightened: a strip of wall around the frame) and `raw` (the frame
  and plenty of wall, a label, the frame's shadow, seen at a slight angle: a handheld photo).
glare types (added in linear light on the glass only, i.e. inside the frame's inner edge):
  streak (white or warm), colour (a narrow green or cyan streak), spot (lamp: clipped core, halo),
  sign (a lit exit sign: saturated, out of focus, glowing), sheen (broad weak veil), window,
  skylight (wide translucent cyan streaks), and clean (none: the false-positive set).

Every scene is written glare-free once and with three glare types. Splits: `tune` and `held` use
different crops of every scan (opposite ends of its longer side), different museum photos and
different seeds; `held` is for checking only. `--draw N` (N >= 1) makes a fresh draw of a split
(its own seed and another rotation of the glare types over the scenes, the same paint): a
held-out set that no threshold has been chosen against, once the usual one has been looked at
too often.

Ground truth: as synth.py, pixels where the glare changes the noise-free 8-bit image by 16
levels or more in some channel. Writes DIR/<glare>__<scene>__<presentation>__<n>.jpg and .gt.png.
Usage: realset.py DIR --split tune|held [--draw N] [--shared ../shared] [--jobs 2]
"""
import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor

import cv2
import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from synth import (GT_LEVELS, add_bloom, add_sheen, blur, camera, coords, ellipse, linear_to_srgb, polygon, put,  # noqa: E402
                   rect, rotated, smooth_noise, srgb_to_linear)

GLARES = ["streak", "colour", "spot", "sign", "sheen", "window", "skylight"]
SCANS = {
    "sakai": "sakai_hoitsu_flowers.jpg",
    "monet": "monet_water_lilies_1919.jpg",
    "matisse": "matisse_woman_with_a_hat.jpg",
    "kandinsky": "kandinsky_composition_vii.jpg",
    "leger": "contrast_of_forms.jpg",
    "mondrian": "mondrian.jpg",
    "chalk": "red_chalk_study_woman_standing.jpg",
}
# The paper of the red-chalk scan, without the scanner's mount around it (rows, columns).
CHALK_PAPER = (slice(30, 1185), slice(48, 715))
PHOTOS = {"tune": ["IMG_7683", "IMG_7684", "IMG_7685"], "held": ["IMG_7686", "IMG_7687", "IMG_7689"]}
# (scene type, source) per scene; each split makes every one of them.
SCENES = [("gold", "sakai")] * 3 + [("pale", "monet")] * 3 + [("pale", "matisse")] * 2 \
    + [("saturated", "kandinsky")] * 2 + [("saturated", "leger")] * 2 + [("saturated", "mondrian")] * 2 \
    + [("paper", "chalk")] * 3 + [("photo", "museum")] * 3 + [("sky", "procedural")] * 3 \
    + [("objects", "garment")] * 2 + [("objects", "suit")] + [("objects", "coins")]
WALLS = [[0.80, 0.80, 0.78], [0.72, 0.70, 0.66], [0.86, 0.84, 0.78], [0.62, 0.64, 0.66], [0.78, 0.74, 0.68]]
MATS = {"white": [0.93, 0.93, 0.91], "cream": [0.91, 0.88, 0.78]}


def load(path):
    return np.asarray(Image.open(path).convert("RGB"), np.float32) / 255


def resize(a, w, h):
    return cv2.resize(a, (int(w), int(h)), interpolation=cv2.INTER_CUBIC if w > a.shape[1] else cv2.INTER_AREA)


def crop(rng, img, aspect, split, extent=(0.55, 0.8)):
    """A crop of `img` with width/height `aspect`; tune takes it from the first part of the longer
    side, held from the last, so the two splits see mostly different paint."""
    h, w = img.shape[:2]
    frac = rng.uniform(*extent)
    if w / h > aspect:
        ch = int(h * frac)
        cw = min(w, int(ch * aspect))
    else:
        cw = int(w * frac)
        ch = min(h, int(cw / aspect))
    long_is_x = w >= h
    span = (w - cw) if long_is_x else (h - ch)
    pos = rng.uniform(0, 0.35) if split == "tune" else rng.uniform(0.65, 1.0)
    other = rng.uniform(0, 1)
    if long_is_x:
        x0, y0 = int(pos * span), int(other * (h - ch))
    else:
        x0, y0 = int(other * (w - cw)), int(pos * span)
    return img[y0:y0 + ch, x0:x0 + cw]


def texture(rng, h, w, strength=1.0):
    """Brushwork and canvas weave, multiplicative (reflectance texture)."""
    angle = rng.uniform(-1.2, 1.2)
    brush = 0.015 * smooth_noise(rng, h, w, 2.0, aspect=4, angle=angle) + 0.012 * smooth_noise(rng, h, w, 8)
    y, x = coords(h, w)
    period = rng.uniform(2.5, 4)
    weave = 0.01 * np.sin(2 * np.pi * x / period) * np.sin(2 * np.pi * y / period)
    return 1 + strength * (brush + weave[..., None])


def sky(rng, h, w):
    top = np.array([0.55, 0.68, 0.86]) * rng.uniform(0.9, 1.05)
    low = np.array([0.90, 0.88, 0.82])
    t = np.linspace(0, 1, h)[:, None, None] ** rng.uniform(0.6, 1.2)
    canvas = np.broadcast_to(top * (1 - t) + low * t, (h, w, 3)).astype(np.float32).copy()
    horizon = int(h * rng.uniform(0.55, 0.8))
    blocky = rng.random() < 0.5
    for _ in range(rng.integers(3, 8)):
        cx, cy = rng.uniform(0, w), rng.uniform(0, horizon * 0.85)
        rx, ry = rng.uniform(0.05, 0.2) * w, rng.uniform(0.03, 0.08) * h
        m = ellipse(h, w, cx, cy, rx, ry, rng.uniform(-0.2, 0.2))
        if blocky:  # impasto: clouds laid in as patches of a broad brush, hard-edged in places
            m = np.clip(m * (smooth_noise(rng, h, w, 14)[..., 0] > -0.3) + 0.0, 0, 1)
            edge = rng.uniform(1, 3)
        else:
            edge = rng.uniform(6, 20)
        shade = 1 + 0.06 * smooth_noise(rng, h, w, 10)[..., 0] - 0.08 * np.clip((coords(h, w)[0] - cy) / ry, 0, 1)
        tone = [0.92, 0.91, 0.88] if rng.random() < 0.7 else [0.93, 0.88, 0.80]
        canvas = put(canvas, m, tone, edge, shade)
    ground = np.array([[0.35, 0.40, 0.25], [0.50, 0.45, 0.30], [0.30, 0.33, 0.30], [0.60, 0.56, 0.42]][rng.integers(4)])
    canvas[horizon:] = ground * (1 + 0.1 * smooth_noise(rng, h - horizon, w, 20))
    for _ in range(rng.integers(1, 5)):
        cx = rng.uniform(0, w)
        canvas = put(canvas, ellipse(h, w, cx, horizon - rng.uniform(0, 0.05) * h, rng.uniform(0.02, 0.06) * w,
                                     rng.uniform(0.05, 0.12) * h), [0.15, 0.2, 0.12], 2.0,
                     1 + 0.15 * smooth_noise(rng, h, w, 6)[..., 0])
    if rng.random() < 0.6:  # a white house or sail
        x0, y0 = rng.uniform(0, w * 0.8), horizon - rng.uniform(0.04, 0.12) * h
        canvas = put(canvas, rect(h, w, x0, y0, x0 + rng.uniform(0.03, 0.12) * w, horizon + 8), [0.9, 0.89, 0.86], 1.0)
    return canvas


def garment(rng, h, w, suit=False):
    bg = np.array([[0.12, 0.11, 0.10], [0.22, 0.20, 0.18], [0.35, 0.33, 0.30], [0.10, 0.12, 0.16]][rng.integers(4)])
    canvas = np.ones((h, w, 3), np.float32) * bg * (1 + 0.1 * smooth_noise(rng, h, w, 40))
    y, x = coords(h, w)
    for _ in range(1 if suit else rng.integers(1, 3)):
        cx = rng.uniform(0.25, 0.75) * w
        top = rng.uniform(0.2, 0.35) * h
        height = rng.uniform(0.5, 0.75) * h
        half = rng.uniform(0.15, 0.28 if not suit else 0.4) * height
        if suit:  # a bulky white suit: torso, arms, helmet, folds
            body = ellipse(h, w, cx, top + height * 0.45, half, height * 0.4)
            body = np.maximum(body, ellipse(h, w, cx - half * 1.1, top + height * 0.45, half * 0.35, height * 0.3, 0.3))
            body = np.maximum(body, ellipse(h, w, cx + half * 1.1, top + height * 0.45, half * 0.35, height * 0.3, -0.3))
            tone = [0.90, 0.90, 0.89]
        else:
            pts = [(cx - half * 0.45, top), (cx + half * 0.45, top), (cx + half, top + height), (cx - half, top + height)]
            body = polygon(h, w, pts)
            tone = [[0.90, 0.90, 0.88], [0.88, 0.87, 0.83], [0.92, 0.91, 0.90]][rng.integers(3)]
        folds = 1 + 0.07 * np.sin((x - cx) / rng.uniform(5, 14) + 0.4 * smooth_noise(rng, h, w, 20)[..., 0]) \
            - 0.18 * np.clip((x - cx) / half, 0, 1) * rng.choice([-1, 1])
        canvas = put(canvas, body, tone, 1.0, folds)
        r = half * (0.45 if suit else 0.35)
        hy = top - r * 0.9
        if suit:
            canvas = put(canvas, ellipse(h, w, cx, hy, r, r), [0.88, 0.88, 0.87], 1.2, 1 - 0.15 * np.clip((x - cx) / r, -1, 1))
            canvas = put(canvas, ellipse(h, w, cx, hy, r * 0.6, r * 0.45), [0.15, 0.13, 0.12], 1.2)
        else:
            canvas = put(canvas, ellipse(h, w, cx, hy, r, r * 1.25), [0.82, 0.66, 0.54], 1.2)
            canvas = put(canvas, ellipse(h, w, cx, hy - r * 0.5, r * 1.05, r * 0.7), [0.25, 0.18, 0.12], 1.2)
    return canvas


def coins(rng, h, w):
    canvas = np.ones((h, w, 3), np.float32) * np.array([0.05, 0.05, 0.06]) * (1 + 0.2 * smooth_noise(rng, h, w, 3))
    y, x = coords(h, w)
    for _ in range(rng.integers(4, 12)):
        cx, cy = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h
        r = rng.uniform(0.03, 0.09) * min(h, w)
        relief = 1 + 0.08 * smooth_noise(rng, h, w, 2.5)[..., 0] - 0.1 * ((x - cx) / r)
        canvas = put(canvas, ellipse(h, w, cx, cy, r, r), [0.88, 0.88, 0.86], 0.8, relief)
        canvas = put(canvas, np.clip(ellipse(h, w, cx, cy, r, r) - ellipse(h, w, cx, cy, r * 0.9, r * 0.9), 0, 1),
                     [0.7, 0.7, 0.68], 0.6)
    return canvas


def mat(rng, h, w, picture_fn):
    """A white or cream mat with a bevelled window holding the picture; returns the artwork."""
    tone = np.asarray(MATS["white" if rng.random() < 0.5 else "cream"], np.float32) * rng.uniform(0.97, 1.0)
    canvas = np.ones((h, w, 3), np.float32) * tone * (1 + 0.006 * smooth_noise(rng, h, w, 1.5))
    side = rng.uniform(0.03, 0.2) * min(h, w)
    bottom = side * rng.uniform(1.0, 1.25)
    x0, y0, x1, y1 = int(side), int(side), int(w - side), int(h - bottom)
    bevel = max(3, int(0.006 * min(h, w)))
    canvas[y0 - bevel:y1 + bevel, x0 - bevel:x1 + bevel] = np.minimum(tone * 1.03, 0.96)
    canvas[y0:y1, x0:x1] = picture_fn(y1 - y0, x1 - x0)
    return canvas


def artwork(rng, scene, source, split, h, w, shared):
    """The artwork under the glass (sRGB reflectance 0..0.95)."""
    aspect = w / h
    if source == "museum":
        name = PHOTOS[split][rng.integers(3)]
        photo = load(os.path.join(shared, "photos", name + "-straightened.jpg"))
        photo = resize(photo, photo.shape[1] // 3, photo.shape[0] // 3)

        def picture(ph, pw):
            c = resize(crop(rng, photo, pw / ph, split, (0.35, 0.6)), pw, ph)
            if rng.random() < 0.5:
                c = np.repeat((c @ np.array([0.3, 0.59, 0.11], np.float32))[..., None], 3, axis=2)
            return np.clip((c - 0.5) * 1.25 + 0.5, 0.02, 0.95)

        if rng.random() < 0.7:
            return mat(rng, h, w, picture)
        border = int(0.04 * min(h, w))
        canvas = np.ones((h, w, 3), np.float32) * 0.93
        canvas[border:h - border, border:w - border] = picture(h - 2 * border, w - 2 * border)
        return canvas
    if source == "chalk":
        paper = load(os.path.join(shared, "paintings", SCANS["chalk"]))[CHALK_PAPER]
        return mat(rng, h, w, lambda ph, pw: np.clip(resize(crop(rng, paper, pw / ph, split, (0.6, 0.85)), pw, ph) * 0.97, 0, 0.95))
    if source == "procedural":
        art = sky(rng, h, w)
    elif source in ("garment", "suit"):
        art = garment(rng, h, w, suit=source == "suit")
    elif source == "coins":
        art = coins(rng, h, w)
    else:
        scan = load(os.path.join(shared, "paintings", SCANS[source]))
        art = resize(crop(rng, scan, aspect, split, (0.6, 0.85) if source != "sakai" else (0.8, 0.95)), w, h)
        art = art * 0.95
    return np.clip(art * texture(rng, h, w, 0.6 if source in SCANS else 1.0), 0, 0.95)


def frame_profile(rng, h, w, fw, kind):
    """A frame moulding of width `fw` around an h x w glass (returned with the frame's size)."""
    H, W = h + 2 * fw, w + 2 * fw
    y, x = coords(H, W)
    d = np.minimum.reduce([x, y, W - 1 - x, H - 1 - y]) / max(fw, 1)
    colours = {"gilt": [0.72, 0.56, 0.22], "wood": [0.35, 0.22, 0.12], "black": [0.06, 0.06, 0.06],
               "silver": [0.70, 0.70, 0.68], "oak": [0.55, 0.42, 0.28]}
    colour = np.asarray(colours[kind], np.float32)
    profile = 0.75 + 0.35 * np.exp(-((d - 0.35) / 0.12) ** 2) - 0.25 * np.exp(-((d - 0.9) / 0.08) ** 2)
    tex = 1 + 0.08 * smooth_noise(rng, H, W, 3, aspect=6)[..., 0]
    fr = colour * (profile * tex)[..., None]
    if kind == "gilt":
        fr = fr * (1 + 0.25 * np.clip(smooth_noise(rng, H, W, 10)[..., 0], 0, None))[..., None]
    return np.clip(fr, 0, 0.95)


def scene_photo(rng, scene, source, split, presentation, shared):
    """The framed artwork on its wall in linear light, the glass mask, both in the photo's
    coordinates (raw: warped), and a function mapping a frontal glare layer into the photo."""
    portrait = rng.random() < 0.35
    gw, gh = (900, 1150) if portrait else (1250, 900)
    gw, gh = int(gw * rng.uniform(0.9, 1.1)), int(gh * rng.uniform(0.9, 1.1))
    if source == "sakai":
        gw, gh = 1350, int(1350 / rng.uniform(1.3, 1.7))
    art = artwork(rng, scene, source, split, gh, gw, shared)
    if scene in ("paper", "photo"):
        kind = ["black", "silver", "oak", "wood"][rng.integers(4)]
        fw = int(rng.uniform(0.025, 0.05) * min(gh, gw))
    else:
        kind = ["gilt", "gilt", "wood", "black", "oak"][rng.integers(5)]
        fw = int(rng.uniform(0.05, 0.1) * min(gh, gw))
    frame = frame_profile(rng, gh, gw, fw, kind)
    frame[fw:fw + gh, fw:fw + gw] = art
    FH, FW = frame.shape[:2]
    wall = np.asarray(WALLS[rng.integers(len(WALLS))], np.float32) * rng.uniform(0.9, 1.0)
    if presentation == "straight":
        m = int(0.02 * max(FH, FW))
        H, W = FH + 2 * m, FW + 2 * m
        ox, oy = m, m
    else:
        # a phone's 16:9 frame, the picture's frame filling 60-85 % of it across its binding side
        aspect = 9 / 16 if FH > FW else 16 / 9
        fill = rng.uniform(0.6, 0.85)
        W = int(max(FW / fill, FH / fill * aspect))
        H = int(W / aspect)
        ox, oy = int((W - FW) * rng.uniform(0.3, 0.7)), int((H - FH) * rng.uniform(0.3, 0.6))
    pad = int(0.12 * max(H, W)) if presentation == "raw" else 0
    PH, PW = H + 2 * pad, W + 2 * pad
    srgb = np.ones((PH, PW, 3), np.float32) * wall * (1 + 0.01 * smooth_noise(rng, PH, PW, 6))
    y, x = coords(PH, PW)
    fx, fy = ox + pad, oy + pad
    if presentation == "raw":  # the frame's soft shadow below it, a label beside it
        sh = rect(PH, PW, fx + 0.01 * FW, fy + 0.02 * FH, fx + FW + 0.01 * FW, fy + FH + 0.03 * FH)
        srgb *= (1 - 0.25 * blur(sh, 0.01 * FW))[..., None]
        lx = fx + FW + int(0.04 * FW) if rng.random() < 0.5 else fx + int(0.35 * FW)
        ly = fy + FH // 2 if lx > fx + FW else fy + FH + int(0.05 * FH)
        lw, lh = int(0.12 * FW), int(0.05 * FW)
        srgb = put(srgb, rect(PH, PW, lx, ly, lx + lw, ly + lh), [0.93, 0.93, 0.92], 0.8)
        for k in range(3):
            srgb = put(srgb, rect(PH, PW, lx + 0.1 * lw, ly + (0.2 + 0.25 * k) * lh, lx + 0.8 * lw, ly + (0.3 + 0.25 * k) * lh),
                       [0.2, 0.2, 0.2], 0.5)
    srgb[fy:fy + FH, fx:fx + FW] = frame
    lin = srgb_to_linear(srgb)
    gx, gy = rng.uniform(-0.25, 0.25, 2)
    light = 1 + gx * (x / PW - 0.5) + gy * (y / PH - 0.5)
    light *= 1 - 0.25 * (((x / PW - 0.5) ** 2 + (y / PH - 0.5) ** 2) * 2)
    lin = lin * light[..., None] * rng.uniform(0.85, 1.05)
    glass = np.zeros((PH, PW), np.float32)
    gx0, gy0 = fx + fw - 2, fy + fw - 2
    glass[gy0:gy0 + gh + 4, gx0:gx0 + gw + 4] = 1
    if presentation == "straight":
        def to_photo(a):
            return a
    else:
        src = np.float32([[0, 0], [PW, 0], [PW, PH], [0, PH]])
        jitter = rng.uniform(-0.05, 0.05, (4, 2)) * [W, H]
        dst = np.float32([[-0.1 * W, -0.1 * H], [1.1 * W, -0.1 * H], [1.1 * W, 1.1 * H], [-0.1 * W, 1.1 * H]] + jitter)
        M = cv2.getPerspectiveTransform(src, dst)

        def to_photo(a):
            flags = cv2.INTER_LINEAR
            if a.ndim == 2:
                return cv2.warpPerspective(a, M, (W, H), flags=flags, borderMode=cv2.BORDER_REPLICATE)
            return np.stack([cv2.warpPerspective(a[..., c], M, (W, H), flags=flags, borderMode=cv2.BORDER_REPLICATE)
                             for c in range(a.shape[2])], -1)
    return lin, glass, (gx0, gy0, gw + 4, gh + 4), to_photo


def band(rng, h, w, width, length, soft, flat, bend, angle=None, centre=None):
    """A streak field: a `width`-px band along a line, soft edges, fading ends, slightly bent."""
    y, x = coords(h, w)
    cx, cy = centre if centre is not None else (rng.uniform(w * 0.2, w * 0.8), rng.uniform(h * 0.15, h * 0.85))
    a = angle if angle is not None else rng.uniform(-0.7, 0.7) + (np.pi / 2 if rng.random() < 0.3 else 0)
    u, v = rotated(x, y, cx, cy, a)
    v = v - bend * (u / (length / 2)) ** 2 * length * 0.5
    local = width * (1 + 0.2 * np.sin(u / rng.uniform(60, 200) + rng.uniform(0, 6)))
    if flat:
        across = 1 / (1 + np.exp((np.abs(v) - local / 2) / max(soft, 0.5)))
    else:
        across = np.exp(-0.5 * (v / (local / 2.5)) ** 2)
    along = np.clip(1 - (np.abs(u) / (length / 2)) ** rng.uniform(2, 6), 0, 1)
    return across * along


def glare(rng, h, w, kind):
    """The glare layer over an h x w glass, linear radiance."""
    s = min(h, w) / 900
    g = np.zeros((h, w, 3), np.float32)
    y, x = coords(h, w)
    if kind in ("streak", "colour"):
        for _ in range(rng.integers(1, 3)):
            f = band(rng, h, w, rng.uniform(12, 80) * s, rng.uniform(0.3, 0.9) * w, rng.uniform(2, 12) * s,
                     rng.random() < 0.6, rng.uniform(-0.06, 0.06))
            if kind == "streak":
                colour = np.array([1.0, rng.uniform(0.95, 1.0), rng.uniform(0.85, 1.0)])
                amp = rng.uniform(0.08, 0.5)
            else:
                colour = np.array([[0.05, 1.0, 0.55], [0.2, 1.0, 0.85], [0.25, 1.0, 0.35], [0.10, 0.90, 1.0]][rng.integers(4)])
                amp = rng.uniform(0.08, 0.3)
            g += f[..., None] * amp * colour
    elif kind == "spot":
        add_bloom(g, rng, x, y, s)
    elif kind == "sign":
        # a lit exit sign reflected: a saturated panel with darker lettering, out of focus, glowing
        sw = rng.uniform(0.06, 0.14) * w
        sh = sw / rng.uniform(2, 3)
        cx, cy = rng.uniform(0.15, 0.85) * w, rng.uniform(0.15, 0.85) * h
        panel = rect(h, w, cx - sw / 2, cy - sh / 2, cx + sw / 2, cy + sh / 2)
        for k in range(4):  # lettering
            lx = cx - sw * 0.35 + k * sw * 0.19
            panel -= 0.6 * rect(h, w, lx, cy - sh * 0.25, lx + sw * 0.1, cy + sh * 0.25)
        colour = np.array([[0.1, 1.0, 0.3], [0.05, 0.9, 0.45], [1.0, 0.12, 0.08]][rng.integers(3) if rng.random() < 0.8 else 2])
        focus = rng.uniform(1.5, 5) * s
        f = rng.uniform(0.25, 1.0) * blur(np.clip(panel, 0, 1), focus)
        f += rng.uniform(0.03, 0.1) * blur(rect(h, w, cx - sw / 2, cy - sh / 2, cx + sw / 2, cy + sh / 2), sw * 0.5)
        g += f[..., None] * colour
    elif kind == "sheen":
        add_sheen(g, rng, x, y, s)
    elif kind == "window":
        x0, y0 = rng.uniform(w * 0.1, w * 0.7), rng.uniform(h * 0.1, h * 0.6)
        ww, wh = rng.uniform(w * 0.08, w * 0.3), rng.uniform(h * 0.12, h * 0.4)
        m = rect(h, w, x0, y0, x0 + ww, y0 + wh)
        if rng.random() < 0.6:
            bar = 4 * s
            for k in range(1, 3):
                m -= rect(h, w, x0 + ww * k / 3 - bar, y0, x0 + ww * k / 3 + bar, y0 + wh)
            m -= rect(h, w, x0, y0 + wh / 2 - bar, x0 + ww, y0 + wh / 2 + bar)
        m = blur(np.clip(m, 0, 1), rng.uniform(3, 10) * s)
        tint = np.array([1.0, 1.0, 1.0]) if rng.random() < 0.6 else np.array([0.85, 0.95, 1.0])
        g += m[..., None] * rng.uniform(0.08, 0.35) * tint
    elif kind == "skylight":
        # wide translucent cyan streaks from a skylight, parallel, across much of the glass
        a = rng.uniform(-0.6, 0.6) + (np.pi / 2 if rng.random() < 0.3 else 0)
        colour = np.array([[0.3, 0.85, 1.0], [0.45, 0.9, 1.0], [0.2, 1.0, 0.8]][rng.integers(3)])
        n = rng.integers(1, 4)
        cx, cy = rng.uniform(0.3, 0.7) * w, rng.uniform(0.3, 0.7) * h
        gap = rng.uniform(0.15, 0.3) * min(h, w)
        for k in range(n):
            off = (k - (n - 1) / 2) * gap
            centre = (cx - off * np.sin(a), cy + off * np.cos(a))
            f = band(rng, h, w, rng.uniform(0.06, 0.15) * min(h, w), rng.uniform(0.8, 1.4) * max(h, w),
                     rng.uniform(0.01, 0.03) * min(h, w), True, rng.uniform(-0.03, 0.03), angle=a, centre=centre)
            g += f[..., None] * rng.uniform(0.05, 0.14) * colour
    return g


def make(job):
    out, split, index, scene, source, presentation, glares, shared, seed = job
    rng = np.random.default_rng([seed, index])
    lin, glass, (gx0, gy0, gw, gh), to_photo = scene_photo(rng, scene, source, split, presentation, shared)
    clean = to_photo(lin)
    clean8 = np.round(linear_to_srgb(clean) * 255)
    written = []
    for kind in ["clean"] + glares:
        grng = np.random.default_rng([seed, index, GLARES.index(kind) + 1 if kind != "clean" else 0])
        layer = np.zeros_like(lin)
        if kind != "clean":
            layer[gy0:gy0 + gh, gx0:gx0 + gw] = glare(grng, gh, gw, kind)
            layer *= glass[..., None]
        g = to_photo(layer) if kind != "clean" else 0
        glared8 = np.round(linear_to_srgb(clean + g) * 255)
        gt = np.where(np.abs(glared8 - clean8).max(axis=2) >= GT_LEVELS, 255, 0).astype(np.uint8)
        data = camera(grng, clean + g, grng.uniform(88, 94))
        stem = f"{kind}__{scene}__{presentation}__{index:02d}"
        with open(os.path.join(out, stem + ".jpg"), "wb") as f:
            f.write(data)
        Image.fromarray(gt).save(os.path.join(out, stem + ".gt.png"))
        written.append(stem)
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--split", choices=["tune", "held"], required=True)
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--draw", type=int, default=0, help="a fresh draw of the split (0: the usual one)")
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(args.shared, "paintings")):
        sys.exit(f"realset.py: no paintings under {args.shared} (pass --shared); nothing written")
    os.makedirs(args.dir, exist_ok=True)
    seed = (101 if args.split == "tune" else 202) + 1000 * args.draw
    jobs = []
    for index, (scene, source) in enumerate(SCENES):
        presentation = "raw" if index % 5 in (1, 3) else "straight"
        start = (index * 3 + (1 if args.split == "held" else 0) + 2 * args.draw) % len(GLARES)
        glares = [GLARES[(start + k) % len(GLARES)] for k in range(3)]
        if scene == "sky" and "skylight" not in glares:
            glares[0] = "skylight"
        if source in ("garment", "coins", "matisse") and "sign" not in glares:
            glares[0] = "sign"
        jobs.append((args.dir, args.split, index, scene, source, presentation, glares, args.shared, seed))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        n = sum(len(w) for w in pool.map(make, jobs))
    print(f"wrote {n} images to {args.dir}")


if __name__ == "__main__":
    main()
