"""Many sites from real publication lists, for bench/sites (issue 22).

Every entry comes from the real BibTeX in tests/fixtures (the homepage lists
of tests/fixtures/bibtex/real/sites, the per-producer files, and the .bib
files of the imported sites under tests/fixtures/sites): about 1,200
entries. A site is a real-looking list of 10-300 of them. Making 5,000
sites through `vitae import-bibtex` one by one would take an hour, so:

1. Template databases: for each size bucket (20, 40, 75, 150, 300 papers)
   two `vitae init` + `vitae import-bibtex` of that many entries sampled
   from the pool (no key twice in one file, the files' @string macros first).
2. Site i: a copy of the smallest template of its bucket that holds its
   size n (log-uniform over 10-300 for the first 1,000 sites, 10-40 after:
   a 5,000-site run stays short), then in one transaction with Python's
   sqlite3 (foreign keys on, so authors, links and fields go with their
   paper): keep a random n of the papers, give the owner a name of their
   own (profile, and a bio paragraph naming it), and give a random half of
   the kept papers a slug of this site's own, so no two sites share a slug set.
3. The registry: `vitae site add` for the first sites (through the CLI,
   as an owner would; that also adopts and checks their site.db), the rest
   as rows in the same tables (registry.db is a small SQLite file; adding
   5,000 sites one process each would take minutes), then `vitae site ls`
   must list every one (it reads and checks every row as the worker does).
   Every 8th site lives under a prefix of the shared host dept.test
   (`/~sNNNN/`), the others on their own host sNNNN.test.

Seeded: every run and every binary sees the same sites. Stdlib only.
"""

import glob
import math
import os
import random
import re
import shutil
import sqlite3
import subprocess

from sitegen import FIRST, LAST, run_cli

SEED = 22  # issue 22
BUCKETS = (20, 40, 75, 150, 300)
TEMPLATES_PER_BUCKET = 2
BIG_SITES = 1000  # sites 1..1000 have 10-300 papers, later ones 10-40
SHARED_HOST = "dept.test"
PREFIX_EVERY = 8  # every 8th site under a prefix of SHARED_HOST
CLI_ADDED = 20  # sites registered with `vitae site add`; the rest by SQL rows

ENTRY = re.compile(r"(@[A-Za-z]+\s*\{)([^,\s]*)(,.*?\n\}[ \t]*\n)", re.S)


def real_bib_files(repo):
    fx = os.path.join(repo, "tests", "fixtures")
    return (sorted(glob.glob(os.path.join(fx, "bibtex", "real", "sites", "*.bib")))
            + sorted(glob.glob(os.path.join(fx, "bibtex", "real", "producers", "*.bib")))
            + sorted(glob.glob(os.path.join(fx, "sites", "**", "*.bib"), recursive=True)))


def real_entries(repo):
    """(entries as (head, key, rest), @string blocks) of every real .bib file."""
    entries, strings = [], []
    for path in real_bib_files(repo):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read().replace("\r\n", "\n") + "\n"
        for m in ENTRY.finditer(text):
            head = m.group(1).lower()
            if head.startswith("@string"):
                strings.append(m.group(0))
            elif not head.startswith(("@comment", "@preamble")) and m.group(2):
                entries.append(m.groups())
        strings += re.findall(r"@string\s*\{[^\n]*\}[ \t]*\n", text, re.I)
    return entries, strings


def site_name(i):
    return "s%04d" % i


def site_where(i):
    """(host, prefix) of site i (1-based)."""
    if i % PREFIX_EVERY == 0:
        return SHARED_HOST, "/~%s/" % site_name(i)
    return "%s.test" % site_name(i), "/"


def owner_name(i):
    rng = random.Random(SEED * 100003 + i)
    return "%s %s. %s" % (rng.choice(FIRST), chr(ord("A") + i % 26), rng.choice(LAST))


def papers_of(i):
    """How many papers site i lists: log-uniform, 10-300 (10-40 after the first BIG_SITES)."""
    rng = random.Random(SEED * 7919 + i)
    top = 300 if i <= BIG_SITES else 40
    return int(round(math.exp(rng.uniform(math.log(10), math.log(top)))))


def make_templates(vitae, repo, workdir):
    """{bucket: [template db paths]} made by `vitae init` + `vitae import-bibtex`."""
    entries, strings = real_entries(repo)
    rng = random.Random(SEED)
    out = {}
    for size in BUCKETS:
        for t in range(TEMPLATES_PER_BUCKET):
            picked, keys = [], set()
            for e in rng.sample(entries, len(entries)):
                if e[1].lower() not in keys:
                    keys.add(e[1].lower())
                    picked.append(e)
                if len(picked) == size + size // 10:  # a few are skipped (no title, ...)
                    break
            base = os.path.join(workdir, "template-%d-%d" % (size, t))
            with open(base + ".bib", "w", encoding="utf-8") as f:
                f.write("".join(strings) + "\n" + "\n".join("".join(e) for e in picked))
            run_cli([vitae, "init", base + ".db", "--name", "Template Owner"])
            r = subprocess.run([vitae, "import-bibtex", base + ".db", base + ".bib"], capture_output=True, text=True)
            if r.returncode not in (0, 3):  # 3: imported, with warnings about some entries
                raise SystemExit("bench: import-bibtex %s: exit %d: %s" % (base, r.returncode, r.stderr[-2000:]))
            out.setdefault(size, []).append(base + ".db")
    return out


