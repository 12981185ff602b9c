"""Worker processes, their memory and descriptors, read from /proc (Linux, stdlib).

With --workers N the main process supervises N children that serve; without
it the main process serves itself. `worker_pids(main)` answers both.
"""
import glob
import os
import time


def children(pid):
    """Direct children of `pid` (all its threads'), in no particular order."""
    out = []
    for path in glob.glob("/proc/%d/task/*/children" % pid):
        try:
            with open(path) as f:
                out += [int(p) for p in f.read().split()]
        except OSError:
            pass
    return sorted(set(out))


def worker_pids(main_pid):
    """The processes that serve requests: the children of the supervisor, or the main process."""
    return children(main_pid) or [main_pid]


def status_kb(pid, key):
    """A `key:` line of /proc/PID/status (VmRSS, VmHWM...) in KiB; None if the process is gone."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def rss_kb(pid):
    """VmRSS in KiB; 0 if the process is gone (a zombie has none either)."""
    return status_kb(pid, "VmRSS") or 0


def fd_count(pid):
    try:
        return len(os.listdir("/proc/%d/fd" % pid))
    except OSError:
        return 0


def workers_rss_kb(main_pid):
    return sum(rss_kb(p) for p in worker_pids(main_pid))


def wait_for_children(main_pid, count, exclude=(), timeout=5.0):
    """Waits until `main_pid` has `count` children none of which is in `exclude`;
    returns them, or None on timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        kids = children(main_pid)
        if len(kids) == count and not set(kids) & set(exclude):
            return kids
        time.sleep(0.01)
    return None
