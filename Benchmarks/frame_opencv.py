#!/usr/bin/env python3
"""OpenCV and NumPy implementation of the steps of the frame search `deglare detect` runs first
(FrameDetector), for the speed comparison in detect_bench.sh.

Same steps: area downscale to <= 1000 px, Gaussian blur (sigma 1), colour structure-tensor edges
(Sobel per channel, strength threshold at max(4, 0.12 x the 99th percentile), non-maximum
suppression across the edge), a Hough transform per family (near-horizontal, near-vertical;
+-30 degrees in 0.25 degree steps, each edge pixel voting within 3 degrees of its own normal), 24
peaks per family each re-fitted to its edge pixels, every quad of two lines per family scored by
edge coverage of its sides and a wall contrast (wall-coloured outside, not inside), the best one
refined at full resolution from 96 gradient profiles per side and a trimmed line fit, twice.
find_frame(bgr) returns the four corners (top-left first, clockwise) or None.
"""
import cv2
import numpy as np


def _edges(small):
    blurred = cv2.GaussianBlur(small, (0, 0), 1.0)
    gx = cv2.Sobel(blurred, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(blurred, cv2.CV_32F, 0, 1, ksize=3) / 8
    gxx, gxy, gyy = (gx * gx).sum(2), (gx * gy).sum(2), (gy * gy).sum(2)
    diff = gxx - gyy
    strength = np.sqrt((gxx + gyy + np.sqrt(diff * diff + 4 * gxy * gxy)) / 2)
    theta = np.mod(0.5 * np.arctan2(2 * gxy, diff), np.pi)
    threshold = max(4.0, 0.12 * float(np.percentile(strength, 99)))
    # non-maximum suppression along the normal, rounded to 45 degrees
    sector = np.round(theta / (np.pi / 4)).astype(np.int32) % 4
    offsets = [(0, 1), (1, 1), (1, 0), (1, -1)]
    keep = strength >= threshold
    pad = np.pad(strength, 1)
    h, w = strength.shape
    for k, (dy, dx) in enumerate(offsets):
        a = pad[1 + dy:1 + dy + h, 1 + dx:1 + dx + w]
        b = pad[1 - dy:1 - dy + h, 1 - dx:1 - dx + w]
        keep &= ~((sector == k) & ((strength < a) | (strength < b)))
    return blurred, strength, theta, keep


def _lines(theta, keep, horizontal):
    h, w = keep.shape
    step, tilt, vote = np.radians(0.25), np.radians(30), np.radians(3)
    bins = int(round(2 * tilt / step)) + 1
    centre = np.pi / 2 if horizontal else 0.0
    cx, cy = (w - 1) / 2, (h - 1) / 2
    half = np.hypot(cx, cy) + 2
    rho_bins = int(2 * half) + 1
    ys, xs = np.nonzero(keep)
    delta = np.mod(theta[ys, xs] - centre + np.pi / 2, np.pi) - np.pi / 2
    sel = np.abs(delta) <= tilt + vote
    ys, xs, delta = ys[sel], xs[sel], delta[sel]
    angles = centre - tilt + np.arange(bins) * step
    acc = np.zeros(bins * rho_bins, np.int64)
    reach = int(round(vote / step))
    base = np.round((delta + tilt) / step).astype(np.int64)
    for k in range(-reach, reach + 1):
        b = base + k
        ok = (b >= 0) & (b < bins)
        bb = b[ok]
        rho = (xs[ok] - cx) * np.cos(angles[bb]) + (ys[ok] - cy) * np.sin(angles[bb])
        r = np.round(rho + half).astype(np.int64)
        ok2 = (r >= 0) & (r < rho_bins)
        acc += np.bincount(bb[ok2] * rho_bins + r[ok2], minlength=acc.size)
    order = np.argsort(acc)[::-1]
    minimum = max(3, int(0.06 * min(w, h)))
    found, seen = [], []
    ex, ey = np.nonzero(keep.T)  # x, y of all edge pixels
    for index in order[:4000]:
        if acc[index] < minimum or len(found) >= 24:
            break
        b, r = divmod(int(index), rho_bins)
        rho = r - half
        if any(abs(b - sb) <= 4 and abs(rho - sr) <= 2 for sb, sr in seen):
            continue
        seen.append((b, rho))
        a = angles[b]
        nx, ny = np.cos(a), np.sin(a)
        dist = (ex - cx) * nx + (ey - cy) * ny - rho
        near = np.abs(dist) <= 1.5
        if near.sum() >= 8:  # least-squares re-fit (principal axis of the support)
            px, py = ex[near].astype(np.float64), ey[near].astype(np.float64)
            mx, my = px.mean(), py.mean()
            cov = np.cov(np.stack([px - mx, py - my]))
            evals, evecs = np.linalg.eigh(cov)
            nx, ny = evecs[:, 0]
            rho = (mx - cx) * nx + (my - cy) * ny
        found.append((nx, ny, rho))
    return [(nx, ny, rho + nx * cx + ny * cy) for nx, ny, rho in found]  # n . p = c


def _intersect(l1, l2):
    a = np.array([[l1[0], l1[1]], [l2[0], l2[1]]])
    if abs(np.linalg.det(a)) < 1e-9:
        return None
    return np.linalg.solve(a, np.array([l1[2], l2[2]]))


def _along(lines, keep, blurred, wall, w, h):
    """Per line: prefix sums, at unit steps of its parameter from -reach, of edge hits (an edge
    pixel within 1 px) and of the wall contrast on either side (wall-coloured 3 px out, not wall
    4 px in), as the Swift search precomputes them."""
    reach = np.hypot(w, h) + 2
    t = np.arange(-reach, reach + 1)
    dil = cv2.dilate(keep.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    out = []
    for nx, ny, c in lines:
        d = np.array([-ny, nx])
        foot = np.array([nx, ny]) * c
        pts = foot[None] + t[:, None] * d[None]
        x = np.round(pts[:, 0]).astype(int)
        y = np.round(pts[:, 1]).astype(int)
        ok = (x >= 0) & (y >= 0) & (x < w) & (y < h)
        hits = np.zeros(len(t))
        hits[ok] = dil[y[ok], x[ok]]
        sides = []
        for sign in (1, -1):
            def colour(offset):
                xs = np.clip(np.round(pts[:, 0] + sign * nx * offset).astype(int), 0, w - 1)
                ys = np.clip(np.round(pts[:, 1] + sign * ny * offset).astype(int), 0, h - 1)
                return blurred[ys, xs]
            # the quad on the side away from `sign * normal`: outside is toward it
            contrast = np.clip((np.linalg.norm(colour(-4) - wall, axis=1) - np.linalg.norm(colour(3) - wall, axis=1)) / 40, 0, 1)
            sides.append(np.concatenate([[0], np.cumsum(contrast * ok)]))
        out.append((foot, d, np.concatenate([[0], np.cumsum(hits)]), sides[0], sides[1]))
    return out, reach


def _refine(bgr, corners, factor):
    gray = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    refined_lines = []
    centre = corners.mean(0)
    for side in range(4):
        p, q = corners[side], corners[(side + 1) % 4]
        for search in (6 * factor + 3, factor + 3):
            d = (q - p) / np.linalg.norm(q - p)
            n = np.array([-d[1], d[0]])
            if np.dot((p + q) / 2 - centre, n) < 0:
                n = -n
            t = np.linspace(0.08, 0.92, 96)
            base = p[None] + (q - p)[None] * t[:, None]
            offsets = np.arange(-search, search + 1, dtype=np.float32)
            across = np.arange(-2, 3, dtype=np.float32)
            mx = base[:, None, None, 0] + offsets[None, :, None] * n[0] + across[None, None, :] * d[0]
            my = base[:, None, None, 1] + offsets[None, :, None] * n[1] + across[None, None, :] * d[1]
            prof = cv2.remap(gray, mx.reshape(96, -1).astype(np.float32), my.reshape(96, -1).astype(np.float32),
                             cv2.INTER_LINEAR).reshape(96, len(offsets), 5).mean(2)
            prof = cv2.GaussianBlur(prof, (0, 0), sigmaX=1.2, sigmaY=0.01)
            grad = np.abs(np.diff(prof, axis=1))
            peak = grad.max(1, keepdims=True)
            strong = grad >= 0.25 * np.maximum(peak, 1e-6)
            outer = len(offsets) - 2 - np.argmax(strong[:, ::-1], axis=1)  # outermost strong peak
            pts = base + n[None] * (offsets[outer] + 0.5)[:, None]
            for _ in range(4):  # trimmed least-squares line fit
                m = pts.mean(0)
                evals, evecs = np.linalg.eigh(np.cov((pts - m).T))
                normal = evecs[:, 0]
                r = (pts - m) @ normal
                s = max(1.0, 2.5 * r.std())
                keep = np.abs(r) <= s
                if keep.sum() < 0.35 * len(pts):
                    break
                pts = pts[keep]
            line = (normal[0], normal[1], float(m @ normal))
            p = _project(p, line)
            q = _project(q, line)
        refined_lines.append(line)
    out = [_intersect(refined_lines[(k + 3) % 4], refined_lines[k]) for k in range(4)]
    return None if any(c is None for c in out) else np.array(out)


def _project(point, line):
    n = np.array(line[:2])
    return point - n * (point @ n - line[2])


def find_frame(bgr):
    H, W = bgr.shape[:2]
    f = max(1, -(-max(H, W) // 1000))
    h, w = H // f, W // f
    small = cv2.resize(bgr[:h * f, :w * f], (w, h), interpolation=cv2.INTER_AREA).astype(np.float32)
    blurred, strength, theta, keep = _edges(small)
    horizontals = _lines(theta, keep, True)
    verticals = _lines(theta, keep, False)
    band = max(2, int(0.01 * min(h, w)))
    border = np.concatenate([blurred[:band].reshape(-1, 3), blurred[-band:].reshape(-1, 3),
                             blurred[:, :band].reshape(-1, 3), blurred[:, -band:].reshape(-1, 3)])
    wall = np.median(border, 0)
    if len(horizontals) < 2 or len(verticals) < 2:
        return None
    ah, reach = _along(horizontals, keep, blurred, wall, w, h)
    av, _ = _along(verticals, keep, blurred, wall, w, h)
    nh, nv = len(horizontals), len(verticals)
    # every intersection, and its parameter along both lines
    P = np.zeros((nh, nv, 2))
    for a in range(nh):
        for b in range(nv):
            q = _intersect(horizontals[a], verticals[b])
            P[a, b] = q if q is not None else np.nan
    th = np.stack([(P[a] - ah[a][0]) @ ah[a][1] for a in range(nh)])          # nh x nv
    tv = np.stack([(P[:, b] - av[b][0]) @ av[b][1] for b in range(nv)]).T      # nh x nv
    level_h = np.array([(l[2] - l[0] * (w - 1) / 2) / l[1] for l in horizontals])
    level_v = np.array([(l[2] - l[1] * (h - 1) / 2) / l[0] for l in verticals])
    i, j = np.triu_indices(nh, 1)
    k, m = np.triu_indices(nv, 1)
    top = np.where(level_h[i] < level_h[j], i, j)[:, None]
    bottom = np.where(level_h[i] < level_h[j], j, i)[:, None]
    left = np.where(level_v[k] < level_v[m], k, m)[None, :]
    right = np.where(level_v[k] < level_v[m], m, k)[None, :]
    def cover(params, along, line_idx, end1, end2, inner_sign):
        t1 = params[end1] + reach
        t2 = params[end2] + reach
        lo = np.clip(np.minimum(t1, t2), 0, None).astype(int)
        hi = np.clip(np.maximum(t1, t2), 0, 2 * reach).astype(int)
        length = np.maximum(hi - lo, 1)
        cov = np.zeros(lo.shape)
        con = np.zeros(lo.shape)
        for idx in np.unique(line_idx):
            sel = line_idx == idx
            s_hit = along[idx][2]
            s_con = along[idx][3] if inner_sign == -1 else along[idx][4]
            cov[sel] = (s_hit[hi[sel]] - s_hit[lo[sel]]) / length[sel]
            con[sel] = (s_con[hi[sel]] - s_con[lo[sel]]) / length[sel]
        return cov, con
    T = np.broadcast_to(top, (len(i), len(k)))
    Bm = np.broadcast_to(bottom, (len(i), len(k)))
    L = np.broadcast_to(left, (len(i), len(k)))
    R = np.broadcast_to(right, (len(i), len(k)))
    # inner side: below the top line, above the bottom one, right of the left one, left of the right one
    sign_h = np.array([1 if l[1] > 0 else -1 for l in horizontals])
    sign_v = np.array([1 if l[0] > 0 else -1 for l in verticals])
    c_top, w_top = cover(th, ah, T, (T, L), (T, R), 1)
    c_bottom, w_bottom = cover(th, ah, Bm, (Bm, L), (Bm, R), -1)
    c_left, w_left = cover(tv.T, av, L, (L, T), (L, Bm), 1)
    c_right, w_right = cover(tv.T, av, R, (R, T), (R, Bm), -1)
    cov = np.stack([c_top, c_right, c_bottom, c_left])
    con = np.stack([w_top, w_right, w_bottom, w_left])
    corners = np.stack([P[T, L], P[T, R], P[Bm, R], P[Bm, L]], -2)  # ... x 4 x 2
    xs, ys = corners[..., 0], corners[..., 1]
    area = 0.5 * np.abs((xs * np.roll(ys, -1, -1) - ys * np.roll(xs, -1, -1)).sum(-1))
    inside = (xs > -0.02 * w).all(-1) & (xs < 1.02 * w).all(-1) & (ys > -0.02 * h).all(-1) & (ys < 1.02 * h).all(-1)
    score = (0.5 * cov.mean(0) + 0.5 * cov.min(0)) * (0.5 + 0.5 * con.mean(0))
    valid = inside & (area >= 0.02 * w * h) & (cov.min(0) >= 0.2) & (score >= 0.3) & np.isfinite(area)
    best = None
    if valid.any():
        top_score = score[valid].max()
        tied = valid & (score >= top_score - 0.08)
        idx = np.unravel_index(np.argmax(np.where(tied, area, -1)), area.shape)
        best = (None, corners[idx])
    if best is None:
        return None
    return _refine(bgr, (best[1] + 0.5) * f - 0.5, f)
