"""bench/sites' results file: the figures by number of sites, issue 22's targets, the runs."""

import math
import statistics

from benchlib import machine_info, load_average
import manysites

TARGET_RSS_MB = 256.0
TARGET_COLD_P99_MS = 50.0
TARGET_START_MS = 200.0
TARGET_HOT_OVER_H = 1.0

# (key, label, format): one row each of the table by size.
ROWS = [
    ("rss_peak_mb", "all worker processes, sum of VmRSS, peak during the crawl (MB)", ".1f"),
    ("pss_peak_mb", "same, sum of PSS, peak (MB)", ".1f"),
    ("cold_p50", "cold site, its first page: p50 (ms)", ".1f"),
    ("cold_p99", "cold site, its first page: p99 (ms)", ".1f"),
    ("second_p50", "the site's other page: p50 (ms)", ".1f"),
    ("second_p99", "the site's other page: p99 (ms)", ".1f"),
    ("crawl_rps", "crawl: requests/s (--crawl-connections, default 8)", ".0f"),
    ("loads", "site loads during the crawl (metrics)", ".0f"),
    ("unloads", "site unloads during the crawl (metrics)", ".0f"),
    ("loaded_after", "sites loaded after the crawl, all processes (metrics)", ".0f"),
    ("load_ms_p50", "`site_loaded` ms in the worker's log: p50", ".0f"),
    ("load_ms_p99", "`site_loaded` ms: p99", ".0f"),
    ("start_ms", "start: spawn → first 200 through nginx (ms)", ".0f"),
    ("hot_rps", "hot path: one site's home page, wrk -c64 (req/s)", ".0f"),
    ("hot_over_h", "hot path ÷ H (same run, same nginx-sites.conf)", ".2f"),
    ("hot_cpu_us", "hot path: CPU µs/req (nginx + worker)", ".1f"),
    ("hot_cpu_over_h", "hot path CPU ÷ H's", ".2f"),
    ("fresh_p50", "fast path: COMMIT → nginx serves the new file, p50 (ms)", ".1f"),
    ("fresh_p99", "fast path: p99 (ms)", ".1f"),
    ("swap_p99", "fast path: all the site's published pages new, p99 (ms)", ".1f"),
    ("publish_asked", "fast path: GETs until the site was published (only worker process 0 publishes)", ".0f"),
]


def fmt(x, spec):
    return "n/a" if x is None or (isinstance(x, float) and x != x) else format(x, spec)


def values(runs, n, key):
    out = []
    for r in runs:
        res = dict(r["sizes"].get(n, {}))
        once = r["once"]
        if res.get("hot_rps") and once.get("h_sites_rps"):
            res["hot_over_h"] = res["hot_rps"] / once["h_sites_rps"]
            res["hot_cpu_over_h"] = res["hot_cpu_us"] / once["h_sites_cpu_us"]
        v = res.get(key)
        if v is not None and v == v:
            out.append(v)
    return out


def cell(vals, spec):
    if not vals:
        return "n/a"
    med = statistics.median(vals)
    if len(vals) == 1:
        return fmt(med, spec)
    return "%s (%s–%s)" % (fmt(med, spec), fmt(min(vals), spec), fmt(max(vals), spec))


def growth(runs, sizes, key):
    """k in cost ≈ sites^k between the two largest sizes (medians)."""
    if len(sizes) < 2:
        return "—"
    a, b = [values(runs, n, key) for n in sizes[-2:]]
    if not a or not b or statistics.median(a) <= 0 or statistics.median(b) <= 0:
        return "—"
    return "%.2f" % (math.log(statistics.median(b) / statistics.median(a)) / math.log(sizes[-1] / sizes[-2]))


def size_table(runs, sizes):
    lines = ["| figure | " + " | ".join("N = %d" % n for n in sizes) + " | growth k |",
             "|---|" + "--:|" * len(sizes) + "--:|"]
    for key, label, spec in ROWS:
        lines.append("| %s | %s | %s |" % (label, " | ".join(cell(values(runs, n, key), spec) for n in sizes),
                                         growth(runs, sizes, key)))
    return lines


