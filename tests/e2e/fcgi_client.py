"""A small FastCGI client (stdlib only) that talks straight to the worker's socket.

nginx filters much of what a hostile client could send; these helpers let the
tests send what nginx would not: any params, raw records, broken streams.
Protocol: FastCGI 1.0 (records of an 8-byte header, content, padding;
name-value pairs with 1-byte lengths below 128, else 4-byte lengths with the
top bit set).

    reply = request(sock_path, {"REQUEST_METHOD": "GET", "REQUEST_URI": "/"})
    reply.status, reply.header("Content-Type"), reply.body, reply.stderr

    raw(sock_path, record(PARAMS, b"\xff\xff\xff\xf0..."))  # arbitrary bytes
"""
import socket
import struct

import client

VERSION = 1
BEGIN_REQUEST, ABORT_REQUEST, END_REQUEST, PARAMS, STDIN, STDOUT, STDERR = 1, 2, 3, 4, 5, 6, 7
RESPONDER = 1
KEEP_CONN = 1
MAX_CONTENT = 0xFFFF
HEADER = struct.Struct(">BBHHBx")  # version, type, request id, content length, padding

# What nginx sends for a plain GET (nginx.conf's fastcgi_param list, trimmed).
DEFAULT_PARAMS = {
    "QUERY_STRING": "",
    "REQUEST_METHOD": "GET",
    "CONTENT_TYPE": "",
    "CONTENT_LENGTH": "",
    "SCRIPT_NAME": "",
    "REQUEST_URI": "/",
    "DOCUMENT_URI": "/",
    "SERVER_PROTOCOL": "HTTP/1.1",
    "REQUEST_SCHEME": "http",
    "GATEWAY_INTERFACE": "CGI/1.1",
    "SERVER_SOFTWARE": "nginx",
    "REMOTE_ADDR": "127.0.0.1",
    "REMOTE_PORT": "40000",
    "SERVER_ADDR": "127.0.0.1",
    "SERVER_PORT": "80",
    "SERVER_NAME": "_",
    "HTTP_HOST": "localhost",
}


class FcgiError(RuntimeError):
    pass


def record(rtype, content=b"", request_id=1, padding=None):
    """One record; content over 64 KiB is the caller's job (see stream())."""
    if len(content) > MAX_CONTENT:
        raise ValueError("record content over %d bytes" % MAX_CONTENT)
    pad = (-len(content)) % 8 if padding is None else padding
    return HEADER.pack(VERSION, rtype, request_id, len(content), pad) + content + b"\0" * pad


def stream(rtype, data, request_id=1):
    """A whole stream: `data` split into records, then the empty record ending it."""
    out = b"".join(record(rtype, data[i:i + MAX_CONTENT], request_id)
                   for i in range(0, len(data), MAX_CONTENT))
    return out + record(rtype, b"", request_id)


def encode_length(n):
    if n < 128:
        return bytes([n])
    if n > 0x7FFFFFFF:
        raise ValueError("length over 2^31-1")
    return struct.pack(">I", n | 0x80000000)


def encode_pair(name, value):
    name = name.encode("latin-1") if isinstance(name, str) else name
    value = value.encode("latin-1") if isinstance(value, str) else value
    return encode_length(len(name)) + encode_length(len(value)) + name + value


def encode_params(params):
    """dict or list of (name, value); str values are sent as latin-1 bytes."""
    items = params.items() if isinstance(params, dict) else params
    return b"".join(encode_pair(k, v) for k, v in items)


def begin_request(request_id=1, role=RESPONDER, keep_conn=False):
    return record(BEGIN_REQUEST, struct.pack(">HB5x", role, KEEP_CONN if keep_conn else 0), request_id)


def request_bytes(params, stdin=b"", request_id=1, keep_conn=False):
    return (begin_request(request_id, keep_conn=keep_conn) + stream(PARAMS, encode_params(params), request_id)
            + stream(STDIN, stdin, request_id))


def params_for(method="GET", uri="/", extra=None, drop=()):
    """DEFAULT_PARAMS with method/URI set, `extra` added, names in `drop` removed."""
    p = dict(DEFAULT_PARAMS)
    p["REQUEST_METHOD"] = method
    p["REQUEST_URI"] = uri
    p["DOCUMENT_URI"] = uri.split("?", 1)[0]
    p["QUERY_STRING"] = uri.split("?", 1)[1] if "?" in uri else ""
    p.update(extra or {})
    for name in drop:
        p.pop(name, None)
    return p


class Reply(client.Reply):
    """A parsed FastCGI answer: CGI headers + body from STDOUT, STDERR text, END_REQUEST.

    header() and text come from the HTTP client's Reply."""

    def __init__(self, stdout, stderr, app_status, protocol_status):
        self.stdout, self.stderr = stdout, stderr
        self.app_status, self.protocol_status = app_status, protocol_status
        head, sep, self.body = stdout.partition(b"\r\n\r\n")
        if not sep:
            head, sep, self.body = stdout.partition(b"\n\n")
        self.headers = []
        for line in head.decode("latin-1").splitlines():
            name, _, value = line.partition(":")
            self.headers.append((name.strip(), value.strip()))
        status = self.header("Status")
        self.status = int(status.split()[0]) if status else (200 if sep else None)


def connect(sock_path, timeout=10):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.connect(sock_path)
    return s


def _recv_exact(sock, n):
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            return None
        buf += chunk
    return buf


def read_records(sock):
    """Yields (type, request id, content) until the peer closes."""
    while True:
        head = _recv_exact(sock, HEADER.size)
        if head is None:
            return
        version, rtype, rid, length, pad = HEADER.unpack(head)
        if version != VERSION:
            raise FcgiError("bad record version %d" % version)
        body = _recv_exact(sock, length + pad)
        if body is None:
            raise FcgiError("connection closed inside a record")
        yield rtype, rid, body[:length]


def read_reply(sock, request_id=1):
    out, err = [], []
    for rtype, rid, content in read_records(sock):
        if rid != request_id:
            raise FcgiError("record for request %d, expected %d" % (rid, request_id))
        if rtype == STDOUT:
            out.append(content)
        elif rtype == STDERR:
            err.append(content)
        elif rtype == END_REQUEST:
            app_status, protocol_status = struct.unpack(">IB3x", content[:8])
            return Reply(b"".join(out), b"".join(err).decode("utf-8", "replace"), app_status, protocol_status)
    raise FcgiError("connection closed before END_REQUEST (%d stdout bytes)" % sum(map(len, out)))


def request(sock_path, params=None, stdin=b"", timeout=10, **kw):
    """One request on a fresh connection; `params` defaults to params_for(**kw)."""
    with connect(sock_path, timeout) as s:
        s.sendall(request_bytes(params if params is not None else params_for(**kw), stdin))
        return read_reply(s)


def get(sock_path, uri="/", method="GET", **kw):
    return request(sock_path, params_for(method, uri, **kw))


def raw(sock_path, data, read=True, timeout=10):
    """Sends arbitrary bytes; returns everything the worker sent until it closed
    (b"" if it closed without a word), or None if `read` is false."""
    with connect(sock_path, timeout) as s:
        try:
            s.sendall(data)
            s.shutdown(socket.SHUT_WR)  # EOF: a worker waiting for more bytes stops waiting
        except (BrokenPipeError, ConnectionResetError):
            pass  # the worker may hang up before reading everything
        if not read:
            return None
        chunks = []
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)
