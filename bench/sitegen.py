"""Sites of a given size for bench/sizes, made through the CLI as a new owner would.

build_site() copies the shipped site.db, imports N generated publications
with one `vitae import-bibtex` (one file: 10,000 entries import in seconds,
10,000 processes would not) and adds N/5 posts with `vitae add post`, then
runs `vitae check`. The content is deterministic (seeded), so every run and
every binary sees the same sites, and sizes nest: the first 100 entries of
the 1,000 file are the 100 file.

Each publication: 5 authors (UTF-8 names from several scripts, some as LaTeX
accents the way DBLP writes them, some `Last, First`; the owner on about a
third), `url` and `pdf` (core/bibtex/bib_mapping.hpp makes them the links "Link" and
"PDF"), an abstract of ~700 characters, a year 1998-2025, a venue from a
list, kinds from conference to thesis; some DOIs, awards, arXiv preprints
and math. Each post: ~3 KB of CommonMark, with headings and lists, most
with a fenced code block.
"""

import os
import random
import shutil
import subprocess
import time

SEED = 15  # issue 15
OWNER = ("Zhang, Haoran", "Haoran Zhang")  # the shipped profile's name: shown in bold

FIRST = ["Wei", "María", "José", "Zoë", "Łukasz", "Søren", "Ayşe", "Hiroshi", "Priya", "Olúṣẹ́gun", "Anna",
         "François", "Björn", "Chen", "Fatima", "Dmitri", "Inês", "Kwame", "Yuki", "Ngọc Anh", "Ольга",
         "Siddharth", "Jürgen", "Élodie", "Tomás", "Mei-Ling", "Rajeev", "Sebastian", "Vincent", "Konstantinos"]
LAST = ["Zhang", "García", "Müller", "Kowalski", "Østergaard", "Yılmaz", "Tanaka", "Sharma", "Adébáyọ̀", "Novák",
        "Dubois", "Ångström", "Li", "Haddad", "Иванова", "Silva", "Mensah", "Satō", "O'Brien", "van der Berg",
        "Nguyễn", "Papadopoulos", "Alur", "Angel", "Liu", "Kallas", "Dvořák", "Gülçehre", "Schäfer", "Núñez"]
# As DBLP and Google Scholar write them: the importer turns them into UTF-8.
LATEX_NAMES = ["M{\\\"u}ller, J{\\\"u}rgen", "Garc{\\'\\i}a, Mar{\\'\\i}a", "Dvo{\\v{r}}{\\'a}k, Anton{\\'\\i}n",
               "{\\O}stergaard, S{\\o}ren", "Gul{\\c{c}}ehre, {\\c{C}}a{\\u{g}}lar", "Erd{\\H{o}}s, P{\\'a}l"]
CJK_NAMES = ["王小明", "李娜", "田中 太郎", "김민준"]

TOPICS = ["Serverless", "Microservice", "Distributed", "Byzantine", "Streaming", "Federated", "Transactional",
          "Probabilistic", "Incremental", "Verified", "Sparse", "Causal", "Elastic", "Secure", "Approximate"]
THINGS = ["Workflows", "Caches", "Consensus", "Graph Queries", "Attention", "Storage Engines", "Schedulers",
          "Compilers", "Key-Value Stores", "Dataflow", "Transformers", "Networks", "Runtimes", "Indexes"]
GOALS = ["at Scale", "without Coordination", "in Practice", "for the Edge", "with Provable Guarantees",
         "on Commodity Hardware", "under Failures", "for Large Language Models", "Made Simple"]
VENUES = [("inproceedings", "USENIX Symposium on Networked Systems Design and Implementation", "NSDI"),
          ("inproceedings", "ACM Symposium on Operating Systems Principles", "SOSP"),
          ("inproceedings", "International Conference on Machine Learning", "ICML"),
          ("inproceedings", "Advances in Neural Information Processing Systems", "NeurIPS"),
          ("inproceedings", "European Conference on Computer Systems", "EuroSys"),
          ("inproceedings", "Conference on Programming Language Design and Implementation", "PLDI"),
          ("article", "Proceedings of the VLDB Endowment", "PVLDB"),
          ("article", "ACM Transactions on Computer Systems", "TOCS"),
          ("article", "Journal of Machine Learning Research", "JMLR"),
          ("misc", "", ""),
          ("misc", "", ""),
          ("techreport", "University of Pennsylvania", ""),
          ("phdthesis", "Université de Montréal", ""),
          ("incollection", "Handbook of Distributed Computing", ""),
          ("book", "", "")]
WORDS = ("we show that the system reduces tail latency while keeping throughput within a few percent of the "
         "baseline across workloads drawn from production traces and a synthetic benchmark suite our design "
         "separates the control plane from the data plane and replicates state lazily so that failures "
         "recover quickly the evaluation covers clusters of up to one thousand machines and compares against "
         "three state of the art systems results hold for read heavy and write heavy mixes alike").split()


def sentence(rng, words=14):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def author(rng, i, k):
    if k == 0 and i % 3 == 0:
        return OWNER[i % 2]
    r = rng.random()
    if r < 0.08:
        return rng.choice(LATEX_NAMES)
    if r < 0.14:
        return "{" + rng.choice(CJK_NAMES) + "}"
    first, last = rng.choice(FIRST), rng.choice(LAST)
    return "%s, %s" % (last, first) if r < 0.4 else "%s %s" % (first, last)


