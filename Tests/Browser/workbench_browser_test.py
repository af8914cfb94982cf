"""The workbench in a real browser: headless Chromium driven by Selenium.

Paints with real pointer events (mouse, pen and touch), removes with the local provider, saves,
and checks the written files with `deglare verify`; then the stale-result scenario through the
page, with stub-server holding the provider's answer. A screenshot of each state goes to
Tests/Browser/artifacts/ (gitignored).

Run by Tests/Browser/run.sh (which makes the venv); needs `deglare` and `stub-server` built:
    DEGLARE_BIN=.build/debug python Tests/Browser/workbench_browser_test.py
"""
import json
import os
import shutil
import sys
import time
import unittest
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.mouse_button import MouseButton
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from workbench_common import (ARTIFACTS, GLARE_MASK, PAINTING, STREAK, PhotoFolder, gray_png_inside, start_stub,
                             start_workbench, verify, wait_until_held)


class WorkbenchBrowserTests(PhotoFolder, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(ARTIFACTS, exist_ok=True)
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1280,820", "--no-first-run", "--disable-extensions"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        cls.driver = webdriver.Chrome(service=Service(driver_path), options=options)
        cls.driver.set_script_timeout(30)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    # MARK: - Helpers

    def shot(self, name):
        self.driver.save_screenshot(os.path.join(ARTIFACTS, f"{name}.png"))

    def frame(self):
        """Waits until the page has drawn two more frames (a requested render has happened)."""
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));")

    def wait(self, script, timeout=300, message=""):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.driver.execute_script(script)
            if value:
                return value
            time.sleep(0.05)
        self.shot(f"timeout-{self.id().split('.')[-1]}")
        logs = "\n".join(str(entry) for entry in self.driver.get_log("browser"))
        raise AssertionError(f"timed out: {message or script}\nstatus: {self.status()}\n{logs}")

    def status(self):
        element = self.driver.find_element(By.CSS_SELECTOR, '[data-role="status"]')
        return element.get_attribute("data-state"), element.text

    def wait_status(self, states, timeout=300):
        states_js = json.dumps(states)
        self.wait(f"return {states_js}.includes(document.querySelector('[data-role=status]').dataset.state)",
                  timeout, f"status in {states}")
        return self.status()

    def action(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'[data-action="{name}"]')

    def open(self, url):
        self.driver.get(url)
        self.wait("return document.querySelector('[data-role=image]').dataset.ready === '1'", 300, "first full view")

    def client(self, x, y):
        point = self.driver.execute_script("return window.deglare.imageToClient(arguments[0], arguments[1])", x, y)
        return point["x"], point["y"]

    def set_size(self, pixels):
        """Sets the brush radius in screen pixels with the page's own slider."""
        self.driver.execute_script(
            "const s = document.querySelector('[data-role=size]'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input'));", pixels)

    def inside(self):
        return self.driver.execute_script("return window.deglare.state.mask.inside")

    def settled(self):
        """Waits until every live stroke was replaced by the server's mask."""
        self.wait("return window.deglare.tools.pending.length === 0 && !window.deglare.tools.current", 300,
                  "live strokes settled")

    def stroke(self, points, kind="mouse"):
        """Draws through photo points with real pointer events of `kind` (mouse, pen, touch)."""
        canvas = self.driver.find_element(By.CSS_SELECTOR, '[data-role="image"]')
        box = self.driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", canvas)
        centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        offsets = [(round(x - centre[0]), round(y - centre[1])) for x, y in (self.client(*p) for p in points)]
        if kind == "mouse":
            chain = ActionChains(self.driver, duration=20)
            chain.move_to_element_with_offset(canvas, *offsets[0]).click_and_hold()
            for offset in offsets[1:]:
                chain.move_to_element_with_offset(canvas, *offset)
            chain.release().perform()
            return
        self.pointer_drag(kind, [offsets])

    def remove_held(self, control):
        """Removes with openai, whose answer the gated stub holds: waits until it holds the request."""
        Select(self.driver.find_element(By.CSS_SELECTOR, '[data-role="provider"]')).select_by_value("openai")
        self.wait("return document.querySelector('[data-role=plan]').textContent.includes('openai')", 300,
                  "what will be sent to openai")
        self.action("remove").click()
        self.wait_status(["working"])
        wait_until_held(control)

    def undone_stroke(self, tool, points, kind, message):
        """Strokes `points` with the `tool` ("brush" grows the mask, "erase" shrinks it), then undo
        must restore the mask as it was."""
        before = self.inside()
        self.action(tool).click()
        self.stroke(points, kind)
        self.settled()
        (self.assertGreater if tool == "brush" else self.assertLess)(self.inside(), before)
        self.action("undo").click()
        self.wait(f"return window.deglare.state.mask.inside === {before}", 300, message)

    def pointer_drag(self, kind, paths, button=MouseButton.LEFT):
        """Moves one pointer per path (offsets from the canvas's centre) together, pressed with
        `button`: two touch paths make a pinch, a mouse path with the middle button a pan."""
        canvas = self.driver.find_element(By.CSS_SELECTOR, '[data-role="image"]')
        builder = ActionBuilder(self.driver, mouse=PointerInput(interaction.POINTER_MOUSE, "unused"), duration=20)
        kinds = {"mouse": interaction.POINTER_MOUSE, "pen": interaction.POINTER_PEN, "touch": interaction.POINTER_TOUCH}
        pointers = [builder.add_pointer_input(kinds[kind], f"{kind}{index}") for index in range(len(paths))]
        for pointer, path in zip(pointers, paths):
            pointer.create_pointer_move(origin=canvas, x=path[0][0], y=path[0][1])
        for pointer in pointers:
            pointer.create_pointer_down(button=button)
        for step in range(1, len(paths[0])):
            for pointer, path in zip(pointers, paths):
                pointer.create_pointer_move(duration=20, origin=canvas, x=path[step][0], y=path[step][1])
        for pointer in pointers:
            pointer.create_pointer_up(button=button)
        builder.perform()

    def assert_input_untouched(self):
        with open(PAINTING, "rb") as original, open(self.photo, "rb") as kept:
            self.assertEqual(original.read(), kept.read(), "the input was modified")

    def open_with_gate(self):
        """Opens the page on a workbench whose OpenAI calls go to stub-server's gate; returns the
        stub's control URL."""
        stub, port = start_stub("gate")
        self.processes.append(stub)
        process, url = start_workbench(self.photo, {
            "OPENAI_BASE_URL": f"http://127.0.0.1:{port}/v1", "OPENAI_API_KEY": "sk-browser-0123456789abcdefghij"})
        self.processes.append(process)
        self.open(url)
        return f"http://127.0.0.1:{port}/__control"

    # MARK: - Tests

    def test_paint_remove_save_verify(self):
        process, url = start_workbench(self.photo)
        self.processes.append(process)
        self.open(url)
        # The whole photo, fitted and centred in its surface.
        fit = self.driver.execute_script("""
            const v = window.deglare.view, s = v.size, im = v.image;
            return {left: v.offset.x, right: s.width - v.offset.x - im.width * v.scale,
                    top: v.offset.y, bottom: s.height - v.offset.y - im.height * v.scale};""")
        self.assertTrue(min(fit.values()) >= -0.5, fit)
        self.assertTrue(abs(fit["left"] - fit["right"]) < 1 and abs(fit["top"] - fit["bottom"]) < 1, fit)
        self.assertEqual(self.status()[0], "idle")
        self.assertNotIn("token", self.driver.current_url)
        self.shot("01-opened")

        self.set_size(28)
        self.stroke(STREAK, "mouse")
        self.settled()
        painted = self.inside()
        self.assertGreater(painted, 2000)
        self.shot("02-painted")

        # The eraser takes a bite out of it; undo puts it back.
        self.undone_stroke("erase", [(250.0, 150.0), (250.0, 176.0)], "pen", "undo restores the mask")
        # A finger paints too.
        self.undone_stroke("brush", [(120.0, 300.0), (160.0, 310.0)], "touch", "undo of the touch stroke")

        Select(self.driver.find_element(By.CSS_SELECTOR, '[data-role="provider"]')).select_by_value("local")
        self.wait("return document.querySelector('[data-role=plan]').textContent.startsWith('Nothing leaves')", 300,
                  "what will be sent")
        self.action("remove").click()
        state, text = self.wait_status(["done", "error"])
        self.assertEqual(state, "done", text)
        self.wait("return document.querySelector('[data-role=image]').dataset.ready === '1' && "
                  "window.deglare.view.tiles.size > 0", 300)
        time.sleep(0.3)
        self.shot("03-result")
        self.action("compare").click()
        self.assertEqual(self.action("compare").get_attribute("aria-pressed"), "true")
        time.sleep(0.3)
        self.shot("04-before")
        self.action("compare").click()
        self.assertEqual(self.action("compare").get_attribute("aria-pressed"), "false")

        self.action("save").click()
        state, text = self.wait_status(["saved", "error"])
        self.assertEqual(state, "saved", text)
        self.assertIn("identical: all", text)
        self.shot("05-saved")
        result = os.path.join(self.folder, "painting.deglared.png")
        mask = os.path.join(self.folder, "painting.deglared.mask.png")
        status, output = verify(self.photo, result, mask)
        self.assertEqual(status, 0, output)
        self.assertTrue(output.startswith("identical: all"), output)
        self.assert_input_untouched()

    def test_stale_result_is_dropped(self):
        control = self.open_with_gate()
        self.stroke(STREAK, "mouse")
        self.settled()
        self.remove_held(control)
        self.shot("06-working")
        # The mask changes while the provider holds its answer...
        self.stroke([(100.0, 60.0), (130.0, 70.0)], "mouse")
        self.settled()
        # ...and the answer, released now, is dropped.
        urllib.request.urlopen(urllib.request.Request(f"{control}/release", method="POST"))
        state, text = self.wait_status(["stale"])
        time.sleep(0.5)
        self.assertEqual(self.status()[0], "stale")
        self.assertIsNone(self.driver.execute_script("return window.deglare.state.result"))
        self.assertFalse(self.action("save").is_enabled())
        self.shot("07-stale")
        self.assertEqual(sorted(os.listdir(self.folder)), ["painting.png"])

    def test_proposal_mask_file_and_zoomed_brush(self):
        process, url = start_workbench(self.photo)
        self.processes.append(process)
        self.open(url)
        # Auto-detect proposes a mask beside the user's; Keep makes it the mask.
        self.action("detect").click()
        self.wait("return Boolean(window.deglare.state.proposal)", 300, "a proposal")
        self.shot("08-proposal")
        self.action("keep").click()
        self.wait("return !window.deglare.state.proposal && window.deglare.state.mask.inside > 0", 300,
                  "the proposal kept as the mask")
        # Clear empties the mask in one click.
        self.action("clear").click()
        self.wait("return window.deglare.state.mask.inside === 0", 300, "the mask cleared")
        # Load mask: the page's file input gets the demo mask; every inside pixel arrives.
        self.driver.find_element(By.CSS_SELECTOR, '[data-role="mask-file"]').send_keys(GLARE_MASK)
        expected = gray_png_inside(GLARE_MASK)
        self.wait(f"return window.deglare.state.mask.inside === {expected}", 300, f"{expected} pixels loaded")
        self.shot("09-mask-loaded")
        self.action("clear").click()
        self.wait("return window.deglare.state.mask.inside === 0", 300, "the mask cleared")

        # The wheel over the photo zooms in; the same screen brush then paints finer.
        fitted = self.driver.execute_script("return window.deglare.view.scale")
        canvas = self.driver.find_element(By.CSS_SELECTOR, '[data-role="image"]')
        for _ in range(12):
            if self.driver.execute_script("return window.deglare.view.scale") >= 3 * fitted:
                break
            ActionChains(self.driver).scroll_from_origin(ScrollOrigin.from_element(canvas), 0, -240).perform()
            time.sleep(0.1)
        scale = self.driver.execute_script("return window.deglare.view.scale")
        self.assertGreaterEqual(scale, 3 * fitted, "the wheel did not zoom in")
        self.wait("return document.querySelector('[data-role=image]').dataset.ready === '1'", 300, "zoomed view")
        centre = self.driver.execute_script("""
            const box = document.querySelector('[data-role=image]').getBoundingClientRect();
            return window.deglare.view.clientToImage(box.x + box.width / 2, box.y + box.height / 2);""")
        self.set_size(12)
        length = 30.0
        self.stroke([(centre["x"] - length / 2, centre["y"]), (centre["x"] + length / 2, centre["y"])], "mouse")
        self.settled()
        radius = 12 / scale
        expected = 2 * radius * length + 3.14159 * radius * radius
        painted = self.inside()
        self.shot("10-zoomed-stroke")
        self.assertTrue(0.6 * expected <= painted <= 1.4 * expected,
                        f"{painted} pixels painted at {scale:.2f}x, about {expected:.0f} expected")
        # The right button erases whatever tool is chosen.
        start = self.client(centre["x"] - length, centre["y"])
        end = self.client(centre["x"] + length, centre["y"])
        box = self.driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", canvas)
        middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.set_size(30)
        self.pointer_drag("mouse", [[(round(start[0] - middle[0]), round(start[1] - middle[1])),
                                     (round(end[0] - middle[0]), round(end[1] - middle[1]))]], MouseButton.RIGHT)
        self.settled()
        self.assertEqual(self.inside(), 0, "the right button did not erase the stroke")

        # The middle button pans; two fingers moving apart zoom in around them.
        offset = self.driver.execute_script("return [window.deglare.view.offset.x, window.deglare.view.offset.y]")
        self.pointer_drag("mouse", [[(0, 0), (40, 0), (80, 30)]], MouseButton.MIDDLE)
        panned = self.driver.execute_script("return [window.deglare.view.offset.x, window.deglare.view.offset.y]")
        self.assertAlmostEqual(panned[0] - offset[0], 80, delta=2, msg=f"{offset} -> {panned}")
        self.assertAlmostEqual(panned[1] - offset[1], 30, delta=2, msg=f"{offset} -> {panned}")
        self.action("fit").click()
        fitted = self.driver.execute_script("return window.deglare.view.scale")
        self.pointer_drag("touch", [[(-20, 0), (-60, 0), (-100, 0)], [(20, 0), (60, 0), (100, 0)]])
        pinched = self.driver.execute_script("return window.deglare.view.scale")
        self.assertAlmostEqual(pinched / fitted, 5.0, delta=0.5, msg=f"a pinch from 40 to 200 px: {fitted} -> {pinched}")
        self.assertEqual(self.inside(), 0, "a pinch painted")
        self.assert_input_untouched()

    def test_straighten_split_and_cancel(self):
        control = self.open_with_gate()

        # Remove with the local method, then the split: the original left of it, the result right.
        self.set_size(28)
        self.stroke(STREAK, "mouse")
        self.settled()
        Select(self.driver.find_element(By.CSS_SELECTOR, '[data-role="provider"]')).select_by_value("local")
        self.action("remove").click()
        state, text = self.wait_status(["done", "error"])
        self.assertEqual(state, "done", text)
        self.wait("return document.querySelector('[data-role=image]').dataset.ready === '1'", 300, "the result")
        # The result is shown without the mask's tint over it.
        self.assertFalse(self.driver.find_element(By.CSS_SELECTOR, '[data-role="show-mask"]').is_selected())
        self.assertFalse(self.driver.execute_script("return window.deglare.view.showMask"))
        self.frame()
        split = self.driver.find_element(By.CSS_SELECTOR, '[data-role="split"]')
        self.assertTrue(split.is_enabled())
        x, y = self.client(*STREAK[2])
        pixel = """
            const v = window.deglare.view, box = v.canvas.getBoundingClientRect(), r = v.canvas.width / box.width;
            return Array.from(v.canvas.getContext('2d').getImageData(
                Math.round((arguments[0] - box.x) * r), Math.round((arguments[1] - box.y) * r), 1, 1).data);"""
        after = self.driver.execute_script(pixel, x, y)
        split.send_keys(Keys.END)  # the whole view left of the split: the original
        self.wait("return window.deglare.view.split === 1", 300, "the split at the right edge")
        self.frame()
        original = self.driver.execute_script(pixel, x, y)
        self.assertNotEqual(after, original, "the split shows the same pixel on both sides")
        for _ in range(50):
            split.send_keys(Keys.ARROW_LEFT)
        self.wait("return window.deglare.view.split === 0.5", 300, "the split in the middle")
        self.frame()
        self.shot("11-split")

        # Cancel: the provider holds its answer, Cancel drops the removal and nothing is written.
        self.remove_held(control)
        self.action("cancel").click()
        state, text = self.wait_status(["idle"])
        self.assertIn("Cancelled", text)
        urllib.request.urlopen(urllib.request.Request(f"{control}/release", method="POST"))
        self.assertIsNone(self.driver.execute_script("return window.deglare.state.result"))
        self.assertFalse(self.action("save").is_enabled())
        self.assertEqual(sorted(os.listdir(self.folder)), ["painting.png"])
        self.action("clear").click()
        self.wait("return window.deglare.state.mask.inside === 0", 300, "the mask cleared")

        # Straighten: the corners come up as handles; one dragged, then applied.
        before = self.driver.execute_script("return [window.deglare.state.image.width, window.deglare.state.image.height]")
        self.action("straighten").click()
        self.wait("return !document.querySelector('[data-role=straighten-panel]').hidden && "
                  "document.querySelector('[data-role=straighten-info]').textContent.startsWith('Output')", 300,
                  "the straighten panel")
        self.shot("12-straighten")
        planned = self.driver.find_element(By.CSS_SELECTOR, '[data-role="straighten-info"]').text
        first = self.driver.execute_script("return window.deglare.straighten.corners[0]")
        # The top-left handle dragged 20 screen pixels inward with the mouse; the plan follows it.
        scale = self.driver.execute_script("return window.deglare.view.scale")
        x, y = self.client(*first)
        canvas = self.driver.find_element(By.CSS_SELECTOR, '[data-role="image"]')
        box = self.driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", canvas)
        centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        ActionChains(self.driver, duration=20).move_to_element_with_offset(
            canvas, round(x - centre[0]), round(y - centre[1])).click_and_hold().move_by_offset(20, 20).release().perform()
        moved = self.driver.execute_script("return window.deglare.straighten.corners[0]")
        self.assertAlmostEqual(moved[0] - first[0], 20 / scale, delta=2 / scale + 1, msg=f"{first} -> {moved}")
        self.assertAlmostEqual(moved[1] - first[1], 20 / scale, delta=2 / scale + 1, msg=f"{first} -> {moved}")
        self.assertEqual(self.inside(), 0, "dragging a handle painted")
        self.wait(f"return document.querySelector('[data-role=straighten-info]').textContent !== {json.dumps(planned)}",
                  300, "a new plan for the moved corner")
        info = self.driver.find_element(By.CSS_SELECTOR, '[data-role="straighten-info"]').text
        self.action("straighten-apply").click()
        self.wait(f"return window.deglare.state.image.width !== {before[0]} || "
                  f"window.deglare.state.image.height !== {before[1]}", 300, "the straightened photo")
        output = info.split(",")[0].split()[1]
        width, height = (int(v) for v in output.split("x"))
        self.assertEqual(self.driver.execute_script(
            "return [window.deglare.state.image.width, window.deglare.state.image.height]"), [width, height], info)
        self.wait("return document.querySelector('[data-role=image]').dataset.ready === '1'", 300, "the new view")
        self.shot("13-straightened")


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    sys.exit(0 if result.wasSuccessful() else 1)