def vary_site(db, i, n):
    """Keep n random papers of the template copy at `db`; the owner and half the slugs its own."""
    rng = random.Random(SEED * 31 + i)
    name = owner_name(i)
    c = sqlite3.connect(db, isolation_level=None)
    try:
        c.execute("PRAGMA foreign_keys = ON")
        c.execute("PRAGMA synchronous = OFF")  # bench copies: a crash means making them again
        c.execute("BEGIN")
        ids = [r[0] for r in c.execute("SELECT id FROM publication ORDER BY id")]
        keep = set(rng.sample(ids, min(n, len(ids))))
        c.executemany("DELETE FROM publication WHERE id = ?", [(x,) for x in ids if x not in keep])
        c.execute("UPDATE profile SET name = ?", (name,))
        c.execute("DELETE FROM profile_paragraph")
        c.execute("INSERT INTO profile_paragraph (position, markdown) VALUES (1, ?)",
                  ("%s works on the papers listed below (bench site %s)." % (name, site_name(i)),))
        own = [x for x in sorted(keep) if rng.random() < 0.5]
        c.executemany("UPDATE publication SET slug = substr(slug, 1, 60) || ? WHERE id = ?",
                      [("-%s" % site_name(i), x) for x in own])
        c.execute("COMMIT")
        return c.execute("SELECT count(*) FROM publication").fetchone()[0]
    finally:
        c.close()


def register_rows(sites_dir, first, last):
    """Registry rows for sites first..last, as `vitae site add` writes them (registry_schema.hpp)."""
    c = sqlite3.connect(os.path.join(sites_dir, "registry.db"), isolation_level=None)
    try:
        c.execute("BEGIN")
        for i in range(first, last + 1):
            host, prefix = site_where(i)
            c.execute("INSERT INTO site (name, owner_name, prefix) VALUES (?, ?, ?)",
                      (site_name(i), owner_name(i), prefix))
            c.execute("INSERT INTO site_host (site, position, host) VALUES (?, 0, ?)", (site_name(i), host))
        c.execute("COMMIT")
    finally:
        c.close()


def make_sites(vitae, repo, workdir, count, checkpoints, log=print):
    """SITES = workdir/sites with `count` sites; for each checkpoint N a registry of
    the first N sites at workdir/registry-N.db (copy it to SITES/registry.db to
    serve N sites). Returns facts: papers per site, bytes, template count."""
    sites_dir = os.path.join(workdir, "sites")
    os.makedirs(sites_dir, exist_ok=True)
    templates = make_templates(vitae, repo, workdir)
    papers = []
    for i in range(1, count + 1):
        n = papers_of(i)
        bucket = next(b for b in BUCKETS if b >= n)
        d = os.path.join(sites_dir, site_name(i))
        os.makedirs(d, exist_ok=True)
        db = os.path.join(d, "site.db")
        shutil.copy(random.Random(i).choice(templates[bucket]), db)
        papers.append(vary_site(db, i, n))
        if i <= CLI_ADDED:
            host, prefix = site_where(i)
            run_cli([vitae, "site", "add", sites_dir, site_name(i), "--host", host, "--prefix", prefix,
                     "--name", owner_name(i)])
        if i in checkpoints:
            if i > CLI_ADDED:
                done = max([c for c in checkpoints if c < i and c > CLI_ADDED] + [CLI_ADDED])
                register_rows(sites_dir, done + 1, i)
            shutil.copy(os.path.join(sites_dir, "registry.db"), os.path.join(workdir, "registry-%d.db" % i))
        if i % 1000 == 0:
            log("sites: %d made" % i)
    listed = run_cli([vitae, "site", "ls", sites_dir]).stdout.strip().splitlines()[1:]
    if len(listed) != max(checkpoints) or any(not line.rstrip().endswith("yes") for line in listed):
        raise SystemExit("bench: vitae site ls lists %d sites (%d expected) or a site.db missing"
                         % (len(listed), max(checkpoints)))
    sizes = [os.path.getsize(os.path.join(sites_dir, site_name(i), "site.db")) for i in range(1, count + 1)]
    return {"papers": papers, "db_bytes": sizes, "templates": sum(len(v) for v in templates.values()),
            "sites_dir": sites_dir}
