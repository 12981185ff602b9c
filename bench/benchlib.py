"""What bench/run and bench/sizes share: paths, the build, cleanup, /proc
readings, HTTP GETs, and the two timed walks both make (an edit until nginx
serves it, a worker spawn until its first 200).

Processes and temp dirs go through `running` and make_tmp_root(), so that
install_cleanup() stops every one by pid and removes the dirs at exit, on
SIGTERM and on Ctrl-C. Stdlib only; the stack itself is scripts/stack.py.
"""

import atexit
import datetime
import http.client
import os
import platform
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCH)
sys.path.insert(0, os.path.join(REPO, "scripts"))
sys.path.insert(0, os.path.join(REPO, "tests", "e2e"))
from stack import NGINX_BIN, START_TIMEOUT_S, Stack, StackError, stop_process, tail  # noqa: E402

# VITAE_BENCH_BUILD: another build of the same tree (a before/after with one harness).
BUILD = os.environ.get("VITAE_BENCH_BUILD") or os.path.join(REPO, "build", "release")
TEMPLATES = os.path.join(REPO, "templates")
# Between freshness polls: without it the client and nginx take both cores
# and the worker's publisher thread waits for CPU.
POLL_PAUSE_S = 0.0005

running = []  # every Stack or Popen started, stopped at exit in reverse order
tmp_dirs = []


def log(msg):
    print("bench: " + msg, flush=True)


# -- processes and cleanup ----------------------------------------------------------

def cleanup():
    while running:
        item = running.pop()
        if isinstance(item, Stack):
            item.stop()
        else:
            stop_process(item)
    while tmp_dirs:
        shutil.rmtree(tmp_dirs.pop(), ignore_errors=True)


def on_signal(signum, frame):
    cleanup()
    sys.exit(128 + signum)


def install_cleanup():
    atexit.register(cleanup)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)


def runtime_dir():
    """/dev/shm when it is a tmpfs, else None (the system's temp dir). The
    shipped unit publishes to /run/vitae/pages, a tmpfs; on a disk file
    system the fast path's file writes cost several times more (ext4 here:
    creating and renaming 36 files was 40% of the worker's CPU in a swap,
    most of it looking for a free inode), so a bench there measures the
    disk, not what production pays."""
    try:
        with open("/proc/mounts", encoding="utf-8") as f:
            if any(line.split()[1:3] == ["/dev/shm", "tmpfs"] for line in f):
                return "/dev/shm"
    except OSError:
        pass
    return None


class TrackedStack(Stack):
    """A scripts/stack.py Stack that cleanup() stops if the run ends early;
    its temp dir (and so --publish's) on a tmpfs, as in production."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("tmp_parent", runtime_dir())
        super().__init__(*args, **kwargs)

    def start(self):
        running.append(self)
        super().start()
        return self

    def stop(self):
        if self in running:
            running.remove(self)
        return super().stop()


def make_tmp_root(prefix):
    """A temp dir removed by cleanup(); readable by nginx's www-data workers."""
    d = tempfile.mkdtemp(prefix=prefix)
    tmp_dirs.append(d)
    os.chmod(d, 0o755)
    return d


def private_db(tmp_root, name, source):
    """A copy of `source` in a dir of its own (the publisher watches the dir with inotify)."""
    d = os.path.join(tmp_root, name + "-data")
    os.makedirs(d)
    shutil.copy(source, os.path.join(d, "site.db"))
    return os.path.join(d, "site.db")


def run(cmd, **kw):
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, check=True, **kw)


def cmake_build(targets):
    """Configure build/release (cmake --preset release) and build `targets` there."""
    run(["cmake", "--preset", "release"], cwd=REPO, stdout=subprocess.DEVNULL)
    run(["cmake", "--build", "--preset", "release", "--target"] + list(targets), cwd=REPO)


# -- /proc --------------------------------------------------------------------------------

def pss_kb(pid):
    """Proportional set size: shared pages (fork, libraries) split between processes."""
    try:
        with open("/proc/%d/smaps_rollup" % pid) as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


