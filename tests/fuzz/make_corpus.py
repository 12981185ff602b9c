#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, written to <out>/<target>/.

content:  the shipped site.db, truncated and bit-flipped copies (header
          fields, schema page, data pages), schema-level variants (old
          user_version, a missing table, WAL mode, 512-byte pages) and the
          hostile fixture.
request:  the hand-written seeds in tests/fuzz/corpus/request/.
form:     a urlencoded and two multipart bodies, each after its Content-Type line.
template: the shipped layout and a few small layouts.
Deterministic: the same inputs give the same files.
"""
import argparse
import pathlib
import shutil
import sqlite3
import struct


def write(path, data):
    path.write_bytes(data)


def sql_db(path, *scripts, after=None):
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    for script in scripts:
        db.executescript(script)
    if after:
        db.executescript(after)
    db.commit()
    db.close()


def content(out, site_db, source):
    out.mkdir(parents=True, exist_ok=True)
    shipped = site_db.read_bytes()
    page_size = struct.unpack(">H", shipped[16:18])[0] or 65536
    write(out / "shipped.db", shipped)
    for n in (0, 100, 512, page_size, page_size + 1, len(shipped) // 2, len(shipped) - 1):
        write(out / f"truncated-{n}.db", shipped[:n])
    # Header fields the reader trusts (https://sqlite.org/fileformat.html#the_database_header),
    # a byte of the schema table, and one in the first data page and the last page.
    flips = {"write-version": 18, "read-version": 19, "reserved": 20, "payload-fraction": 21,
             "page-count": 31, "freelist": 35, "schema-cookie": 43, "schema-format": 47,
             "encoding": 59, "user-version": 63, "schema-page": 100 + 9, "schema-cell": page_size - 40,
             "data-page": page_size + 8, "last-page": len(shipped) - page_size + 3}
    for name, offset in flips.items():
        if offset < len(shipped):
            data = bytearray(shipped)
            data[offset] ^= 0x41
            write(out / f"flip-{name}.db", bytes(data))
    schema = (source / "data/schema.sql").read_text()
    shipped_sql = (source / "data/content.sql").read_text()
    hostile = source / "tests/fixtures/hostile.sql"
    tmp = out / "tmp.db"
    variants = {
        "user-version-0": (schema, shipped_sql, "PRAGMA user_version = 0;"),
        "missing-table": (schema, shipped_sql, "DROP TABLE teaching;"),
        "wal": (schema, shipped_sql, "PRAGMA journal_mode = WAL;"),
        "empty-content": (schema, "", None),
        # Same content in 512-byte pages: more of the b-tree per byte of input.
        "small-pages": (schema, shipped_sql, "PRAGMA page_size = 512; VACUUM;"),
    }
    if hostile.exists():
        variants["hostile"] = (schema, hostile.read_text(), None)
    for name, (schema_sql, content_sql, after) in variants.items():
        sql_db(tmp, schema_sql, content_sql, after=after)
        if name == "wal":  # checkpoint into the main file; the fuzzer gets no -wal
            db = sqlite3.connect(tmp)
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            db.close()
        write(out / f"{name}.db", tmp.read_bytes())
        for side in ("-wal", "-shm", "-journal"):
            pathlib.Path(str(tmp) + side).unlink(missing_ok=True)
        tmp.unlink()


def request(out, source):
    out.mkdir(parents=True, exist_ok=True)
    for seed in sorted((source / "tests/fuzz/corpus/request").iterdir()):
        shutil.copyfile(seed, out / seed.name)


def form(out, source):
    """Seeds for form_fuzz: a Content-Type line, then the body."""
    out.mkdir(parents=True, exist_ok=True)
    seeds = {
        "urlencoded": "application/x-www-form-urlencoded\ncsrf=abc&title=A+b%26c&tag=x&tag=y&empty=",
        "multipart": "multipart/form-data; boundary=XyZ\n--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n"
                     "Deep\r\nnets\r\n--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n"
                     "Content-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--XyZ--\r\n",
        "quoted": "multipart/form-data; boundary=\"a b\"\n--a b\r\ncontent-disposition: form-data; name=a\r\n\r\n1\r\n--a b--",
    }
    for name, text in seeds.items():
        (out / name).write_bytes(text.encode("utf-8"))


def template(out, source):
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source / "templates/layout.mustache", out / "layout.mustache")
    small = {
        "content-only": "{{{content}}}",
        "nav": "<ul>{{#nav}}<li{{#current}} class=c{{/current}}>{{label}}</li>{{/nav}}</ul>{{{content}}}",
        "partial": "<style>{{> style}}</style>{{^has_description}}none{{/has_description}}{{{content}}}",
        "delimiters": "{{=<% %>=}}<%title%><%={{ }}=%>{{{content}}}",
        "comment-escape": "{{! comment }}{{&content}}{{site_name}}{{version}}",
    }
    for name, text in small.items():
        (out / f"{name}.mustache").write_text(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site-db", type=pathlib.Path, required=True)
    parser.add_argument("--source-dir", type=pathlib.Path, required=True)
    parser.add_argument("--out", type=pathlib.Path, required=True)
    args = parser.parse_args()
    for target in ("content", "request", "template", "form"):
        shutil.rmtree(args.out / target, ignore_errors=True)
    content(args.out / "content", args.site_db, args.source_dir)
    request(args.out / "request", args.source_dir)
    template(args.out / "template", args.source_dir)
    form(args.out / "form", args.source_dir)


if __name__ == "__main__":
    main()
