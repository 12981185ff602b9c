"""bench/sizes' report: results by size -> Markdown (bench/RESULTS-sizes.md).

Three tables: each cost by N with how it grows (the exponent k of
cost ~ publications^k between the smallest and the largest site measured:
0 flat, 1 linear), issue 15's targets at N = 1,000 and 3,000, and what was
run at each size (how many runs each median is of). Then the details a
figure needs to be read (per-process memory, exit codes, timeouts).
"""

import math

# Issue 15's targets, checked at N = 1,000 and 3,000.
TARGET_SIZES = (1000, 3000)
TARGET_FAST_P99_MS = 50.0
TARGET_FCGI_FIRST_MS = 20.0
TARGET_RSS_MB = 64.0
TARGET_START_MS = 150.0
TARGET_PUBLISH_S = 2.0  # full cold publish, at N = 3,000 only
TARGET_STOP_S = 1.0


def mb(kb):
    return None if kb is None else kb / 1024.0


def mem(key, field):
    return lambda r: mb(r[key][field]) if r.get(key) else None


def key(name, scale=1.0):
    return lambda r: None if r.get(name) is None else r[name] * scale


# (row label, value of one size's results, format)
COSTS = [
    ("`--render /publications/` wall, ms (median)", key("render_ms"), ".1f"),
    ("`--render /publications/` peak RSS, MB", key("render_rss_kb", 1 / 1024.0), ".1f"),
    ("/publications/ page, KB", key("publications_bytes", 1 / 1024.0), ".0f"),
    ("spawn → first 200 for / via nginx, ms (median)", key("start_ms"), ".1f"),
    ("full cold publish: spawn → `event=publish`, ms (median)", key("publish_ms"), ".0f"),
    ("full cold publish: the line's own `us`, ms (median)", key("publish_us"), ".0f"),
    ("files in the publish dir after it", key("publish_files"), ".0f"),
    ("after publish: largest process VmRSS, MB", mem("mem_settled", "max_rss_kb"), ".1f"),
    ("after publish: largest process VmHWM, MB", mem("mem_settled", "max_hwm_kb"), ".1f"),
    ("after publish: PSS of all processes, MB", mem("mem_settled", "pss_kb"), ".1f"),
    ("after load: largest process VmRSS, MB", mem("mem_loaded", "max_rss_kb"), ".1f"),
    ("after load: largest process VmHWM, MB", mem("mem_loaded", "max_hwm_kb"), ".1f"),
    ("after load: PSS of all processes, MB", mem("mem_loaded", "pss_kb"), ".1f"),
    ("fast path: COMMIT → GET / via nginx shows it, p50 ms", key("fast_p50"), ".1f"),
    ("fast path: same, p99 ms", key("fast_p99"), ".1f"),
    ("fast path: same, max ms", key("fast_max"), ".1f"),
    ("FastCGI: COMMIT → first GET / answered, p50 ms", key("fcgi_p50"), ".1f"),
    ("FastCGI: same, p99 ms", key("fcgi_p99"), ".1f"),
    ("SIGTERM during the first publish → exited, ms (max)", key("stop_max_ms"), ".0f"),
    ("one paper's title: COMMIT → its page via nginx, ms", key("paper_fresh_ms"), ".1f"),
    ("one paper's title: published files rewritten", key("paper_rewritten"), ".0f"),
    ("one paper's title: published files with new content", key("paper_changed"), ".0f"),
    ("`vitae import-bibtex` of the N entries, s", key("import_s"), ".2f"),
    ("`vitae add post` × N/5, s", key("posts_s"), ".1f"),
    ("database, MB", key("db_bytes", 1 / 1048576.0), ".1f"),
]


def fmt(value, spec):
    return "n/a" if value is None or (isinstance(value, float) and math.isnan(value)) else format(value, spec)


def growth(results, value):
    """The exponent k of value ~ publications^k between the smallest and largest site with a positive value."""
    points = [(r["publications"], value(r)) for r in results]
    points = [(x, v) for x, v in points if v is not None and v > 0 and not math.isnan(v)]
    if len(points) < 2 or points[-1][0] < 2 * points[0][0]:
        return "n/a"
    (x1, v1), (x2, v2) = points[0], points[-1]
    return "%.2f" % (math.log(v2 / v1) / math.log(x2 / x1))


def costs_table(results):
    head = "| cost | " + " | ".join("N=%d (%d pubs)" % (r["n"], r["publications"]) for r in results) + " | growth k |"
    lines = [head, "|---|" + "--:|" * (len(results) + 1)]
    for label, value, spec in COSTS:
        lines.append("| %s | %s | %s |" % (label, " | ".join(fmt(value(r), spec) for r in results),
                                            growth(results, value)))
    return lines


