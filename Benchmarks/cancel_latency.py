"""How long Ctrl-C takes to end `deglare remove` at every stage of a run.

Runs the command once to learn its length, then again and again with SIGINT sent at evenly
spaced moments through it (decode, repair, PNG encode), for each method given; reports per
method the median, 90th percentile and worst time from the signal to the process's exit, and
fails when a run did not exit 130 or left any file behind (a run the signal ended at start-up,
before deglare's handler was installed, is counted apart: a shell sees 130 for it too). A failing
run's last lines of stderr are printed.
Usage: cancel_latency.py [--jpeg] DEGLARE IMAGE MASK OUTDIR [METHOD...]   (methods default: auto fill)
--jpeg writes the result as JPEG (over a JPEG photo: the splice into its blocks) instead of PNG.
"""

import os
import signal
import statistics
import subprocess
import sys
import time


def command(binary, image, mask, output, method):
    return [binary, "remove", image, "--mask", mask, "-o", output, "--method", method, "--force"]


def main():
    arguments = sys.argv[1:]
    jpeg = arguments[:1] == ["--jpeg"]
    if jpeg:
        arguments = arguments[1:]
    binary, image, mask, outdir = arguments[:4]
    methods = arguments[4:] or ["auto", "fill"]
    output = os.path.join(outdir, "cancelled.jpg" if jpeg else "cancelled.png")
    failures = 0
    for method in methods:
        start = time.monotonic()
        subprocess.run(command(binary, image, mask, output, method), check=True, capture_output=True)
        length = time.monotonic() - start
        os.remove(output)
        for leftover in (output + ".json",):
            if os.path.exists(leftover):
                os.remove(leftover)
        latencies = []
        early = []
        moments = [length * k / 20 for k in range(1, 20)]
        for moment in moments:
            before = set(os.listdir(outdir))
            process = subprocess.Popen(
                command(binary, image, mask, output, method), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            time.sleep(moment)
            if process.poll() is not None:
                continue
            sent = time.monotonic()
            process.send_signal(signal.SIGINT)
            # communicate, not wait: it drains stderr (quoted below on a failure), so a chatty
            # run cannot block on a full pipe; the process's exit still ends it.
            _, errors = process.communicate()
            latencies.append(time.monotonic() - sent)
            status = process.returncode
            stray = set(os.listdir(outdir)) - before
            if status == 0:
                # The run ended before the signal reached it (runs vary in length): its result
                # is whole and published, which is right; the moment measures nothing.
                for name in stray:
                    os.remove(os.path.join(outdir, name))
                latencies.pop()
                continue
            if status == -signal.SIGINT and not stray:
                # The signal's default action ended the run: it came before deglare installed
                # its handler, while the process was still starting (on a loaded machine, up to
                # 0.7 s). A shell sees 130 all the same, and nothing was written; counted apart.
                early.append(moment)
                latencies.pop()
                continue
            if status != 130 or stray:
                failures += 1
                print(f"  {method} at {moment:.2f} s: exit {status}, left {sorted(stray)}")
                for line in errors.decode(errors="replace").splitlines()[-20:]:
                    print(f"    stderr: {line}")
                for name in stray:
                    os.remove(os.path.join(outdir, name))
        latencies.sort()
        p90 = latencies[int(0.9 * (len(latencies) - 1))]
        print(
            f"Ctrl-C during --method {method} (a {length:.1f} s run, {len(latencies)} moments): "
            f"median {1000 * statistics.median(latencies):.0f} ms, 90th percentile {1000 * p90:.0f} ms, "
            f"worst {1000 * latencies[-1]:.0f} ms")
        if early:
            print(f"  {len(early)} ended by SIGINT's default action at start-up (at "
                  f"{', '.join(f'{m:.2f}' for m in early)} s), before deglare's handler was installed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
