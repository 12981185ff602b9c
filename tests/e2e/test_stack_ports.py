"""Each test's requests reach its own stack, even when a parallel test takes
the port it probed (ctest -j2): scripts/stack.py retries nginx on a new port
instead of taking another nginx's listener for its own.

    VITAE_BUILD_DIR=build/dev python3 -m unittest -v test_stack_ports
"""
import os
import shutil
import sqlite3
import sys
import unittest
import urllib.request

from e2e_env import BUILD_DIR, DB, TEMPLATES, private_db  # noqa: E402,F401  (first: sets sys.path)

import stack  # noqa: E402


class PortTakenBetweenProbeAndBind(unittest.TestCase):
    def test_a_stack_whose_probed_port_is_taken_serves_its_own_site(self):
        first = stack.Stack(BUILD_DIR, DB, TEMPLATES, threads=1).__enter__()
        directory, db = private_db("vitae-ports-")
        probe = stack.free_port
        try:
            con = sqlite3.connect(db)
            con.execute("UPDATE profile SET name = 'The Second Stack'")
            con.commit()
            con.close()
            # The race made certain: the second stack's first probe returns
            # the port the first stack's nginx already listens on.
            handed = [first.port]
            stack.free_port = lambda host="127.0.0.1": handed.pop() if handed else probe(host)
            second = stack.Stack(BUILD_DIR, db, TEMPLATES, threads=1).__enter__()
            stack.free_port = probe
            try:
                self.assertNotEqual(second.port, first.port)
                with urllib.request.urlopen("http://127.0.0.1:%d/" % second.port, timeout=10) as reply:
                    self.assertIn("The Second Stack", reply.read().decode("utf-8"))
                with urllib.request.urlopen("http://127.0.0.1:%d/" % first.port, timeout=10) as reply:
                    self.assertNotIn("The Second Stack", reply.read().decode("utf-8"))
            finally:
                self.assertEqual(second.stop(), 0)
        finally:
            stack.free_port = probe
            self.assertEqual(first.stop(), 0)
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
