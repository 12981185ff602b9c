#!/usr/bin/env python3
"""Bench `vitae sync`: 1,000 works fetched from a local replay server (five
OpenAlex pages of 200) merged into a site of 3,000 entries, 1,000 of which
they match (by DOI). Reports the CPU time (user + system) of `vitae sync
--dry-run` (fetch, parse, merge; no write) and of `vitae sync --accept`
(the same, then one transaction), medians of 3 with the spread.

usage: bench/sync.py [BUILD_DIR]   (default build/release, else build/dev)
"""
import json
import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = sys.argv[1] if len(sys.argv) > 1 else next(
    d for d in (os.path.join(REPO, "build", "release"), os.path.join(REPO, "build", "dev")) if os.path.isdir(d))
VITAE = os.path.join(BUILD, "cli", "vitae")


def work(i):
    return {"id": "https://openalex.org/W%d" % (100000 + i), "doi": "https://doi.org/10.5555/bench.%d" % i,
            "title": "Bench work number %d on scalable attention" % i, "publication_year": 2000 + i % 25,
            "type": "article", "primary_location": {"source": {"display_name": "Journal %d" % (i % 40), "type": "journal"}},
            "authorships": [{"author": {"display_name": "Author %d" % (i + k)}} for k in range(5)],
            "biblio": {"volume": str(i % 50), "issue": "1", "first_page": "1", "last_page": "12"},
            "cited_by_count": i, "abstract_inverted_index": {"Words": [0], "of": [1], "an": [2], "abstract.": [3]}}


def main():
    root = tempfile.mkdtemp(prefix="vitae-bench-sync-")
    try:
        routes = {}
        pages = 5
        for p in range(pages):
            cursor = "*" if p == 0 else "c%d" % p
            nxt = "c%d" % (p + 1) if p + 1 < pages else None
            body = {"meta": {"count": 1000, "per_page": 200, "next_cursor": nxt},
                    "results": [work(p * 200 + i) for i in range(200)]}
            name = "page-%d.json" % p
            with open(os.path.join(root, name), "w") as f:
                json.dump(body, f)
            routes["/openalex/works?filter=author.id:A1&per-page=200&cursor=" + cursor] = name
        with open(os.path.join(root, "routes.json"), "w") as f:
            json.dump(routes, f)
        db = os.path.join(root, "site.db")
        subprocess.run([VITAE, "init", db, "--name", "Bench Owner"], check=True, capture_output=True)
        with sqlite3.connect(db) as c:
            for i in range(3000):
                doi = "10.5555/bench.%d" % i if i < 1000 else ""  # the first 1,000 are the fetched works
                c.execute("INSERT INTO publication (slug, position, kind, title, year, doi) VALUES (?, ?, 'journal', ?, ?, ?)",
                          ("site-%d" % i, i + 1, "Site entry %d" % i, 2000 + i % 25, doi))
        port_file = os.path.join(root, "port")
        server = subprocess.Popen([sys.executable, os.path.join(REPO, "tests", "tools", "replay_server.py"), root, port_file])
        deadline = time.monotonic() + 5
        while not os.path.exists(port_file):
            assert time.monotonic() < deadline, "replay server did not start"
            time.sleep(0.02)
        env = dict(os.environ, VITAE_OPENALEX_API="http://127.0.0.1:%s/openalex" % open(port_file).read())
        results = {}
        try:
            for label, extra in (("dry-run (fetch 1,000 + merge with 3,000)", ["--dry-run"]),
                                 ("accept (fetch + merge + write)", ["--accept"])):
                times = []
                for _ in range(3):
                    copy = os.path.join(root, "run.db")
                    shutil.copy(db, copy)
                    before = resource.getrusage(resource.RUSAGE_CHILDREN)
                    out = subprocess.run([VITAE, "sync", copy, "--openalex", "A1", *extra], env=env,
                                         capture_output=True, text=True)
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    assert out.returncode == 0, out.stderr
                    assert "1000 known" in out.stdout, out.stdout[-300:]
                    times.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
                results[label] = times
        finally:
            server.terminate()
            server.wait(timeout=5)
        for label, times in results.items():
            print("%-45s CPU median %.3f s (min %.3f, max %.3f)" % (label, statistics.median(times), min(times), max(times)))
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
