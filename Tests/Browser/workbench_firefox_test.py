"""The workbench in Firefox: headless Firefox ESR (Debian's) driven over Marionette, its own
automation protocol (Debian has no geckodriver; marionette_driver comes from PyPI).

The main flow as a person does it: paint the streak with the mouse, erase a bite with a finger,
undo, remove with the local provider, compare, save, and check the written files with
`deglare verify`. Firefox implements mouse and touch pointers in automation, not pens (the
Chromium tests cover the pen). Run by Tests/Browser/run.sh.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from marionette_driver.marionette import Marionette

from workbench_common import ARTIFACTS, PAINTING, STREAK, PhotoFolder, start_workbench, verify

# Firefox must not reach the network from the tests: no updates, telemetry, remote settings,
# captive-portal or safe-browsing checks; the Marionette port is chosen by Firefox.
PREFERENCES = {
    "marionette.port": 0,
    "app.update.disabledForTesting": True,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "extensions.update.enabled": False,
}


def launch_firefox(profile):
    """Starts headless Firefox on a fresh profile; returns the process and a Marionette session."""
    with open(os.path.join(profile, "user.js"), "w") as prefs:
        for name, value in PREFERENCES.items():
            literal = ("true" if value else "false") if isinstance(value, bool) else repr(value).replace("'", '"')
            prefs.write(f'user_pref("{name}", {literal});\n')
    binary = shutil.which("firefox-esr") or shutil.which("firefox") or "/usr/bin/firefox-esr"
    process = subprocess.Popen(
        [binary, "--headless", "--marionette", "--no-remote", "--profile", profile, "--width", "1280",
         "--height", "820", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    port_file = os.path.join(profile, "MarionetteActivePort")
    deadline = time.time() + 300
    while not os.path.exists(port_file):
        if process.poll() is not None or time.time() > deadline:
            process.kill()
            raise AssertionError(f"Firefox did not start Marionette (status {process.poll()})")
        time.sleep(0.1)
    with open(port_file) as file:
        port = int(file.read().strip())
    session = Marionette(host="127.0.0.1", port=port)
    session.start_session()
    session.timeout.script = 60
    return process, session


class WorkbenchFirefoxTests(PhotoFolder, unittest.TestCase):
    folder_prefix = "deglare-firefox-"

    @classmethod
    def setUpClass(cls):
        os.makedirs(ARTIFACTS, exist_ok=True)
        cls.profile = tempfile.mkdtemp(prefix="deglare-firefox-")
        cls.firefox, cls.m = launch_firefox(cls.profile)

    @classmethod
    def tearDownClass(cls):
        try:
            cls.m.delete_session()
        finally:
            cls.firefox.terminate()
            try:
                cls.firefox.wait(timeout=60)
            except subprocess.TimeoutExpired:
                cls.firefox.kill()
                cls.firefox.wait()
            shutil.rmtree(cls.profile, ignore_errors=True)

    # MARK: - Helpers

    def js(self, script, *arguments):
        """Runs `script` in the page itself (not a sandbox), where `window.deglare` lives."""
        return self.m.execute_script(script, script_args=list(arguments), sandbox=None)

    def shot(self, name):
        with open(os.path.join(ARTIFACTS, f"firefox-{name}.png"), "wb") as file:
            file.write(self.m.screenshot(format="binary"))

    def wait(self, script, timeout=300, message=""):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.js(script)
            if value:
                return value
            time.sleep(0.05)
        self.shot(f"timeout-{self.id().split('.')[-1]}")
        raise AssertionError(f"timed out: {message or script}\nstatus: {self.status()}")

    def status(self):
        return self.js("const s = document.querySelector('[data-role=status]'); return [s.dataset.state, s.textContent]")

    def wait_status(self, states, timeout=300):
        self.wait(f"return {states!r}.includes(document.querySelector('[data-role=status]').dataset.state)",
                  timeout, f"status in {states}")
        return self.status()

    def click(self, action):
        self.m.find_element("css selector", f'[data-action="{action}"]').click()

    def inside(self):
        return self.js("return window.deglare.state.mask.inside")

    def settled(self):
        self.wait("return window.deglare.tools.pending.length === 0 && !window.deglare.tools.current", 300,
                  "live strokes settled")

    def stroke(self, points, kind="mouse"):
        """Draws through photo points with W3C pointer actions of `kind` (mouse or touch)."""
        client = [self.js("const p = window.deglare.imageToClient(arguments[0], arguments[1]); return [p.x, p.y]",
                          x, y) for x, y in points]
        moves = [{"type": "pointerMove", "x": round(x), "y": round(y), "origin": "viewport", "duration": 20}
                 for x, y in client]
        actions = [moves[0], {"type": "pointerDown", "button": 0}, *moves[1:], {"type": "pointerUp", "button": 0}]
        self.m._send_message("WebDriver:PerformActions", {"actions": [
            {"type": "pointer", "id": kind, "parameters": {"pointerType": kind}, "actions": actions}]})
        self.m._send_message("WebDriver:ReleaseActions", {})

    def choose_provider(self, value):
        self.m.find_element("css selector", f'[data-role="provider"] option[value="{value}"]').click()

    # MARK: - Tests

    def test_paint_remove_save_verify(self):
        process, url = start_workbench(self.photo)
        self.processes.append(process)
        self.m.navigate(url)
        self.wait("return document.querySelector('[data-role=image]').dataset.ready === '1'", 300, "first full view")
        self.assertEqual(self.status()[0], "idle")
        self.assertNotIn("token", self.js("return location.href"))
        self.shot("01-opened")

        self.js("const s = document.querySelector('[data-role=size]'); s.value = 28; s.dispatchEvent(new Event('input'));")
        self.stroke(STREAK, "mouse")
        self.settled()
        painted = self.inside()
        self.assertGreater(painted, 2000)

        # A finger on the eraser takes a bite; undo puts it back.
        self.click("erase")
        self.stroke([(250.0, 150.0), (250.0, 176.0)], "touch")
        self.settled()
        self.assertLess(self.inside(), painted)
        self.click("undo")
        self.wait(f"return window.deglare.state.mask.inside === {painted}", 300, "undo restores the mask")
        self.click("brush")
        self.shot("02-painted")

        self.choose_provider("local")
        self.wait("return document.querySelector('[data-role=plan]').textContent.startsWith('Nothing leaves')", 300,
                  "what will be sent")
        self.click("remove")
        state, text = self.wait_status(["done", "error"])
        self.assertEqual(state, "done", text)
        self.wait("return document.querySelector('[data-role=image]').dataset.ready === '1'", 300, "the result")
        self.click("compare")
        self.assertEqual(self.js("return document.querySelector('[data-action=compare]').getAttribute('aria-pressed')"),
                         "true")
        self.click("compare")
        self.shot("03-result")

        self.click("save")
        state, text = self.wait_status(["saved", "error"])
        self.assertEqual(state, "saved", text)
        self.assertIn("identical: all", text)
        result = os.path.join(self.folder, "painting.deglared.png")
        mask = os.path.join(self.folder, "painting.deglared.mask.png")
        status, output = verify(self.photo, result, mask)
        self.assertEqual(status, 0, output)
        self.assertTrue(output.startswith("identical: all"), output)
        with open(PAINTING, "rb") as original, open(self.photo, "rb") as kept:
            self.assertEqual(original.read(), kept.read(), "the input was modified")


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    sys.exit(0 if result.wasSuccessful() else 1)