def once_table(runs):
    def col(key):
        return [r["once"][key] for r in runs if r["once"].get(key)]
    db_over = [r["once"]["db_rps"] / r["once"]["h_db_rps"] for r in runs]
    db_cpu = [r["once"]["db_cpu_us"] / r["once"]["h_db_cpu_us"] for r in runs]
    return ["| anchor (wrk -t2 -c64, GET / of s0001) | req/s | CPU µs/req | ÷ H of its configuration (req/s, CPU) |",
            "|---|--:|--:|--:|",
            "| H behind nginx-sites.conf (`Host: s0001.test`) | %s | %s | 1 |"
            % (cell(col("h_sites_rps"), ".0f"), cell(col("h_sites_cpu_us"), ".1f")),
            "| H behind nginx-site.conf | %s | %s | 1 |" % (cell(col("h_db_rps"), ".0f"), cell(col("h_db_cpu_us"), ".1f")),
            "| Vitae `--db SITES/s0001/site.db` behind nginx-site.conf | %s | %s | %s, %s |"
            % (cell(col("db_rps"), ".0f"), cell(col("db_cpu_us"), ".1f"), cell(db_over, ".2f"), cell(db_cpu, ".2f"))]


def targets_table(runs, sizes):
    out = ["| target (issue 22) | N | this run (median) | goal | |", "|---|--:|--:|--:|---|"]

    def check(label, key, goal_text, ok, spec):
        for n in sizes:
            if n < 1000:
                continue
            vals = values(runs, n, key)
            if not vals:
                out.append("| %s | %d | n/a | %s | not measured |" % (label, n, goal_text))
                continue
            worst_rss = key == "rss_peak_mb"
            med = max(vals) if worst_rss else statistics.median(vals)
            out.append("| %s | %d | %s | %s | %s |" % (label, n, fmt(med, spec), goal_text,
                                                     "met" if ok(med) else "**missed**"))
    check("all worker processes ≤ 256 MB RSS throughout (highest peak of the runs)", "rss_peak_mb", "≤ 256 MB",
          lambda v: v <= TARGET_RSS_MB, ".1f")
    check("cold site's first page p99", "cold_p99", "≤ 50 ms", lambda v: v <= TARGET_COLD_P99_MS, ".1f")
    check("start to first response", "start_ms", "≤ 200 ms", lambda v: v <= TARGET_START_MS, ".0f")
    check("hot hit path ÷ H", "hot_over_h", "≥ 1.0", lambda v: v >= TARGET_HOT_OVER_H, ".2f")
    return out


def runs_table(runs, sizes):
    lines = ["| run | N | requests | wrong answers | RSS samples | processes | load failures | hot errors | "
             "edits (timeouts, from the worker, torn) | errors |",
             "|--:|--:|--:|--:|--:|--:|--:|--:|---|---|"]
    for k, r in enumerate(runs):
        for n in sizes:
            s = r["sizes"].get(n, {})
            lines.append("| %d | %d | %s | %s | %s | %s | %s | %s | %s (%s, %s, %s) | %s |" % (
                k + 1, n, s.get("crawl_requests"), s.get("crawl_bad"), s.get("rss_samples"), s.get("procs"),
                fmt(s.get("load_failures"), ".0f"), s.get("hot_errors"), s.get("fresh_edits"),
                s.get("fresh_timeouts"), s.get("fresh_from_worker"), s.get("fresh_torn"),
                "; ".join(s.get("errors", [])) or "—"))
    return lines


