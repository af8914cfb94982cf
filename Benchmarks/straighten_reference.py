#!/usr/bin/env python3
"""Reference frame corners for the three raw photos, recovered from the iOS app's own outputs.

For each raw photo R and its straightened counterpart S (made by the app):
1. Homography S -> R from SIFT matches (RANSAC, then a least-squares refit on the inliers);
   its residual says how exactly S is a single homography of R.
2. The frame's four outer edges in S: along each side, many profiles perpendicular to the
   image border; on each the outermost strong step from wall to frame (gradient peak,
   parabolic sub-pixel), then a trimmed line fit per side. The four lines are intersected.
3. Those corners mapped through the homography are the reference frame corners in R. The image
   corners of S mapped the same way give the app's expanded quad (frame + its wall margin), and
   S's width/height is the proportion the app chose.

Coordinates are canonical: (0, 0) is the centre of the top-left pixel (OpenCV's convention
for point coordinates too). Writes Benchmarks/straighten_reference.json.
Run: Benchmarks/.venv/bin/python Benchmarks/straighten_reference.py [--debug DIR]
"""
import json, os, sys
import cv2
import numpy as np

def photos_dir():
    """$DEGLARE_PHOTOS, else ../shared/photos beside the checkout (main or a worktree)."""
    if os.environ.get("DEGLARE_PHOTOS"):
        return os.environ["DEGLARE_PHOTOS"]
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    for candidate in (os.path.join(root, "..", "shared", "photos"), os.path.join(root, "..", "..", "shared", "photos")):
        if os.path.isdir(candidate):
            return candidate
    sys.exit("photos not found: set DEGLARE_PHOTOS")


PHOTOS = photos_dir()
NAMES = ["IMG_7683", "IMG_7685", "IMG_7687"]


def homography(straight, raw):
    g1 = cv2.cvtColor(straight, cv2.COLOR_BGR2GRAY)
    g2 = cv2.cvtColor(raw, cv2.COLOR_BGR2GRAY)
    sift = cv2.SIFT_create(10000)
    k1, d1 = sift.detectAndCompute(g1, None)
    k2, d2 = sift.detectAndCompute(g2, None)
    matches = cv2.BFMatcher().knnMatch(d1, d2, k=2)
    good = [a for a, b in matches if a.distance < 0.75 * b.distance]
    p1 = np.float64([k1[m.queryIdx].pt for m in good])
    p2 = np.float64([k2[m.trainIdx].pt for m in good])
    H, inliers = cv2.findHomography(p1, p2, cv2.RANSAC, 2.0, maxIters=10000, confidence=0.9999)
    keep = inliers.ravel().astype(bool)
    H, _ = cv2.findHomography(p1[keep], p2[keep], 0)
    residual = np.linalg.norm(cv2.perspectiveTransform(p1[keep][None], H)[0] - p2[keep], axis=1)
    return H / H[2, 2], int(keep.sum()), float(np.sqrt((residual ** 2).mean()))


def edge_points(image, side, band_fraction=0.09, segments=16):
    """Wall->frame step positions along one side of the straightened image: the side is cut
    into segments; in each, the per-pixel median of the perpendicular colour profiles (~200)
    gives one clean profile whose first strong step away from the wall colour is the edge.
    Colour, not gray: a gilt frame can be as light as a white wall, and a cast shadow is as
    dark as the frame."""
    h, w = image.shape[:2]
    smooth = cv2.GaussianBlur(image.astype(np.float64), (0, 0), 1.0)
    if side in ("top", "bottom"):
        band, length = int(h * band_fraction), w
    else:
        band, length = int(w * band_fraction), h
    edges = np.linspace(0.1 * length, 0.9 * length, segments + 1).astype(int)
    out = []
    for lo, hi in zip(edges[:-1], edges[1:]):
        if side == "top":
            block = smooth[:band, lo:hi].transpose(1, 0, 2)
        elif side == "bottom":
            block = smooth[::-1][:band, lo:hi].transpose(1, 0, 2)
        elif side == "left":
            block = smooth[lo:hi, :band]
        else:
            block = smooth[lo:hi, ::-1][:, :band]
        profile = np.median(block, axis=0)  # band x 3
        wall = np.median(profile[4:24], axis=0)
        # Distance from the line through black and the wall colour: a shadow on the wall (the
        # wall colour, darker) stays near 0, a gilt frame does not. All three frames are gilt.
        unit = wall / np.linalg.norm(wall)
        along_wall = profile @ unit
        depth = step(np.linalg.norm(profile - np.outer(along_wall, unit), axis=1) * 2.0)
        if depth is None:
            continue
        along = (lo + hi - 1) / 2
        if side == "top":
            out.append((along, depth))
        elif side == "bottom":
            out.append((along, h - 1 - depth))
        elif side == "left":
            out.append((depth, along))
        else:
            out.append((w - 1 - depth, along))
    return np.float64(out)


