"""Headless Debian Chromium and npm Lighthouse, as scripts/screenshots and
scripts/lighthouse drive them. The flags are those of ../shared/tools/common.sh:
without --disable-background-networking and friends Chromium tries to reach
Google and stalls on a machine without a network. Stdlib only.
"""
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "scripts"))
import stack  # noqa: E402

CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
               "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--disable-quic", "--disable-extensions", "--hide-scrollbars"]
CLIENTS_PREFIX = os.environ.get("CLIENTS_PREFIX", "/tmp/web-clients")  # where `npm ci` put lighthouse

# One page of each type: (name, path).
PAGES = [("home", "/"), ("publications", "/publications/"), ("paper", "/publications/causalmesh"),
         ("blog", "/blog/"), ("post", "/blog/linear-attention-visualized"), ("not-found", "/no-such-page"),
         ("cv", "/cv/")]


def require(path, hint):
    if not os.path.exists(path):
        sys.exit("missing %s: %s" % (path, hint))


def build_dir():
    """VITAE_BUILD_DIR, else the most recently built of build/release and build/dev."""
    if os.environ.get("VITAE_BUILD_DIR"):
        return os.environ["VITAE_BUILD_DIR"]
    built = [os.path.join(REPO, "build", p) for p in ("release", "dev")]
    built = [d for d in built if os.path.exists(os.path.join(d, "vitae-fcgi")) and os.path.exists(os.path.join(d, "site.db"))]
    if not built:
        sys.exit("no build: run `cmake --preset release && cmake --build --preset release` first")
    return max(built, key=lambda d: os.path.getmtime(os.path.join(d, "vitae-fcgi")))


# The proof site of issue #13: the shipped content with tests/fixtures/languages.sql (zh, ar).
LANGUAGE_PAGES = [("lang-zh-home", "/zh/"), ("lang-zh-publications", "/zh/publications/"),
                  ("lang-zh-post", "/zh/blog/linear-attention-visualized"), ("lang-zh-cv", "/zh/cv/"),
                  ("lang-ar-home", "/ar/")]


def languages_db(directory):
    """A copy of the shipped database with the languages fixture applied, in `directory`."""
    db = os.path.join(directory, "languages.db")
    shutil.copyfile(os.path.join(build_dir(), "site.db"), db)
    with open(os.path.join(REPO, "tests", "fixtures", "languages.sql"), encoding="utf-8") as f:
        subprocess.run(["sqlite3", db], input=f.read().encode("utf-8"), check=True)
    return db


def start_stack(db=None):
    d = build_dir()
    s = stack.Stack(d, db or os.path.join(d, "site.db"), os.path.join(REPO, "templates"), threads=2)
    s.__enter__()
    return s


def screenshot(url, out, width, height, dark):
    """A viewport screenshot; `dark` makes prefers-color-scheme match dark."""
    require(CHROME, "apt-get install chromium")
    profile = tempfile.mkdtemp(prefix="chrome-prof.")
    try:
        if os.path.exists(out):
            os.unlink(out)
        cmd = [CHROME, "--headless=new", *CHROME_ARGS, "--user-data-dir=" + profile,
               "--window-size=%d,%d" % (width, height), "--screenshot=" + out]
        if dark:
            cmd.append("--force-dark-mode")
        subprocess.run(cmd + [url], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        if not os.path.exists(out) or os.path.getsize(out) == 0:
            sys.exit("no screenshot written for %s" % url)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
