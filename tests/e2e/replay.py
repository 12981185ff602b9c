"""The local HTTP server that replays the APIs' recorded answers
(tests/tools/replay_server.py over tests/fixtures/sync), for the sync tests:
started on an ephemeral port, stopped by its pid."""
import hashlib
import os
import sqlite3
import subprocess
import sys
import time

from e2e_env import REPO

RECORDINGS = os.path.join(REPO, "tests", "fixtures", "sync")
SERVER = os.path.join(REPO, "tests", "tools", "replay_server.py")


# What a sync left: the file's bytes, and its rows as SQL (a failed sync leaves both as they were).
def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def dump(path):
    with sqlite3.connect(path) as db:
        return "\n".join(db.iterdump())


class ReplayServer:
    """`base` its http://127.0.0.1:PORT, `log` the file where it notes each request."""

    def __init__(self, work_dir, start_timeout_s=5):
        port_file = os.path.join(work_dir, "port")
        self.proc = subprocess.Popen([sys.executable, SERVER, RECORDINGS, port_file],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + start_timeout_s
        while not os.path.exists(port_file):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.stop()
                raise AssertionError("the replay server did not start")
            time.sleep(0.02)
        self.log = port_file + ".log"
        with open(port_file) as f:
            self.base = "http://127.0.0.1:" + f.read()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=5)