def checks(r):
    """(target, goal, this size's value and what it rests on, met) for one size's results."""
    out = []

    def check(what, goal, value, unit, limit, basis="", ok_extra=True, spec=".1f"):
        met = value is not None and value <= limit and ok_extra
        out.append((what, goal, fmt(value, spec) + unit + (" (%s)" % basis if basis else ""), met))

    check("fast-path edit p99", "≤ %.0f ms" % TARGET_FAST_P99_MS, r.get("fast_p99"), " ms", TARGET_FAST_P99_MS,
          "%d edits, %d timed out" % (r["fast_edits"], r["fast_timeouts"]), r["fast_timeouts"] == 0)
    check("FastCGI first request after COMMIT, p99", "≤ %.0f ms, none stale" % TARGET_FCGI_FIRST_MS,
          r.get("fcgi_p99"), " ms", TARGET_FCGI_FIRST_MS,
          "%d of %d first GETs stale" % (r["fcgi_stale_first"], r["fcgi_edits"]),
          r["fcgi_stale_first"] == 0 and r["fcgi_timeouts"] == 0)
    check("worker RSS: largest process's VmHWM after load", "≤ %.0f MB" % TARGET_RSS_MB,
          mem("mem_loaded", "max_hwm_kb")(r), " MB", TARGET_RSS_MB)
    check("cold start to first response (median)", "≤ %.0f ms" % TARGET_START_MS, r.get("start_ms"), " ms",
          TARGET_START_MS, "%d start-ups" % r["start_runs"])
    if r["n"] == 3000:
        s = None if r.get("publish_ms") is None else r["publish_ms"] / 1e3
        check("full cold publish of 3,000", "≤ %.0f s" % TARGET_PUBLISH_S, s, " s", TARGET_PUBLISH_S,
              "median of %d" % r["publish_runs"], spec=".2f")
    s = None if r.get("stop_max_ms") is None else r["stop_max_ms"] / 1e3
    check("SIGTERM during the first publish → exit (max)", "≤ %.0f s" % TARGET_STOP_S, s, " s", TARGET_STOP_S,
          "%d stops, %d signalled before the publish line" % (r["stop_runs"], r["stop_mid_publish"]), spec=".2f")
    return out


def targets_table(results):
    by_n = {r["n"]: r for r in results}
    goals, cells = {}, {}
    for n in TARGET_SIZES:
        for what, goal, value, met in checks(by_n[n]) if n in by_n else ():
            goals.setdefault(what, goal)
            cells[what, n] = "%s %s" % (value, "met" if met else "**missed**")
    lines = ["| target | goal | " + " | ".join("N=%d" % n for n in TARGET_SIZES) + " |",
             "|---|---|" + "---|" * len(TARGET_SIZES)]
    for what, goal in goals.items():
        lines.append("| %s | %s | %s |" % (what, goal, " | ".join(cells.get((what, n), "—" if n in by_n else "not run")
                                                                  for n in TARGET_SIZES)))
    return lines


def runs_table(results):
    lines = ["| N | publications | posts | renders | start-ups | cold publishes | fast-path edits (timed out, "
             "answered by the worker) | FastCGI edits (first GET stale, timed out) | stops (signalled before "
             "the publish line) | load: GETs to the worker (not 200) |",
             "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for r in results:
        lines.append("| %d | %d | %d | %d | %d | %d | %d (%d, %d) | %d (%d, %d) | %d (%d) | %d (%d) |" % (
            r["n"], r["publications"], r["posts"], r["render_runs"], r["start_runs"], r["publish_runs"],
            r["fast_edits"], r["fast_timeouts"], r["fast_from_worker"], r["fcgi_edits"], r["fcgi_stale_first"],
            r["fcgi_timeouts"], r["stop_runs"], r["stop_mid_publish"], r["load_requests"], r["load_bad"]))
    return lines


def details(results):
    out = []
    for r in results:
        procs = "; ".join("pid %d %.1f/%.1f MB" % (pid, rss / 1024.0, hwm / 1024.0)
                          for pid, rss, hwm in r["mem_loaded"]["procs"])
        out.append("- N=%d: after load, each process VmRSS/VmHWM (supervisor first): %s. Stop: exit codes %s, "
                   "SIGTERM sent %.0f ms after spawn (median), %d of the stops signalled mid-publish still logged "
                   "the publish line (finished it) before exiting. Publish line: %s pages. Paper edited: `%s` (%d files "
                   "added, %d removed, of %d). Fast path's GET / before the edits came from a file: %s; answers that were not a whole 200 page "
                   "during its edits: %d (FastCGI path: %d). Import: %s."
                   % (r["n"], procs, ", ".join(r["stop_codes"]), r["stop_signal_at_ms"], r["stop_finished_publish"],
                      r.get("publish_pages"),
                      r["paper_slug"], r["paper_added"], r["paper_removed"], r["paper_files"],
                      "yes" if r["fast_static"] else "**no**", r["fast_torn"], r["fcgi_torn"], r["import_summary"] or "nothing to import"))
    return out