def report(runs, sizes, facts, args, load_start, seconds):
    papers = facts["papers"]
    big = papers[:manysites.BIG_SITES]
    md = ["# Many sites, one server: results (issue 22)", "",
          "Written by `bench/sites` (bench/README.md, \"Many sites\"). nginx (`nginx-sites.conf`) in front of "
          "`vitae-fcgi --sites SITES --scheme http` with the shipped process and thread defaults and %s; "
          "each cell is the median of %d runs with the lowest and highest in brackets. Wall times on a shared "
          "2-core machine move between runs; read the growth and the ratios."
          % ("`--sites-loaded %d`" % args.sites_loaded if args.sites_loaded else "`--sites-loaded` at its default (32 per worker process)",
             len(runs)), "", "## Machine", ""]
    md += ["- %s: %s" % kv for kv in machine_info([
        ("sizes", ", ".join(map(str, sizes))),
        ("load average at start / end", "%s / %s" % (load_start, load_average()))])]
    md += ["", "## The sites", "",
           "%d sites (`bench/manysites.py`), made from the ~1,200 real BibTeX entries in tests/fixtures "
           "(bibtex/real/sites, bibtex/real/producers, the imported sites' .bib files): %d template databases "
           "(`vitae init` + `vitae import-bibtex` of 20, 40, 75, 150 or 300 sampled entries, two each), each site "
           "a copy of the smallest template that holds its size, then in one SQL transaction (Python sqlite3, "
           "foreign keys on): a random subset of its papers kept, the owner's name and bio its own, half of its "
           "papers' slugs suffixed with the site's name. The first 20 are registered by `vitae site add`, the "
           "rest as rows of the same registry tables; `vitae site ls` then reads and checks every row. Every "
           "8th site is under a prefix of one shared host (`dept.test/~s0008/`), the others on their own host "
           "(`s0001.test`). N sites = the registry of the first N."
           % (len(papers), facts["templates"]), "",
           "- papers per site, sites 1-%d: %d-%d, median %d, mean %.0f (log-uniform over 10-300)"
           % (len(big), min(big), max(big), statistics.median(big), statistics.mean(big))]
    if len(papers) > len(big):
        small = papers[len(big):]
        md.append("- sites %d-%d (only in the 5,000 run, smaller to keep it short): %d-%d papers, median %d"
                  % (len(big) + 1, len(papers), min(small), max(small), statistics.median(small)))
    md.append("- site.db sizes: median %.0f KB, total %.0f MB%s" % (
        statistics.median(facts["db_bytes"]) / 1024.0, sum(facts["db_bytes"]) / 1e6,
        "" if facts.get("make_s") is None else "; made in %.0f s" % facts["make_s"]))
    md += ["", "## By number of sites", "",
           "growth k: figure ≈ N^k between the two largest N (0: flat, 1: grows with the sites).", ""]
    md += size_table(runs, sizes)
    md += ["", "## Hot path against the bare responder, and the one-site install", ""] + once_table(runs)
    md += ["", "## Targets", ""] + targets_table(runs, sizes)
    md += ["", "## Runs", ""] + runs_table(runs, sizes)
    md += ["", "## How each figure is taken", "",
           "- crawl: a new stack per N and run; home and /publications/ of every site, shuffled (seeded per run), "
           "over %d keep-alive connections (Python http.client, `Host:` set, prefix sites by path); every answer "
           "must be a 200 naming the site's owner (\"wrong answers\"). A site's *first page* is the one of its two "
           "requests sent first: it finds the site unloaded in every process. The other page may still be cold (the "
           "other worker process, or sent while the first was loading). Latency is the client's, queueing "
           "included." % 8,
           "- memory: every 100 ms from the stack's start through the crawl, the sum over the supervisor and its "
           "worker processes of VmRSS (/proc/PID/status) and of Pss (/proc/PID/smaps_rollup); the highest sum.",
           "- loads/unloads: `vitae_site_loads_total`, `vitae_site_unloads_total`, `vitae_sites_loaded` from "
           "/_vitae/metrics after the crawl (summed over the processes); load times from the worker's "
           "`event=site_loaded ... ms=` lines.",
           "- hot path: after the crawl, `wrk -t2 -c64 -d%ds -H 'Host: s0001.test'` on / (1 s warm-up): a page "
           "cache hit. H: bench/h_responder.c serving the bytes of that page (fetched from the worker) behind "
           "the same nginx-sites.conf; CPU µs/req is utime+stime of nginx and the upstream over the run ÷ "
           "requests. Once per run: H behind nginx-site.conf and `vitae-fcgi --db SITES/s0001/site.db` behind it "
           "(the one-site install)." % args.duration,
           "- start: nginx up, the worker spawned, GET / with `Host: s0001.test` until a 200 (%d trials per N "
           "and run; median)." % args.starts,
           "- fast path: a new stack with `--publish`; s0002.test's home asked once (the site loads and "
           "publishes), then %d edits of its owner's name (`UPDATE profile`, 100 ms apart): COMMIT returned → "
           "GET / through nginx (the published file, `try_files`) shows it, and → every published page of "
           "that site has it (benchlib.freshness)." % args.edits,
           "", "Run took %.0f s." % seconds, ""]
    return "\n".join(md)
