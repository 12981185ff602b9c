#!/usr/bin/env python3
"""Run the whole Vitae stack (vitae-fcgi + the shipped nginx.conf) in a temp dir.

The e2e tests, `scripts/serve`, tests/soak/run and bench/run use this. nginx
runs the production nginx.conf, rewritten only for ports, paths and `user`
(see rewrite_conf). The site's server (443 in production) listens on `port`:
plain HTTP by default, or HTTPS + HTTP/2 with a throwaway self-signed
certificate when `tls=True` (needs the openssl tool). The port-80 server
(ACME challenges, redirect) listens on `http_port`. Readiness is waited for
by connecting, never by sleeping; everything started is stopped by pid
(SIGTERM, then SIGKILL after a timeout). Stdlib only.

    with Stack(build_dir, db, templates) as s:
        urllib... s.base_url + "/"

    python3 scripts/stack.py serve --build build/release --db build/release/site.db \\
        --templates templates [--port 8080] [--threads N] [--tls]
"""

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NGINX_CONF = os.path.join(REPO, "nginx.conf")
NGINX_SITE = os.path.join(REPO, "nginx-site.conf")
NGINX_SITES = os.path.join(REPO, "nginx-sites.conf")  # many sites: vitae-fcgi --sites
SITE_INCLUDE = re.compile(r"^\s*include\s+/etc/nginx/sites-enabled/vitae;.*$", re.M)


def inline_site(text, site_path=NGINX_SITE):
    """nginx.conf text with the site file in place of its include line (a
    text already inlined passes through: rewrite_conf's counts catch a
    configuration that has no site at all)."""
    with open(site_path, encoding="utf-8") as f:
        site = f.read()
    return SITE_INCLUDE.sub(lambda m: site, text)


def shipped_conf():
    """The shipped configuration as nginx reads it: nginx.conf + nginx-site.conf."""
    with open(NGINX_CONF, encoding="utf-8") as f:
        return inline_site(f.read())
NGINX_BIN = shutil.which("nginx") or "/usr/sbin/nginx"
TEMP_PATHS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
START_TIMEOUT_S = 10.0
STOP_TIMEOUT_S = 5.0


class StackError(RuntimeError):
    pass