def bib_entry(rng, i):
    etype, venue, abbr = VENUES[i % len(VENUES)]
    key = "sweep%05d" % i
    year = 1998 + (i * 7) % 28
    title = "{%s} %s %s" % (rng.choice(TOPICS), rng.choice(THINGS), rng.choice(GOALS))
    if i % 11 == 0:
        title += ": an $O(n \\log n)$ Algorithm"
    authors = [author(rng, i, k) for k in range(5)]
    if i % 7 == 0:
        authors[1] += "*"  # equal contribution
    abstract = " ".join(sentence(rng) for _ in range(6))
    if i % 9 == 0:
        abstract += " A na{\\\"\\i}ve baseline costs $\\Theta(n^2)$ time."
    fields = [("title", "{%s}" % title), ("author", " and ".join(authors)), ("year", str(year))]
    if etype in ("inproceedings", "incollection"):
        fields.append(("booktitle", venue))
    elif etype == "article":
        fields += [("journal", venue), ("volume", str(1 + i % 40)), ("number", str(1 + i % 12)),
                   ("pages", "%d--%d" % (100 + i % 900, 112 + i % 900))]
    elif etype == "misc":
        fields += [("eprint", "%02d%02d.%05d" % (year % 100, 1 + i % 12, i)), ("archivePrefix", "arXiv"),
                   ("primaryClass", "cs.DC")]
    elif etype in ("techreport", "phdthesis"):
        fields.append(("institution" if etype == "techreport" else "school", venue))
    else:
        fields += [("publisher", "MIT Press"), ("address", "Cambridge, MA"), ("isbn", "978-0-262-%05d-%d" % (i, i % 10))]
    if abbr:
        fields.append(("abbr", abbr))
    if i % 4 == 0:
        fields.append(("doi", "10.5555/sweep.%d" % i))
    if i % 50 == 0:
        fields.append(("award", "Best Paper"))
    fields += [("url", "https://example.org/papers/%s" % key), ("pdf", "https://example.org/papers/%s.pdf" % key),
               ("abstract", abstract)]
    return "@%s{%s,\n%s\n}\n" % (etype, key, "\n".join("  %s = {%s}," % f for f in fields))


def write_bibtex(path, n, seed=SEED):
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            f.write(bib_entry(rng, i))
            f.write("\n")


CODE = ["```python\ndef publish(site, out):\n    for path in site.paths():\n        page = site.render(path)\n"
        "        out.write(path, page.body, page.gzip)\n    return len(site.paths())\n```",
        "```cpp\nauto page = pages.page(site, route(path), workspace, hit);\n"
        "tree.write(file_for_path(path), page->body, page->gzip);\n```",
        "```sh\nsqlite3 site.db \"UPDATE profile SET name = 'New Name'\"\ncurl -s http://127.0.0.1:8080/ | head\n```"]


def post_body(rng, j):
    parts = ["Notes from week %d. %s %s" % (j, sentence(rng, 20), sentence(rng, 18))]
    section = 0
    while sum(len(p) for p in parts) < 3000:
        section += 1
        parts.append("## Part %d: %s %s" % (section, rng.choice(TOPICS), rng.choice(THINGS).lower()))
        parts.append("%s *%s* **%s** `%s` [a link](https://example.org/notes/%d)." % (
            sentence(rng, 24), rng.choice(WORDS), rng.choice(WORDS), rng.choice(WORDS), j))
        parts.append("\n".join("- %s" % sentence(rng, 8) for _ in range(4)))
        if j % 3 != 2 and section % 2 == 1:
            parts.append(CODE[(j + section) % len(CODE)])
        else:
            parts.append("\n".join("%d. %s" % (k + 1, sentence(rng, 9)) for k in range(3)))
        parts.append("> %s" % sentence(rng, 16))
    return "\n\n".join(parts) + "\n"


def run_cli(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("bench: %s: exit %d: %s" % (" ".join(cmd[:2]), r.returncode, (r.stderr or r.stdout)[-2000:]))
    return r


def build_site(vitae, base_db, templates, n, workdir, seed=SEED):
    """A new database in `workdir`: base_db + n publications + n // 5 posts.
    Returns (path, facts) with the CLI's wall times."""
    os.makedirs(workdir, exist_ok=True)
    db = os.path.join(workdir, "site-%d.db" % n)
    shutil.copy(base_db, db)
    facts = {"n": n, "import_s": None, "posts_s": None, "import_summary": ""}  # None: nothing to time
    if n:
        bib = os.path.join(workdir, "sweep-%d.bib" % n)
        write_bibtex(bib, n, seed)
        facts["bib_bytes"] = os.path.getsize(bib)
        t0 = time.perf_counter()
        r = run_cli([vitae, "import-bibtex", db, bib])
        facts["import_s"] = time.perf_counter() - t0
        facts["import_summary"] = r.stdout.strip().splitlines()[-1]
    rng = random.Random(seed + 1)
    body = os.path.join(workdir, "post.md")
    t0 = time.perf_counter()
    for j in range(n // 5):
        with open(body, "w", encoding="utf-8") as f:
            f.write(post_body(rng, j))
        date = "%04d-%02d-%02d" % (2010 + j % 16, 1 + j % 12, 1 + j % 28)
        run_cli([vitae, "add", "post", db, "--slug", "sweep-post-%05d" % j, "--title",
                 "%s %s, part %d" % (rng.choice(TOPICS), rng.choice(THINGS), j), "--date", date, "--body-file", body])
    if n // 5:
        facts["posts_s"] = time.perf_counter() - t0
    facts["check"] = run_cli([vitae, "check", db, templates]).stdout.strip()
    facts["db_bytes"] = os.path.getsize(db)
    return db, facts
