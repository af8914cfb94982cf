"""Times JPEG decode and PNG/JPEG encode with Pillow and OpenCV in-process, and djpeg as a process,
on the same files; one JSON object per file on stdout (best of N runs, wall time)."""
import json
import subprocess
import sys
import time

import cv2
import numpy as np
from PIL import Image

cv2.setNumThreads(2)


import os
import resource

CPU = os.environ.get("DEGLARE_BENCH_CPU") == "1"


def clock():
    """Wall seconds, or with DEGLARE_BENCH_CPU=1 the CPU seconds of this process and its children."""
    if not CPU:
        return time.perf_counter()
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def best(runs, fn):
    result = float("inf")
    out = None
    for _ in range(runs):
        start = clock()
        out = fn()
        result = min(result, clock() - start)
    return result, out


def main():
    runs = int(sys.argv[1])
    for path in sys.argv[2:]:
        data = open(path, "rb").read()
        r = {"file": path}
        r["djpeg_process"], _ = best(runs, lambda: subprocess.run(["djpeg", "-outfile", "/dev/null", path], check=True))
        pil = Image.open(path)
        pil.load()
        r["pillow_decode"], _ = best(runs, lambda: Image.open(path).load())
        r["opencv_decode"], arr = best(runs, lambda: cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR))
        r["opencv_png_encode"], png = best(runs, lambda: cv2.imencode(".png", arr)[1])
        r["opencv_png_bytes"] = int(png.size)
        r["opencv_png_decode"], _ = best(runs, lambda: cv2.imdecode(png, cv2.IMREAD_UNCHANGED))

        def pillow_png():
            import io
            buf = io.BytesIO()
            pil.save(buf, format="PNG")
            return buf.getvalue()
        r["pillow_png_encode"], ppng = best(1, pillow_png)
        r["pillow_png_bytes"] = len(ppng)
        r["opencv_jpeg_encode_q95"], _ = best(runs, lambda: cv2.imencode(".jpg", arr, [cv2.IMWRITE_JPEG_QUALITY, 95]))
        print(json.dumps(r), flush=True)


main()
