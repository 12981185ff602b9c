"""Where the end-to-end tests find the build, the database and the templates.

Every test module imports this first; it also puts tests/e2e and scripts/ on
sys.path, so `import stack`, `import seed` and `from client import …` work
however the test is started. CTest sets VITAE_BUILD_DIR, VITAE_DB and
VITAE_TEMPLATES; the defaults are build/dev, its tests/e2e-site.db (built
from tests/fixtures/seed-site.sql) and this checkout's templates.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
for _path in (os.path.join(REPO, "scripts"), HERE):
    if _path not in sys.path:
        sys.path.insert(0, _path)

BUILD_DIR = os.environ.get("VITAE_BUILD_DIR", os.path.join(REPO, "build", "dev"))
# The tests' own site (tests/fixtures/seed-site.sql), not the shipped content.
DB = os.environ.get("VITAE_DB", os.path.join(BUILD_DIR, "tests", "e2e-site.db"))
TEMPLATES = os.environ.get("VITAE_TEMPLATES", os.path.join(REPO, "templates"))


def private_db(prefix):
    """A temp dir holding a copy of DB, for a test that edits its database:
    (dir, path of the copy). The caller removes dir."""
    import shutil
    import tempfile
    directory = tempfile.mkdtemp(prefix=prefix)
    db = os.path.join(directory, "site.db")
    shutil.copy(DB, db)
    return directory, db


def require_tool(tool, package):
    """The path of the program `tool`. A test that needs it fails, never
    skips, when it is missing: a skip reads as a pass. scripts/install-deps
    installs `package`, which has it."""
    import shutil
    path = shutil.which(tool)
    if path is None:
        raise AssertionError("%s not found: this test needs it; scripts/install-deps installs it (Debian package %s)"
                             % (tool, package))
    return path


def require_module(name, package):
    """The Python module `name`, imported; fails as require_tool does when it is missing."""
    import importlib
    try:
        return importlib.import_module(name)
    except ImportError as e:
        raise AssertionError("Python module %s not importable (%s): this test needs it; scripts/install-deps "
                             "installs it (Debian package %s)" % (name, e, package)) from None
