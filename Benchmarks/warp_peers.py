"""OpenCV side of Benchmarks/warp_bench.sh.

prepare PHOTO OUT.png                       resize PHOTO to 6000x4000 (24 MP) and save it
time IMAGE CORNERS WxH RUNS OUT.png         warpPerspective the quad CORNERS to WxH, RUNS times
report DEGLARE.jsonl OPENCV.jsonl A.png B.png   print times, ratios and the outputs' difference

The homography maps the output's pixel-area corners (-0.5, -0.5) ... (W - 0.5, H - 0.5) onto the
quad's corners, in coordinates where (0, 0) is the centre of the top-left pixel: the convention of
deglare's PerspectiveWarp and of OpenCV's WARP_INVERSE_MAP alike.
"""
import json
import statistics
import sys
import time

import cv2
import numpy as np

cv2.setNumThreads(2)


def prepare(photo, out):
    image = cv2.imread(photo, cv2.IMREAD_COLOR)
    image = cv2.resize(image, (6000, 4000), interpolation=cv2.INTER_AREA)
    cv2.imwrite(out, image, [cv2.IMWRITE_PNG_COMPRESSION, 1])


def homography(corners, width, height):
    quad = np.array([float(v) for v in corners.split(",")], np.float64).reshape(4, 2)
    rect = np.array([[-0.5, -0.5], [width - 0.5, -0.5], [width - 0.5, height - 0.5], [-0.5, height - 0.5]])
    return cv2.getPerspectiveTransform(rect.astype(np.float32), quad.astype(np.float32)).astype(np.float64)


def time_warp(path, corners, size, runs, out):
    width, height = (int(v) for v in size.split("x"))
    image = cv2.imread(path, cv2.IMREAD_UNCHANGED)
    matrix = homography(corners, width, height)
    times = []
    cpu_times = []
    result = None
    for _ in range(int(runs)):
        start = time.perf_counter()
        cpu_start = time.process_time()
        result = cv2.warpPerspective(image, matrix, (width, height),
                                     flags=cv2.INTER_CUBIC | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
    cv2.imwrite(out, result, [cv2.IMWRITE_PNG_COMPRESSION, 1])
    print(json.dumps({"tool": "opencv", "version": cv2.__version__, "threads": cv2.getNumThreads(), "times": times,
                      "cpu_times": cpu_times}))


def report(ours_path, peers_path, ours_png, peer_png):
    our_lines = [json.loads(line) for line in open(ours_path)]
    peer_lines = [json.loads(line) for line in open(peers_path)]
    ours = [t for line in our_lines for t in line["times"]]
    peers = [t for line in peer_lines for t in line["times"]]
    our_cpu = [t for line in our_lines for t in line["cpu_times"]]
    peer_cpu = [t for line in peer_lines for t in line["cpu_times"]]
    a = cv2.imread(ours_png, cv2.IMREAD_UNCHANGED).astype(np.int32)
    b = cv2.imread(peer_png, cv2.IMREAD_UNCHANGED).astype(np.int32)
    diff = np.abs(a - b)
    inner = diff[8:-8, 8:-8]
    print(f"warp 24 MP RGB (6000x4000 -> 6000x4000), {len(ours)} runs each, OpenCV {peer_lines[0]['version']} "
          f"with {peer_lines[0]['threads']} threads")
    print(f"  deglare  best {min(ours)*1000:7.1f} ms  median {statistics.median(ours)*1000:7.1f} ms")
    print(f"  OpenCV   best {min(peers)*1000:7.1f} ms  median {statistics.median(peers)*1000:7.1f} ms")
    print(f"  ratio deglare/OpenCV (wall): best {min(ours)/min(peers):.2f}, median {statistics.median(ours)/statistics.median(peers):.2f}")
    print(f"  processor time (both threads): deglare median {statistics.median(our_cpu)*1000:.0f} ms, "
          f"OpenCV median {statistics.median(peer_cpu)*1000:.0f} ms, ratio {statistics.median(our_cpu)/statistics.median(peer_cpu):.2f}")
    print(f"  output difference: mean {inner.mean():.3f} levels, 99th percentile {np.percentile(inner, 99):.0f}, "
          f"max {inner.max()} (kernels differ: a = -0.5 vs -0.75)")


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "prepare":
        prepare(*sys.argv[2:4])
    elif command == "time":
        time_warp(*sys.argv[2:7])
    else:
        report(*sys.argv[2:6])