def free_port(host="127.0.0.1"):
    """A port that was free a moment ago (bind to 0, read it, close)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def self_signed_cert(directory, name="localhost"):
    """Write a one-day self-signed P-256 certificate and its key into
    `directory`; returns (cert_path, key_path). Needs the openssl tool."""
    cert, key = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    cmd = ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
           "-nodes", "-days", "1", "-subj", "/CN=%s" % name, "-addext", "subjectAltName=DNS:%s,IP:127.0.0.1" % name,
           "-keyout", key, "-out", cert]
    try:
        done = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    except OSError as e:
        raise StackError("openssl: %s (scripts/install-deps installs it)" % e)
    if done.returncode != 0:
        raise StackError("openssl req failed (%d): %s" % (done.returncode, done.stderr.strip()))
    return cert, key


def rewrite_conf(text, *, port, socket_path, tmpdir, user, http_port=None, tls=None, admin_socket_path=None):
    """Return nginx.conf text moved into tmpdir; `user=None` drops the directive.

    The site's server listens on 127.0.0.1:`port`: with `tls=(cert, key)` as
    HTTPS + HTTP/2 with that certificate (also as the OCSP trust chain: nginx
    only warns that it cannot staple for it), else as plain HTTP with the
    certificate lines dropped (nginx loads certificates even for a server
    without an ssl listener). The port-80 server listens on `http_port` (a
    free one if None) and redirects to `port`. Each substitution must match
    exactly as often as expected, so a change to nginx.conf that the tests
    would silently not follow fails here instead.
    """
    def sub(pattern, new, count_expected=1):
        # `pattern` captures the indentation as group 1; `new` is literal text.
        nonlocal text
        text, n = re.subn(pattern, lambda m: m.group(1) + new, text, flags=re.MULTILINE)
        if n != count_expected:
            raise StackError("nginx.conf rewrite: %r matched %d times, expected %d"
                             % (pattern, n, count_expected))

    def t(*parts):
        return os.path.join(tmpdir, *parts)

    sub(r"^(\s*)user\s+[^;]*;", "user %s;" % user if user else "# user dropped;")
    sub(r"^(\s*)pid\s+[^;]*;", "pid %s;" % t("nginx.pid"))
    sub(r"^(\s*)error_log\s+[^;\s]+", "error_log %s" % t("error.log"))
    sub(r"^(\s*)access_log\s+[^;\s]+", "access_log %s" % t("access.log"))
    for name in TEMP_PATHS:
        sub(r"^(\s*)%s_temp_path\s+[^;]*;" % name, "%s_temp_path %s;" % (name, t("temp", name)))
    sub(r"^(\s*)server\s+unix:[^;\s]+", "server unix:%s" % socket_path, count_expected=2)
    # The editor's socket (vitae-admin), whether or not the stack runs it.
    sub(r"^(\s*)fastcgi_pass\s+unix:/run/vitae/admin\.sock;",
        "fastcgi_pass unix:%s;" % (admin_socket_path or t("admin.sock")))
    # nginx-sites.conf's root is per host ($host): kept, under the temporary pages directory.
    host_root = re.search(r"^\s*root\s+/run/vitae/pages/\$host;", text, flags=re.MULTILINE)
    if host_root:
        sub(r"^(\s*)root\s+/run/vitae/pages/\$host;", "root %s/$host;" % t("pages"))
    else:
        sub(r"^(\s*)root\s+/run/vitae/pages;", "root %s;" % t("pages"))
    sub(r"^(\s*)listen\s+443\b[^;]*;", "listen 127.0.0.1:%d%s;" % (port, " ssl http2" if tls else ""))
    sub(r"^(\s*)listen\s+\[::\]:443\b[^;]*;", "# IPv6 listen dropped;")
    sub(r"^(\s*)listen\s+80\b[^;]*;", "listen 127.0.0.1:%d;" % (http_port or free_port()))
    sub(r"^(\s*)listen\s+\[::\]:80\b[^;]*;", "# IPv6 listen dropped;")
    cert, key = tls or (None, None)
    for directive, path in (("ssl_certificate", cert), ("ssl_certificate_key", key),
                            ("ssl_trusted_certificate", cert)):
        sub(r"^(\s*)%s\s+[^;]*;" % directive,
            "%s %s;" % (directive, path) if tls else "# %s dropped: plain HTTP;" % directive)
    sub(r"^(\s*)root\s+/var/www/letsencrypt;", "root %s;" % t("acme"))
    sub(r"^(\s*)return\s+301\s+https://\$host\$request_uri;",
        "return 301 %s://$host:%d$request_uri;" % ("https" if tls else "http", port))
    return text


def stop_process(proc, timeout=STOP_TIMEOUT_S):
    """SIGTERM, wait up to `timeout`, then SIGKILL. Returns the exit code."""
    if proc is None or proc.poll() is not None:
        return None if proc is None else proc.returncode
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait()


def tail(path, limit=4000):
    """The last `limit` bytes of a log file as text ("" if it cannot be read)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return ""
    return data[-limit:].decode("utf-8", "replace").strip()


