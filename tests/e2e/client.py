"""Small HTTP helpers for the e2e tests (stdlib http.client, no proxies)."""
import collections
import http.client
import threading
import time

# One failed exchange of a Load client: when the request was sent and when it
# failed (time.monotonic()), whether the status line and headers had arrived
# (the response had started), and the exception.
TransportError = collections.namedtuple("TransportError", "sent failed started error")


class Reply:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # list of (name, value)
        self.body = body

    def header(self, name):
        values = [v for k, v in self.headers if k.lower() == name.lower()]
        return values[0] if values else None

    @property
    def text(self):
        return self.body.decode("utf-8")


def fetch(port, path, method="GET", headers=None, timeout=10):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, headers=headers or {})
        r = conn.getresponse()
        return Reply(r.status, r.getheaders(), r.read())
    finally:
        conn.close()


class Load:
    """Background clients hammering one path until stopped; counts statuses.

    `check(reply)` may return an error string for a reply that is 2xx but wrong
    (e.g. a page that mixes two content versions). `errors` holds those and
    one "transport: ..." line per failed exchange; `transport_errors` has the
    same failures as TransportError, with their timing.
    """

    def __init__(self, port, path="/", clients=4, check=None):
        self.port, self.path, self.check = port, path, check
        self.stop_flag = threading.Event()
        self.lock = threading.Lock()
        self.count, self.bad_status, self.errors, self.transport_errors = 0, [], [], []
        self.threads = [threading.Thread(target=self._run, daemon=True) for _ in range(clients)]

    def _run(self):
        conn = None
        while not self.stop_flag.is_set():
            sent, r = time.monotonic(), None
            try:
                if conn is None:
                    conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
                conn.request("GET", self.path)
                r = conn.getresponse()
                body = r.read()
                problem = None
                if not 200 <= r.status < 300:
                    problem = "status %d" % r.status
                elif self.check:
                    problem = self.check(Reply(r.status, r.getheaders(), body))
                with self.lock:
                    self.count += 1
                    if problem:
                        (self.bad_status if problem.startswith("status") else self.errors).append(problem)
                if r.getheader("Connection", "").lower() == "close":
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException) as e:
                failure = TransportError(sent, time.monotonic(), r is not None, e)
                with self.lock:
                    self.errors.append("transport: %r" % e)
                    self.transport_errors.append(failure)
                if conn:
                    conn.close()
                conn = None
        if conn:
            conn.close()

    def __enter__(self):
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc):
        self.stop_flag.set()
        for t in self.threads:
            t.join(15)
        return False
