#!/usr/bin/env python3
"""A local HTTP server replaying recorded API answers, for `vitae sync`'s tests.

usage: replay_server.py ROOT PORT_FILE

ROOT/routes.json maps "PATH?QUERY" (percent-decoded; the query without
mailto= and api_key=, the polite-pool parameters) to a file under ROOT. The port it listens on
(127.0.0.1, chosen by the kernel) is written to PORT_FILE when it is ready.
A path may start with a fault, which is served instead of (or before) the
recording:

  /fault/429/...        429 with Retry-After: 1 on the first request, then the recording
  /fault/429-always/... 429 with Retry-After: 1, every time
  /fault/500/...        500
  /fault/truncated/...  the recording's first half, with the whole length announced
  /fault/garbage/...    200 with a body that is not JSON
  /fault/hang/...       accepts, reads the request, never answers (until the client goes, at most 20 s)

Every request is appended to ROOT-independent log: PORT_FILE + ".log", one
JSON line (path, user-agent), so tests can check what the client sent.
"""
import http.server
import json
import os
import sys
import threading
import time
import urllib.parse

ROOT = sys.argv[1]
PORT_FILE = sys.argv[2]
ROUTES = json.load(open(os.path.join(ROOT, "routes.json")))
SEEN = {}
LOCK = threading.Lock()


def route_key(raw_path):
    parts = urllib.parse.urlsplit(raw_path)
    query = [urllib.parse.unquote(p) for p in parts.query.split("&") if p and not p.startswith(("mailto=", "api_key="))]
    path = urllib.parse.unquote(parts.path)
    return path + ("?" + "&".join(query) if query else "")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, headers=(), length=None):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body) if length is None else length))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def do_GET(self):
        with open(PORT_FILE + ".log", "a") as log:
            log.write(json.dumps({"path": self.path, "user_agent": self.headers.get("User-Agent", "")}) + "\n")
        path = self.path
        fault = None
        if path.startswith("/fault/"):
            _, _, fault, rest = path.split("/", 3)
            path = "/" + rest
        key = route_key(path)
        with LOCK:
            SEEN[self.path] = SEEN.get(self.path, 0) + 1
            count = SEEN[self.path]
        if fault == "hang":
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                time.sleep(0.05)
            self.close_connection = True
            return
        if fault == "500":
            return self.send(500, b'{"error": "internal"}')
        if fault == "429-always" or (fault == "429" and count == 1):
            return self.send(429, b'{"error": "slow down"}', [("Retry-After", "1")])
        if fault == "garbage":
            return self.send(200, b"<html>not json</html>")
        if key not in ROUTES:
            return self.send(404, json.dumps({"error": "no recording", "key": key}).encode())
        body = open(os.path.join(ROOT, ROUTES[key]), "rb").read()
        if fault == "truncated":
            self.send(200, body[: len(body) // 2], length=len(body))
            self.close_connection = True
            return
        self.send(200, body)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


server = Server(("127.0.0.1", 0), Handler)
with open(PORT_FILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(PORT_FILE + ".tmp", PORT_FILE)
server.serve_forever()