def wait_until(ready, proc, what, log_path, timeout=START_TIMEOUT_S):
    """Poll `ready()` until true; fail fast with the log if `proc` exits."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise StackError("%s exited with code %d before it was ready:\n%s"
                             % (what, proc.returncode, tail(log_path)))
        if ready():
            return
        if time.monotonic() > deadline:
            raise StackError("%s not ready after %.0f s:\n%s" % (what, timeout, tail(log_path)))
        time.sleep(0.02)


def connects(family, address):
    """True if a stream connection to `address` is accepted (AF_UNIX path or (host, port))."""
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.settimeout(1.0)
        try:
            s.connect(address)
            return True
        except OSError:
            return False


class Started:
    """`with` for what has start() and stop(): stopped on the way out, and
    when start() fails half-way (whatever it started so far)."""

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()
        return False


class Stack(Started):
    """vitae-fcgi + nginx in a fresh temp dir; a context manager.

    Attributes: port, base_url (http:// or, with tls=True, https://),
    http_port (the port-80 server: ACME webroot acme_dir, redirect), tls
    (cert_path, key_path or None), socket_path, worker, nginx (Popen), tmpdir,
    conf_path, worker_log, nginx_error_log, access_log; after stop(),
    final_worker_log.
    `conf_filter(text)` edits the rewritten nginx.conf before nginx reads it
    (bench/run swaps in its anchors' locations). Subclasses may override
    worker_command() to run another FastCGI responder on socket_path.
    """

    def __init__(self, build_dir, db, templates, *, port=None, threads=None,
                 extra_args=(), publish=False, nginx_conf=NGINX_CONF, nginx_bin=None, keep_tmpdir=False,
                 conf_filter=None, tls=False, start_timeout=START_TIMEOUT_S, sites=None,
                 admin=False, auth=None, admin_args=(), admin_env=None, tmp_parent=None):
        self.build_dir = os.path.abspath(build_dir)
        # `sites`: a directory of sites (vitae site add) served with --sites
        # behind nginx-sites.conf; `db` is then ignored (pass None).
        self.sites = os.path.abspath(sites) if sites else None
        self.db = os.path.abspath(db) if db else None
        self.templates = os.path.abspath(templates)
        self.requested_port = port
        self.threads = threads
        self.extra_args = list(extra_args)  # appended to the worker's command line
        self.publish = publish  # the fast path: the worker publishes pages where nginx's root points
        self.nginx_conf = nginx_conf
        self.nginx_bin = nginx_bin or NGINX_BIN
        self.conf_filter = conf_filter
        self.use_tls = tls
        self.start_timeout = start_timeout  # the worker's socket (bench/sizes: large sites load slowly)
        self.tls = None
        self.http_port = None
        self.conf_path = None
        self.keep_tmpdir = keep_tmpdir
        self.port = None
        self.base_url = None
        self.worker = None
        self.nginx = None
        self.tmpdir = None
        self.socket_path = None
        self.worker_log = None
        self.final_worker_log = ""
        self.admin = admin
        self.auth = os.path.abspath(auth) if auth else None
        self.admin_args = list(admin_args)
        self.admin_env = dict(admin_env or {})  # set for vitae-admin after the VITAE_* variables are dropped
        self.tmp_parent = tmp_parent  # where its temp dir goes (None: the system's)
        self.admin_proc = None
        self.admin_socket_path = None
        self.admin_log = None
        if admin and not auth:
            raise StackError("Stack(admin=True) needs auth=PATH, the accounts database")

    # -- lifecycle: start() and stop() under `with` (Started) -----------

    def start(self):
        self.tmpdir = tempfile.mkdtemp(prefix="vitae-stack-", dir=self.tmp_parent)
        # nginx workers run as www-data when we are root: let them reach the socket.
        os.chmod(self.tmpdir, 0o755)
        self.socket_path = os.path.join(self.tmpdir, "fcgi.sock")
        self.worker_log = os.path.join(self.tmpdir, "worker.log")
        self.admin_socket_path = os.path.join(self.tmpdir, "admin.sock")
        self.admin_log = os.path.join(self.tmpdir, "admin.log")
        self.nginx_error_log = os.path.join(self.tmpdir, "error.log")
        self.access_log = os.path.join(self.tmpdir, "access.log")
        os.makedirs(self.acme_dir)
        if self.use_tls:
            self.tls = self_signed_cert(self.tmpdir)
        self._start_worker()
        if self.admin:
            self._start_admin()
        self._start_nginx()

    def stop(self):
        """Stop nginx, then the worker (and vitae-admin); returns the worker's exit code."""
        stop_process(self.nginx)
        stop_process(self.admin_proc)
        code = stop_process(self.worker)
        if self.worker_log and os.path.exists(self.worker_log):  # stop() may run twice
            self.final_worker_log = self.worker_stderr()
        if self.tmpdir and not self.keep_tmpdir:
            shutil.rmtree(self.tmpdir, ignore_errors=True)
        return code

    @property
    def acme_dir(self):
        """Where rewrite_conf points the port-80 server's challenge webroot."""
        return os.path.join(self.tmpdir, "acme")

    # -- worker ----------------------------------------------------------

    @property
    def publish_dir(self):
        """Where rewrite_conf points nginx's `root`, and where --publish writes."""
        return os.path.join(self.tmpdir, "pages")

    def worker_command(self):
        what = ["--sites", self.sites, "--scheme", "https" if self.use_tls else "http"] if self.sites \
            else ["--db", self.db]
        cmd = [os.path.join(self.build_dir, "vitae-fcgi")] + what + ["--templates", self.templates,
               "--listen", "unix:" + self.socket_path, "--socket-mode", "0666"]
        if self.threads:
            cmd += ["--threads", str(self.threads)]
        if self.publish:
            cmd += ["--publish", self.publish_dir]
        return cmd + self.extra_args

    def spawn_worker(self):
        """Start the worker and return its Popen (also self.worker) without
        waiting for the socket: bench/run times start-up from here. The log
        is appended to, so a respawned worker keeps its predecessor's lines."""
        cmd = self.worker_command()
        if not os.access(cmd[0], os.X_OK):
            raise StackError("worker binary not found or not executable: %s" % cmd[0])
        # The worker also reads VITAE_* variables; only the arguments count here.
        env = {k: v for k, v in os.environ.items() if not k.startswith("VITAE_")}
        with open(self.worker_log, "ab") as log:
            self.worker = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                                           stdout=log, stderr=log, env=env)
        return self.worker

    def _start_worker(self):
        self.spawn_worker()
        wait_until(lambda: connects(socket.AF_UNIX, self.socket_path), self.worker,
                   "%s (%s)" % (os.path.basename(self.worker.args[0]), " ".join(self.worker.args)),
                   self.worker_log, timeout=self.start_timeout)

    def admin_command(self):
        what = ["--sites", self.sites] if self.sites else ["--db", self.db]
        return [os.path.join(self.build_dir, "vitae-admin")] + what + [
            "--auth", self.auth, "--templates", self.templates,
            "--listen", "unix:" + self.admin_socket_path, "--socket-mode", "0666"] + self.admin_args

    def _start_admin(self):
        cmd = self.admin_command()
        if not os.access(cmd[0], os.X_OK):
            raise StackError("vitae-admin not found or not executable: %s" % cmd[0])
        env = {k: v for k, v in os.environ.items() if not k.startswith("VITAE_")}
        env.update(self.admin_env)
        with open(self.admin_log, "ab") as log:
            self.admin_proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env)
        wait_until(lambda: connects(socket.AF_UNIX, self.admin_socket_path), self.admin_proc,
                   "vitae-admin (%s)" % " ".join(cmd), self.admin_log, timeout=self.start_timeout)

    def worker_stderr(self):
        return tail(self.worker_log, limit=1 << 20) if self.worker_log else ""

    # -- nginx -----------------------------------------------------------

    def _write_conf(self, port, http_port):
        with open(self.nginx_conf, encoding="utf-8") as f:
            text = inline_site(f.read(), NGINX_SITES if self.sites else NGINX_SITE)
        user = "www-data" if os.geteuid() == 0 else None
        text = rewrite_conf(text, port=port, socket_path=self.socket_path,
                            tmpdir=self.tmpdir, user=user, http_port=http_port, tls=self.tls,
                            admin_socket_path=self.admin_socket_path)
        if self.conf_filter:
            text = self.conf_filter(text)
        os.makedirs(os.path.join(self.tmpdir, "temp"), exist_ok=True)
        path = os.path.join(self.tmpdir, "nginx.conf")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def _nginx_pid_written(self):
        try:
            with open(os.path.join(self.tmpdir, "nginx.pid"), encoding="ascii") as f:
                return f.read().strip() == str(self.nginx.pid)
        except OSError:
            return False

    def _start_nginx(self):
        # A free port can be taken between probing and nginx's bind: retry
        # with a new one unless the caller asked for a specific port.
        attempts = 1 if self.requested_port else 3
        for attempt in range(attempts):
            port = self.requested_port or free_port()
            http_port = free_port()
            while http_port == port:
                http_port = free_port()
            conf = self.conf_path = self._write_conf(port, http_port)
            cmd = [self.nginx_bin, "-p", self.tmpdir, "-c", conf,
                   "-e", self.nginx_error_log, "-g", "daemon off;"]
            self.nginx = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                # Our nginx, not another test's: a port probed free can be
                # taken by a parallel stack before our bind, and then it
                # connects while ours retries and fails. nginx writes its pid
                # file only once every listener is bound.
                wait_until(lambda: self._nginx_pid_written() and
                           all(connects(socket.AF_INET, ("127.0.0.1", p)) for p in (port, http_port)),
                           self.nginx, "nginx (%s)" % " ".join(cmd), self.nginx_error_log)
            except StackError:
                stop_process(self.nginx)
                in_use = "Address already in use" in tail(self.nginx_error_log)
                if in_use and attempt + 1 < attempts:
                    continue
                raise
            self.port, self.http_port = port, http_port
            self.base_url = "%s://127.0.0.1:%d" % ("https" if self.tls else "http", port)
            return


