"""varnishd with the shipped varnish/vitae.vcl in a temp dir, for the e2e test
and bench/varnish (stdlib only).

The VCL is rewritten only for the backend's port (nginx's, from
scripts/stack.py). varnishd runs in the foreground (-F) with a private work
directory (-n), two listeners on ephemeral ports (the clients' and the one
named "purge" that the VCL takes PURGE on), 32 MB of malloc storage, and
without its privilege separation (-j none: it runs as whoever starts it,
with no users to create). Ready once its purge listener answers a PURGE
(which needs no backend, so it may start before nginx); never a sleep. It is
stopped by pid.
"""
import os
import re
import shutil
import subprocess
import tempfile
import time

from stack import Started, StackError, free_port, stop_process, tail
from client import fetch

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VCL = os.path.join(REPO, "varnish", "vitae.vcl")
START_TIMEOUT_S = 10.0
BACKEND_PORT = re.compile(r'(backend vitae \{\s*\.host = "127\.0\.0\.1";\s*\.port = )"8080";')


def rewrite_vcl(text, backend_port):
    out, n = BACKEND_PORT.subn(lambda m: '%s"%d";' % (m.group(1), backend_port), text)
    if n != 1:
        raise StackError("vitae.vcl: expected one backend vitae at 127.0.0.1:8080, found %d" % n)
    return out


class Varnish(Started):
    """varnishd in front of 127.0.0.1:`backend_port`; .port (clients),
    .purge_port, .purge_url, .proc, .log_path."""

    def __init__(self, backend_port, port=None, purge_port=None, varnishd=None):
        self.backend_port = backend_port
        self.port = port or free_port()
        self.purge_port = purge_port or free_port()
        self.varnishd = varnishd or shutil.which("varnishd") or "/usr/sbin/varnishd"
        self.tmpdir = None
        self.proc = None

    @property
    def purge_url(self):
        return "http://127.0.0.1:%d/" % self.purge_port

    def start(self):
        self.spawn()
        self.wait_ready()

    def spawn(self):
        """Start varnishd (it compiles the VCL, seconds on a busy box: start
        the backend meanwhile, then wait_ready())."""
        self.tmpdir = tempfile.mkdtemp(prefix="vitae-varnish-")
        vcl = os.path.join(self.tmpdir, "vitae.vcl")
        with open(VCL, encoding="utf-8") as f:
            text = rewrite_vcl(f.read(), self.backend_port)
        with open(vcl, "w", encoding="utf-8") as f:
            f.write(text)
        self.log_path = os.path.join(self.tmpdir, "varnishd.log")
        cmd = [self.varnishd, "-F", "-j", "none", "-n", os.path.join(self.tmpdir, "work"),
               "-a", "127.0.0.1:%d" % self.port, "-a", "purge=127.0.0.1:%d" % self.purge_port,
               "-f", vcl, "-s", "malloc,32m", "-T", "none"]
        with open(self.log_path, "wb") as log:
            try:
                self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
            except OSError as e:
                raise StackError("varnishd: %s (scripts/install-deps installs varnish)" % e)

    def wait_ready(self):
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if self.proc.poll() is not None:
                raise StackError("varnishd exited %d:\n%s" % (self.proc.returncode, tail(self.log_path)))
            try:
                if fetch(self.purge_port, "/", "PURGE", {"xkey-softpurge": "none"}, timeout=1).status == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise StackError("varnishd not answering in %.0f s:\n%s" % (START_TIMEOUT_S, tail(self.log_path)))
            time.sleep(0.02)

    def stop(self):
        code = stop_process(self.proc)
        if self.tmpdir:
            shutil.rmtree(self.tmpdir, ignore_errors=True)
        return code
