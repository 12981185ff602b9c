"""The npm accessibility clients the e2e tests run, pinned in
tests/tools/a11y/package-lock.json (pa11y, vnu.jar, axe-core,
html_codesniffer) and put into $A11Y_CLIENTS_PREFIX (/tmp/vitae-a11y-clients)
by `npm ci` when missing or when the lock changed, as scripts/lighthouse does.
No browser is downloaded: the tests drive Debian's chromium.
"""
import filecmp
import os
import shutil
import subprocess

from e2e_env import REPO, require_tool  # noqa: E402  (first: sets sys.path)

A11Y_PREFIX = os.environ.get("A11Y_CLIENTS_PREFIX", "/tmp/vitae-a11y-clients")
NODE_MODULES = os.path.join(A11Y_PREFIX, "node_modules")
VNU_JAR = os.path.join(NODE_MODULES, "vnu-jar", "build", "dist", "vnu.jar")
AXE_JS = os.path.join(NODE_MODULES, "axe-core", "axe.min.js")
HTMLCS_JS = os.path.join(NODE_MODULES, "html_codesniffer", "build", "HTMLCS.js")
_LOCK_DIR = os.path.join(REPO, "tests", "tools", "a11y")


def npm_clients():
    """Installs the pinned clients when the installed lock is not the checkout's; returns NODE_MODULES."""
    installed_lock = os.path.join(A11Y_PREFIX, "package-lock.json")
    current = os.path.exists(installed_lock) and filecmp.cmp(os.path.join(_LOCK_DIR, "package-lock.json"),
                                                             installed_lock, shallow=False)
    wanted = (os.path.join(NODE_MODULES, "pa11y"), VNU_JAR, AXE_JS, HTMLCS_JS)
    if not (current and all(os.path.exists(p) for p in wanted)):
        npm = require_tool("npm", "npm")
        os.makedirs(A11Y_PREFIX, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(os.path.join(_LOCK_DIR, name), A11Y_PREFIX)
        env = dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1", CHROMEDRIVER_SKIP_DOWNLOAD="true")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=A11Y_PREFIX, env=env,
                       check=True, timeout=600)
    return NODE_MODULES