def _serve(args):
    stop = {"flag": False}

    def on_signal(signum, frame):
        stop["flag"] = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    # Absolute URLs (canonical, feed, Signposting) name the port it serves on.
    base = ["--base-url", "%s://127.0.0.1:%d" % ("https" if args.tls else "http", args.port)] if args.port else []
    with Stack(args.build, args.db, args.templates, port=args.port,
               threads=args.threads, tls=args.tls, extra_args=base) as s:
        print("vitae: serving %s/ (worker pid %d, nginx pid %d, logs in %s); Ctrl-C stops"
              % (s.base_url, s.worker.pid, s.nginx.pid, s.tmpdir), flush=True)
        if s.tls:
            print("vitae: self-signed certificate %s (curl --cacert it, or -k); http://127.0.0.1:%d/"
                  " redirects there" % (s.tls[0], s.http_port), flush=True)
        while not stop["flag"]:
            if s.worker.poll() is not None:
                print("vitae: worker exited with code %d:\n%s"
                      % (s.worker.returncode, tail(s.worker_log)), file=sys.stderr)
                return 1
            if s.nginx.poll() is not None:
                print("vitae: nginx exited with code %d:\n%s"
                      % (s.nginx.returncode, tail(s.nginx_error_log)), file=sys.stderr)
                return 1
            time.sleep(0.2)
        print("vitae: stopping", flush=True)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run nginx + worker in the foreground")
    serve.add_argument("--build", required=True, help="build dir holding vitae-fcgi")
    serve.add_argument("--db", required=True, help="site database")
    serve.add_argument("--templates", required=True, help="templates dir")
    serve.add_argument("--port", type=int, default=None, help="HTTP port on 127.0.0.1 (default: a free one)")
    serve.add_argument("--threads", type=int, default=None, help="worker threads")
    serve.add_argument("--tls", action="store_true",
                       help="HTTPS + HTTP/2 with a throwaway self-signed certificate")
    args = parser.parse_args(argv)
    try:
        return _serve(args)
    except StackError as e:
        print("vitae: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
