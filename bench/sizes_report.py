"""bench/sizes' report: results by size -> Markdown (bench/RESULTS-sizes.md).

Three tables: each cost by N with how it grows (the exponent k of
cost ~ publications^k between the two largest sites measured: 0 flat,
1 linear), issue 15's targets at N = 1,000 and 3,000, and what was
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
    """The exponent k of value ~ publications^k between the two largest sites with a positive value: at
    the large end, where a fixed cost (the process, the shipped pages) no longer hides the growth."""
    points = [(r["publications"], value(r)) for r in results]
    points = [(x, v) for x, v in points if v is not None and v > 0 and not math.isnan(v)]
    if len(points) < 2 or points[-1][0] < 2 * points[-2][0]:
        return "n/a"
    (x1, v1), (x2, v2) = points[-2], points[-1]
    return "%.2f" % (math.log(v2 / v1) / math.log(x2 / x1))


def costs_table(results):
    head = "| cost | " + " | ".join("N=%d (%d pubs)" % (r["n"], r["publications"]) for r in results) + " | growth k |"
    lines = [head, "|---|" + "--:|" * (len(results) + 1)]
    for label, value, spec in COSTS:
        lines.append("| %s | %s | %s |" % (label, " | ".join(fmt(value(r), spec) for r in results),
                                            growth(results, value)))
    return lines


def checks(r):
    """(target, goal, this size's value and what it rests on, met or None: not measured) for one size."""
    out = []

    def check(what, goal, value, unit, limit, basis="", ok_extra=True, spec=".1f"):
        if value is None:
            out.append((what, goal, "not measured", None))
            return
        out.append((what, goal, fmt(value, spec) + unit + (" (%s)" % basis if basis else ""),
                    value <= limit and ok_extra))

    check("fast-path edit p99", "≤ %.0f ms" % TARGET_FAST_P99_MS, r.get("fast_p99"), " ms", TARGET_FAST_P99_MS,
          "%s edits, %s timed out" % (cell(r, "fast_edits"), cell(r, "fast_timeouts")), not r.get("fast_timeouts"))
    check("FastCGI first request after COMMIT, p99", "≤ %.0f ms, none stale" % TARGET_FCGI_FIRST_MS,
          r.get("fcgi_p99"), " ms", TARGET_FCGI_FIRST_MS,
          "%s of %s first GETs stale" % (cell(r, "fcgi_stale_first"), cell(r, "fcgi_edits")),
          not r.get("fcgi_stale_first") and not r.get("fcgi_timeouts"))
    check("worker RSS: largest process's VmHWM after load", "≤ %.0f MB" % TARGET_RSS_MB,
          mem("mem_loaded", "max_hwm_kb")(r), " MB", TARGET_RSS_MB)
    check("cold start to first response (median)", "≤ %.0f ms" % TARGET_START_MS, r.get("start_ms"), " ms",
          TARGET_START_MS, "%s start-ups" % cell(r, "start_runs"))
    if r["n"] == 3000:
        s = None if r.get("publish_ms") is None else r["publish_ms"] / 1e3
        check("full cold publish of 3,000", "≤ %.0f s" % TARGET_PUBLISH_S, s, " s", TARGET_PUBLISH_S,
              "median of %s" % cell(r, "publish_runs"), spec=".2f")
    s = None if r.get("stop_max_ms") is None else r["stop_max_ms"] / 1e3
    check("SIGTERM during the first publish → exit (max)", "≤ %.0f s" % TARGET_STOP_S, s, " s", TARGET_STOP_S,
          "%s stops, %s signalled mid-publish" % (cell(r, "stop_runs"), cell(r, "stop_mid_publish")), spec=".2f")
    return out


def targets_table(results):
    by_n = {r["n"]: r for r in results}
    goals, cells = {}, {}
    for n in TARGET_SIZES:
        for what, goal, value, met in checks(by_n[n]) if n in by_n else ():
            goals.setdefault(what, goal)
            cells[what, n] = value if met is None else "%s %s" % (value, "met" if met else "**missed**")
    if not goals:
        return ["Not checked: N = %s not in this run." % " and ".join("{:,}".format(n) for n in TARGET_SIZES)]
    lines = ["| target | goal | " + " | ".join("N=%d" % n for n in TARGET_SIZES) + " |",
             "|---|---|" + "---|" * len(TARGET_SIZES)]
    for what, goal in goals.items():
        lines.append("| %s | %s | %s |" % (what, goal, " | ".join(cells.get((what, n), "—" if n in by_n else "not run")
                                                                  for n in TARGET_SIZES)))
    return lines


def cell(r, *keys):
    """`a (b, c)` of r's values, "—" for a step that did not get that far."""
    values = ["—" if r.get(k) is None else str(r[k]) for k in keys]
    return values[0] + (" (%s)" % ", ".join(values[1:]) if len(values) > 1 else "")


def runs_table(results):
    lines = ["| N | publications | posts | renders | start-ups | cold publishes | fast-path edits (timed out, "
             "answered by the worker) | FastCGI edits (first GET stale, timed out) | stops (signalled "
             "mid-publish: before the publish line) | load: GETs to the worker (not 200) | worker restarts, "
             "FastCGI / fast path (killed as stuck) |",
             "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for r in results:
        lines.append("| %s |" % " | ".join([
            str(r["n"]), str(r["publications"]), str(r["posts"]), cell(r, "render_runs"), cell(r, "start_runs"),
            cell(r, "publish_runs"), cell(r, "fast_edits", "fast_timeouts", "fast_from_worker"),
            cell(r, "fcgi_edits", "fcgi_stale_first", "fcgi_timeouts"), cell(r, "stop_runs", "stop_mid_publish"),
            cell(r, "load_requests", "load_bad"),
            "%s / %s" % (cell(r, "fcgi_restarts", "fcgi_stuck"), cell(r, "fast_restarts", "fast_stuck"))]))
    return lines


def details(results):
    out = []
    for r in results:
        parts = ["- N=%d: %s." % (r["n"], r["import_summary"] or "nothing imported")]
        for e in r.get("errors", []):
            parts.append("**Not measured**: %s." % e)
        if r.get("mem_loaded"):
            parts.append("After load, each process VmRSS/VmHWM (supervisor first): %s." % "; ".join(
                "pid %d %.1f/%.1f MB" % (pid, rss / 1024.0, hwm / 1024.0) for pid, rss, hwm in r["mem_loaded"]["procs"]))
        if r.get("publish_pages") is not None:
            parts.append("The publish line counts %s pages." % r["publish_pages"])
        if r.get("stop_codes"):
            parts.append("Stop: exit codes %s; SIGTERM %.0f ms after spawn (median); %d of the stops signalled "
                         "mid-publish finished the publish (logged its line) before exiting."
                         % (", ".join(r["stop_codes"]), r["stop_signal_at_ms"], r["stop_finished_publish"]))
        if r.get("paper_files") is not None:
            parts.append("Paper edited: `%s` (%d files added, %d removed, of %d)."
                         % (r["paper_slug"], r["paper_added"], r["paper_removed"], r["paper_files"]))
        if r.get("fast_static") is not None:
            parts.append("Fast path's GET / before the edits came from a file: %s; answers that were not a whole "
                         "200 page during its edits: %s (FastCGI path: %s)."
                         % ("yes" if r["fast_static"] else "**no**", cell(r, "fast_torn"), cell(r, "fcgi_torn")))
        out.append(" ".join(parts))
    return out
