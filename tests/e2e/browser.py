"""Debian's Chromium, headless, driven over the DevTools protocol on a pipe
(--remote-debugging-pipe: requests on fd 3, answers on fd 4, each a JSON
message ending in NUL), so a test drives a real browser with the Python
standard library alone: no npm, no WebSocket client. The flags are those of
../shared/tools/common.sh (without them Chromium tries to reach Google).

    with Browser() as b:
        b.goto(url)
        b.type_keys("ada"); b.press("Tab"); b.press("Enter")
        b.wait_for("document.title == 'Bio'")

Every wait has a timeout; the browser is stopped by pid on exit.
"""

import base64
import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import time

CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
               "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--disable-quic", "--disable-extensions", "--hide-scrollbars",
               # the test stack's certificate is a throwaway self-signed one
               "--ignore-certificate-errors", "--window-size=1200,900"]

# Keys as Input.dispatchKeyEvent wants them: (key, code, keyCode, text).
KEYS = {"Tab": ("Tab", "Tab", 9, ""), "Enter": ("Enter", "Enter", 13, "\r"), "Space": (" ", "Space", 32, " "),
        "Escape": ("Escape", "Escape", 27, "")}


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, timeout=20.0):
        self.timeout = timeout
        self.proc = None
        self.profile = None
        self.session = None
        self.next_id = 0
        self.buffer = b""
        self.events = []

    def __enter__(self):
        if not os.path.exists(CHROME):
            raise BrowserError("missing %s (Debian's chromium): scripts/install-deps installs it" % CHROME)
        self.profile = tempfile.mkdtemp(prefix="vitae-chromium-")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        # Above 4, so that moving them onto 3 and 4 in the child cannot overwrite one with the other.
        to_chrome_r, from_chrome_w = (self._above_4(fd) for fd in (to_chrome_r, from_chrome_w))

        def child_fds():  # fd 3 and 4 as Chromium expects them
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen(
            [CHROME, *CHROME_ARGS, "--remote-debugging-pipe", "--user-data-dir=" + self.profile, "about:blank"],
            pass_fds=(3, 4, to_chrome_r, from_chrome_w), preexec_fn=child_fds,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        target = self.call("Target.createTarget", {"url": "about:blank"}, browser=True)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 browser=True)["sessionId"]
        for domain in ("Page", "Runtime", "DOM"):
            self.call(domain + ".enable")
        return self

    @staticmethod
    def _above_4(fd):
        moved = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
        os.close(fd)
        return moved

    def __exit__(self, *exc):
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=5)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        for fd in (getattr(self, "to_chrome", None), getattr(self, "from_chrome", None)):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)

    # The protocol: one request, its answer (events seen meanwhile are kept).
    def call(self, method, params=None, browser=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if not browser:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._read(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise BrowserError("%s: %s" % (method, answer["error"].get("message")))
                return answer.get("result", {})
            self.events.append(answer)

    def _read(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.from_chrome], [], [], left)[0]:
                raise BrowserError("Chromium did not answer within %.0f s" % self.timeout)
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise BrowserError("Chromium closed its pipe (exit %s)" % self.proc.poll())
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    # What a test does.
    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError("%s: %s" % (expression, result["exceptionDetails"].get("text")))
        return result["result"].get("value")

    def wait_for(self, expression, timeout=None):
        """Polls a JavaScript expression until it is true (a page loading, a form posted)."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while time.monotonic() < deadline:
            try:
                if self.evaluate(expression):
                    return
            except BrowserError:
                pass  # the page is between two documents
            time.sleep(0.05)
        raise BrowserError("still false after %.0f s: %s (at %s)" % (timeout or self.timeout, expression, self.url()))

    def goto(self, url):
        self.call("Page.navigate", {"url": url})
        self.wait_for("document.readyState == 'complete' && location.href == %s" % json.dumps(url))

    def url(self):
        try:
            return self.evaluate("location.href")
        except BrowserError:
            return "?"

    def wait_for_navigation(self, before_url_or_marker):
        """After a submit: a new document (the marker set on the old one is gone) has loaded."""
        self.wait_for("window.__vitae_marker !== %s && document.readyState == 'complete'"
                      % json.dumps(before_url_or_marker))

    def mark_document(self, marker="old"):
        self.evaluate("window.__vitae_marker = %s" % json.dumps(marker))
        return marker

    def press(self, name):
        key, code, key_code, text = KEYS[name]
        down = {"type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": key_code}
        if text:
            down["text"] = text
        self.call("Input.dispatchKeyEvent", down)
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": code,
                                             "windowsVirtualKeyCode": key_code})

    def type_keys(self, text):
        """Typed into whatever has the focus, as a keyboard would."""
        for ch in text:
            if ch == "\n":
                self.press("Enter")
            else:
                self.call("Input.dispatchKeyEvent", {"type": "keyDown", "text": ch, "key": ch})
                self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": ch})

    def select_all(self):
        """Ctrl+A in the focused field, so what is typed next replaces its text."""
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": "a", "code": "KeyA", "modifiers": 2,
                                                 "windowsVirtualKeyCode": 65, "commands": ["selectAll"]})

    def insert_text(self, text):
        """Pasted into the focused field (long text: a paragraph, a BibTeX entry)."""
        self.call("Input.insertText", {"text": text})

    def focused(self):
        """The focused element as 'tag#id[name]' — what keyboard navigation reached."""
        return self.evaluate("(e => e ? e.tagName.toLowerCase() + '#' + e.id + '[' + (e.name || '') + ']' + "
                             "(e.type ? ':' + e.type : '') : '')(document.activeElement)")

    def tab_to(self, predicate_js, limit=80):
        """Presses Tab until the focused element satisfies `predicate_js` (with `e` bound), as a
        keyboard user does; fails after `limit` presses."""
        for _ in range(limit):
            self.press("Tab")
            if self.evaluate("(e => !!e && (%s))(document.activeElement)" % predicate_js):
                return
        raise BrowserError("Tab never reached an element where %s (last: %s)" % (predicate_js, self.focused()))

    def set_file(self, selector, path):
        """Chooses a file in an <input type=file>, as the file dialog would."""
        root = self.call("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = self.call("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        if not node:
            raise BrowserError("no element matches %s" % selector)
        self.call("DOM.setFileInputFiles", {"nodeId": node, "files": [path]})

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