def step(distance):
    """Position of the first step away from the wall colour (sub-pixel; between samples i and
    i+1 is i + 0.5): the first sample whose colour distance from the wall passes half of the
    wall-to-frame contrast, refined to the steepest rise within 4 px of it."""
    noise = np.median(distance[4:24]) + 1.0
    threshold = max(20.0, 6 * noise)
    beyond = np.nonzero(distance[24:] > threshold)[0]
    if len(beyond) == 0:
        return None
    first = 24 + beyond[0]
    d = np.diff(distance)
    lo, hi = max(first - 5, 1), min(first + 3, len(d) - 2)
    i = lo + int(np.argmax(d[lo:hi + 1]))
    y0, y1, y2 = d[i - 1], d[i], d[i + 1]
    denom = y0 - 2 * y1 + y2
    off = 0.5 * (y0 - y2) / denom if denom != 0 else 0.0
    return i + 0.5 + max(-0.5, min(0.5, off))


def fit_line(points):
    """Total-least-squares line, refit without points more than 3 px (or 2.5 robust sigmas) off."""
    keep = np.ones(len(points), bool)
    for _ in range(4):
        p = points[keep]
        c = p.mean(axis=0)
        _, _, vt = np.linalg.svd(p - c)
        direction = vt[0]
        normal = np.array([-direction[1], direction[0]])
        r = np.abs((points - c) @ normal)
        sigma = 1.4826 * np.median(r[keep])
        keep = r <= max(3.0, 2.5 * sigma)
    rms = float(np.sqrt((((points[keep] - c) @ normal) ** 2).mean()))
    return c, direction, int(keep.sum()), rms


def intersect(l1, l2):
    (c1, d1), (c2, d2) = l1, l2
    a = np.array([d1, -d2]).T
    t = np.linalg.solve(a, c2 - c1)
    return c1 + t[0] * d1


def main():
    debug = sys.argv[sys.argv.index("--debug") + 1] if "--debug" in sys.argv else None
    result = {"method": __doc__.strip().splitlines()[0], "photos": {}}
    for name in NAMES:
        raw = cv2.imread(os.path.join(PHOTOS, "raw", name + ".jpg"), cv2.IMREAD_COLOR)
        straight = cv2.imread(os.path.join(PHOTOS, name + "-straightened.jpg"), cv2.IMREAD_COLOR)
        H, inliers, rms = homography(straight, raw)
        lines = {}
        fits = {}
        for side in ("top", "right", "bottom", "left"):
            pts = edge_points(straight, side)
            c, d, n, line_rms = fit_line(pts)
            lines[side] = (c, d)
            fits[side] = {"points": len(pts), "inliers": n, "rms_px": round(line_rms, 3)}
        s_corners = np.array([
            intersect(lines["top"], lines["left"]), intersect(lines["top"], lines["right"]),
            intersect(lines["bottom"], lines["right"]), intersect(lines["bottom"], lines["left"])])
        hs, ws = straight.shape[:2]
        s_image = np.array([[-0.5, -0.5], [ws - 0.5, -0.5], [ws - 0.5, hs - 0.5], [-0.5, hs - 0.5]])
        frame_raw = cv2.perspectiveTransform(s_corners[None], H)[0]
        expanded_raw = cv2.perspectiveTransform(s_image[None], H)[0]
        margins = {
            "left": float((s_corners[0, 0] + s_corners[3, 0]) / 2 + 0.5),
            "top": float((s_corners[0, 1] + s_corners[1, 1]) / 2 + 0.5),
            "right": float(ws - 0.5 - (s_corners[1, 0] + s_corners[2, 0]) / 2),
            "bottom": float(hs - 0.5 - (s_corners[2, 1] + s_corners[3, 1]) / 2),
        }
        result["photos"][name] = {
            "raw_size": [raw.shape[1], raw.shape[0]],
            "straightened_size": [ws, hs],
            "homography_straight_to_raw": H.tolist(),
            "homography_inliers": inliers,
            "homography_rms_px": round(rms, 3),
            "frame_corners_in_straightened": np.round(s_corners, 2).tolist(),
            "frame_edge_fits": fits,
            "frame_corners": np.round(frame_raw, 2).tolist(),
            "app_expanded_corners": np.round(expanded_raw, 2).tolist(),
            "app_margin_px_in_straightened": {k: round(v, 1) for k, v in margins.items()},
            "app_aspect": ws / hs,
        }
        print(name, "H inliers", inliers, "rms", round(rms, 3), "edge fits", fits)
        print("  frame corners (raw):", np.round(frame_raw, 1).tolist())
        print("  app margins (straightened px):", {k: round(v, 1) for k, v in margins.items()})
        if debug:
            os.makedirs(debug, exist_ok=True)
            for i, (x, y) in enumerate(frame_raw):
                x, y = int(round(x)), int(round(y))
                crop = raw[max(0, y - 100):y + 100, max(0, x - 100):x + 100].copy()
                cx, cy = x - max(0, x - 100), y - max(0, y - 100)
                cv2.circle(crop, (cx, cy), 3, (0, 0, 255), -1)
                crop = cv2.resize(crop, None, fx=3, fy=3, interpolation=cv2.INTER_NEAREST)
                cv2.imwrite(os.path.join(debug, f"{name}_corner{i}.png"), crop)
    out = os.path.join(os.path.dirname(__file__), "straighten_reference.json")
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
    print("wrote", out)


if __name__ == "__main__":
    main()
