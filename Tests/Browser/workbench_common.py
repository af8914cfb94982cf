"""What the Chromium and Firefox workbench tests share: the binaries, the fixtures, starting and
stopping `deglare workbench` and `stub-server`, and an independent count of a mask file's pixels."""
import json
import os
import shutil
import struct
import subprocess
import tempfile
import time
import urllib.request
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.abspath(os.environ.get("DEGLARE_BIN", os.path.join(ROOT, ".build", "debug")))
ARTIFACTS = os.path.join(ROOT, "Tests", "Browser", "artifacts")
PAINTING = os.path.join(ROOT, "Fixtures", "demo", "painting.png")
GLARE_MASK = os.path.join(ROOT, "Fixtures", "demo", "glare-mask.png")
# The axis of the streak of glare in the demo painting (Fixtures/demo/glare-mask.png's band), in
# photo pixels.
STREAK = [(180.0, 130.0), (250.0, 165.0), (320.0, 200.0), (390.0, 235.0), (443.0, 261.5)]


def start_workbench(photo, environment=None):
    """Starts `deglare workbench PHOTO --no-open`; returns the process and its URL."""
    env = dict(os.environ, **(environment or {}))
    env.pop("DEGLARE_PROVIDER", None)
    process = subprocess.Popen(
        [os.path.join(BIN, "deglare"), "workbench", photo, "--no-open"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, env=env)
    line = process.stdout.readline().strip()
    if not line.startswith("workbench: http://127.0.0.1:"):
        process.kill()
        raise AssertionError(f"unexpected first line {line!r}: {process.stderr.read()}")
    return process, line.split(" ", 1)[1]


def start_stub(mode):
    """Starts `stub-server --mode MODE`; returns the process and its port."""
    stub = subprocess.Popen([os.path.join(BIN, "stub-server"), "--mode", mode, "--exit-on-stdin-eof"],
                            stdout=subprocess.PIPE, stdin=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return stub, int(stub.stdout.readline().strip().split("=", 1)[1])


class PhotoFolder:
    """A unittest mixin: each test gets a fresh folder holding a copy of the demo painting
    (`self.photo`), and the processes it appends to `self.processes` are stopped after it."""
    folder_prefix = "deglare-browser-"

    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix=self.folder_prefix)
        self.photo = os.path.join(self.folder, "painting.png")
        shutil.copyfile(PAINTING, self.photo)
        self.processes = []

    def tearDown(self):
        for process in self.processes:
            stop(process)
        shutil.rmtree(self.folder, ignore_errors=True)


def wait_until_held(control, timeout=300):
    """Waits until stub-server's gate holds a request (a hang guard, not a time limit)."""
    deadline = time.time() + timeout
    while json.load(urllib.request.urlopen(f"{control}/state"))["held"] < 1:
        if time.time() > deadline:
            raise AssertionError("the request never reached the stub's gate")
        time.sleep(0.05)


def stop(process):
    process.terminate()
    try:
        status = process.wait(timeout=120)
    except subprocess.TimeoutExpired:
        process.kill()
        status = process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream:
            stream.close()
    return status


def verify(photo, result, mask):
    """Runs `deglare verify`; returns (exit status, stdout + stderr)."""
    run = subprocess.run([os.path.join(BIN, "deglare"), "verify", photo, result, "--mask", mask],
                         capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def gray_png_inside(path):
    """Counts the pixels at or above 128 (inside, as deglare reads a mask) of an 8-bit grey, non-interlaced PNG (the demo mask's format),
    decoded here with zlib alone so the count does not come from deglare's own codec."""
    with open(path, "rb") as file:
        data = file.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    position, idat = 8, b""
    width = height = 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, colour, interlace) == (8, 0, 0), f"{path}: not 8-bit grey non-interlaced"
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    raw = zlib.decompress(idat)
    previous, count = bytearray(width), 0
    for row in range(height):
        start = row * (width + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + width])
        for x in range(width):
            left = line[x - 1] if x else 0
            up, corner = previous[x], previous[x - 1] if x else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        count += sum(1 for value in line if value >= 128)
        previous = line
    return count