# -- HTTP -----------------------------------------------------------------------------------

def get(port, path="/", headers=None, conn=None):
    c = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("GET", path, headers=headers or {})
    r = c.getresponse()
    body = r.read()
    if conn is None:
        c.close()
    return r.status, dict((k.lower(), v) for k, v in r.getheaders()), body


def pct(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100.0 * (len(s) - 1))))]


# -- freshness, start-up ------------------------------------------------------------------

def published_pages(publish_dir):
    return [os.path.join(d, f) for d, _, files in os.walk(publish_dir) for f in files if f.endswith(".html")]


def all_contain(paths, pattern):
    for path in paths:
        try:
            with open(path, "rb") as f:
                if not pattern.search(f.read()):
                    return False
        except OSError:
            return False
    return True


def edit_profile_name(writer, i):
    """The default edit: the owner's name, shown on every page."""
    writer.execute("UPDATE profile SET name = ?", ("Bench %d" % i,))
    return re.compile(rb"Bench %d(?!\d)" % i)


def freshness(stack, db, edits, publish_dir=None, *, edit=edit_profile_name, path="/", timeout_s=2.0,
              settle=lambda: time.sleep(0.1), give_up_after=None, headers=None):
    """Commit an edit, then GET `path` through nginx until it shows; ms per edit.

    `edit(writer, i)` runs edit i's statements (inside BEGIN ... COMMIT) and
    returns a bytes regex that matches only a page showing it. With
    publish_dir, also times until every published page on disk has the
    edit: the whole republish (detection, reload, render, write) of a swap.
    `settle()` runs between edits (by default 100 ms, so the publisher goes
    idle, as between real edits). `from_worker` counts the answers that
    showed an edit and came from the worker (X-Vitae-Cache), not a file.
    After `give_up_after` timed-out edits it stops (`edits` says how many ran):
    a worker that never shows one would otherwise cost edits × timeout_s.
    `headers` go with every GET (bench/sites: the site's Host).
    """
    pages = published_pages(publish_dir) if publish_dir else []
    writer = sqlite3.connect(db, isolation_level=None, timeout=5.0)  # waits for a worker's lock, never fails on it
    conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=max(5.0, timeout_s))
    fresh, swap, stale_first, timeouts, torn, from_worker = [], [], 0, 0, 0, 0
    for i in range(1, edits + 1):
        writer.execute("BEGIN")
        new = edit(writer, i)
        writer.execute("COMMIT")
        t0 = time.perf_counter()
        polls, ok = 0, False
        while time.perf_counter() - t0 < timeout_s:
            status, got, body = get(stack.port, path, headers=headers, conn=conn)
            polls += 1
            torn += status != 200 or not body.rstrip().endswith(b"</html>")
            if new.search(body):
                ok = True
                from_worker += "x-vitae-cache" in got
                break
            time.sleep(POLL_PAUSE_S)
        t1 = time.perf_counter()
        if not ok:
            timeouts += 1
            if give_up_after is not None and timeouts >= give_up_after:
                edits = i
                break
            settle()
            continue
        fresh.append((t1 - t0) * 1e3)
        stale_first += polls > 1
        while pages and time.perf_counter() - t0 < timeout_s:
            if all_contain(pages, new):
                swap.append((time.perf_counter() - t0) * 1e3)
                break
            time.sleep(POLL_PAUSE_S)
        settle()
    writer.close()
    conn.close()
    return {"fresh": fresh, "swap": swap, "stale_first": stale_first, "timeouts": timeouts, "edits": edits,
            "torn": torn, "from_worker": from_worker}


