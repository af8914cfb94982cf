"""The workbench on a 24 MP photo, in headless Chromium: time to the first full view, a stroke's
latency, the server's peak memory. Not a test: figures for the README and the closing note.

Usage (see workbench_bench.sh): workbench_bench.py DEGLARE PHOTO MASK RUNS
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

deglare, photo, mask_path, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1600,1000", "--no-first-run"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def wait(driver, script, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.01)
    raise SystemExit(f"timed out: {script}")


def api(url, token, path, method="GET", body=None):
    request = urllib.request.Request(url + path, method=method, data=body, headers={"X-Deglare-Token": token})
    return json.load(urllib.request.urlopen(request, timeout=600))


results = {"ready": [], "first_view": [], "zoom_1to1": [], "handler": [], "event_to_drawn": [],
           "round_trip": [], "peak_edit": [], "peak_remove": [], "remove_seconds": []}
for run in range(runs):
    started = time.time()
    server = subprocess.Popen([deglare, "workbench", photo, "--no-open"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline().strip()
    ready = time.time() - started
    url = line.split(" ", 1)[1]
    base, token = url.split("/?token=")
    driver = browser()
    try:
        driver.get(url)
        first_view = wait(driver, "return window.deglare && window.deglare.timings.firstFullView")
        results["ready"].append(ready)
        results["first_view"].append(first_view / 1000)
        # A stroke across the photo at the fitted view: 60 pointer moves.
        canvas = driver.find_element(By.CSS_SELECTOR, '[data-role="image"]')
        chain = ActionChains(driver, duration=8)
        chain.move_to_element_with_offset(canvas, -300, -100).click_and_hold()
        for step in range(60):
            chain.move_to_element_with_offset(canvas, -300 + step * 10, -100 + step * 3)
        chain.release().perform()
        wait(driver, "return window.deglare.tools.pending.length === 0 && window.deglare.tools.roundTrips.length > 0")
        timings = driver.execute_script("return window.deglare.tools.timings")
        results["handler"] += [t["handler"] for t in timings]
        results["event_to_drawn"] += [t["sinceEvent"] for t in timings]
        results["round_trip"] += driver.execute_script("return window.deglare.tools.roundTrips")
        # 1:1 on the middle of the photo: full-resolution tiles only there.
        zoom_start = time.time()
        driver.execute_script("window.deglare.view.actualSize()")
        time.sleep(0.05)
        wait(driver, "return window.deglare.view.complete && window.deglare.view.level === 0")
        results["zoom_1to1"].append(time.time() - zoom_start)
        results["peak_edit"].append(peak_rss_mb(server.pid))
        # Remove with the local method under a 3 % mask loaded from a file.
        if run == 0:
            with open(mask_path, "rb") as mask:
                api(base, token, "/api/mask/load", "POST", mask.read())
            remove_start = time.time()
            api(base, token, "/api/remove?provider=local", "POST", b"")
            while api(base, token, "/api/state")["status"]["state"] == "working":
                time.sleep(0.1)
            results["remove_seconds"].append(time.time() - remove_start)
            results["peak_remove"].append(peak_rss_mb(server.pid))
    finally:
        driver.quit()
        server.terminate()
        server.wait()


def summary(values, unit, scale=1.0):
    values = [v * scale for v in values]
    if not values:
        return "n/a"
    return f"median {statistics.median(values):.2f} {unit}, max {max(values):.2f} {unit} (n={len(values)})"


print(f"photo: {photo}")
print(f"server ready (decode + pyramid, URL printed): {summary(results['ready'], 's')}")
print(f"page load to first full view:                 {summary(results['first_view'], 's')}")
print(f"zoom to 1:1, full-resolution tiles shown:     {summary(results['zoom_1to1'], 's')}")
print(f"stroke segment drawn, inside the event:       {summary(results['handler'], 'ms')}")
print(f"pointer event to segment drawn:               {summary(results['event_to_drawn'], 'ms')}")
print(f"stroke release to server mask shown:          {summary(results['round_trip'], 'ms')}")
print(f"server peak RSS while editing:                {summary(results['peak_edit'], 'MB')}")
print(f"server peak RSS after a local Remove:         {summary(results['peak_remove'], 'MB')}")
print(f"local Remove (3 % mask, 24 MP):               {summary(results['remove_seconds'], 's')}")
