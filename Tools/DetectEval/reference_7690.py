#!/usr/bin/env python3
"""Builds IMG_7690.streak.png, the hand-made reference of the real green streak (see README.md).

Usage: reference_7690.py PHOTO OUT.png   (PHOTO: IMG_7690-straightened.jpg, 4057x3241)
"""
import sys

import numpy as np
from PIL import Image, ImageDraw
from scipy.ndimage import binary_closing, binary_fill_holes, binary_opening, gaussian_filter, label

photo, out = sys.argv[1], sys.argv[2]
im = Image.open(photo)
q = np.asarray(im.resize((im.width // 4, im.height // 4), Image.BOX)).astype(np.float32)
green = gaussian_filter(q[..., 1] - (q[..., 0] + q[..., 2]) / 2, 2.0)
box = Image.new("L", (q.shape[1], q.shape[0]), 0)
ImageDraw.Draw(box).polygon([(280, 70), (670, 70), (670, 135), (280, 135)], fill=1)
mask = (green >= 13) & (np.asarray(box) > 0)
mask = binary_fill_holes(binary_opening(binary_closing(mask, np.ones((5, 5))), np.ones((3, 3))))
labels, n = label(mask)
sizes = np.bincount(labels.ravel())
keep = sizes >= 200
keep[0] = False
Image.fromarray((keep[labels] * 255).astype(np.uint8)).save(out)