def first_200(stack, t0, timeout_s=START_TIMEOUT_S, path="/", headers=None):
    """GET `path` through nginx until it is a 200; ms since `t0` (perf_counter). For
    a worker just spawned: nginx's 502s and refused connections are retried."""
    conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=max(5.0, timeout_s))
    try:
        while True:
            try:
                status, _, _ = get(stack.port, path, headers=headers, conn=conn)
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=max(5.0, timeout_s))
                continue
            if status == 200:
                return (time.perf_counter() - t0) * 1e3
            if stack.worker.poll() is not None or time.perf_counter() - t0 > timeout_s:
                raise StackError("start-up: no 200 from the worker in %.0f s:\n%s"
                                 % (time.perf_counter() - t0, tail(stack.worker_log)))
    finally:
        conn.close()


def startup(stack, trials=5, timeout_s=START_TIMEOUT_S, path="/", headers=None):
    """nginx up, worker not: spawn it and time until GET `path` through nginx is 200 (ms per trial)."""
    times = []
    for _ in range(trials):
        t0 = time.perf_counter()
        stack.spawn_worker()
        times.append(first_200(stack, t0, timeout_s, path, headers))
        stop_process(stack.worker)
    return times


# -- the worker's log ---------------------------------------------------------------------

EVENT = re.compile(r"\bevent=(\w+)(.*)$")
PAIR = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)')


def parse_events(text, name):
    """The fields of each `event=NAME key=value...` line (core/base/log.hpp) in `text`."""
    out = []
    for line in text.splitlines():
        m = EVENT.search(line)
        if m and m.group(1) == name:
            out.append({k: v.strip('"') for k, v in PAIR.findall(m.group(2))})
    return out


# -- wrk, CPU, the bare responder ---------------------------------------------------------

CLK_TCK = os.sysconf("SC_CLK_TCK")
UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3}


def parse_latency(text):
    m = re.match(r"([\d.]+)(us|ms|s|m)$", text)
    return float(m.group(1)) * UNITS[m.group(2)]


def wrk(port, conns, duration, gzip=False, headers=None):
    """One `wrk -t2 -cN --latency` run of GET / (with `headers`): requests, req/s, p50/p99 ms, errors."""
    cmd = ["wrk", "-t2", "-c%d" % conns, "-d%ds" % duration, "--latency", "--timeout", "5s"]
    if gzip:
        cmd += ["-H", "Accept-Encoding: gzip"]
    for k, v in (headers or {}).items():
        cmd += ["-H", "%s: %s" % (k, v)]
    cmd.append("http://127.0.0.1:%d/" % port)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    res = {"requests": int(re.search(r"(\d+) requests in", out).group(1)),
           "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
           "p50": parse_latency(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1)),
           "p99": parse_latency(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1)),
           "non2xx": 0, "sockerr": 0, "raw": out}
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if m:
        res["non2xx"] = int(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if m:
        res["sockerr"] = sum(int(x) for x in m.groups())
    return res


def cpu_ticks(pids):
    """utime + stime (clock ticks) of `pids`, from /proc/PID/stat."""
    total = 0
    for pid in pids:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    return total


def build_h(out_dir):
    """bench/h_responder.c, the bare libfcgi responder (anchor H), compiled into out_dir."""
    out = os.path.join(out_dir, "h_responder")
    run(["cc", "-O2", "-Wall", "-Wextra", "-o", out, os.path.join(BENCH, "h_responder.c"), "-lfcgi", "-lpthread"])
    return out


# -- report ---------------------------------------------------------------------------------

def machine_info(extra=()):
    """(name, value) pairs for a results file's Machine section; `extra` goes before the commit."""
    nginx_v = subprocess.run([NGINX_BIN, "-v"], capture_output=True, text=True).stderr.strip()
    cpu = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    rev = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout
    dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--", "core", "fcgi", "cli", "templates",
                            "nginx.conf", "nginx-site.conf"], capture_output=True, text=True).stdout.strip()
    return ([("date", datetime.datetime.now().astimezone().isoformat(timespec="seconds")),
             ("nproc", str(os.cpu_count())), ("cpu", cpu), ("kernel", platform.release()),
             ("nginx", nginx_v)] + list(extra)
            + [("commit", rev.strip() + (" + uncommitted changes in the server's sources" if dirty else ""))])


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])
