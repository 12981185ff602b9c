"""What the stored-file e2e tests share: the vitae tool, and PNGs made here
(pure Python) so no binary fixture is kept."""
import os
import struct
import subprocess
import zlib

from e2e_env import BUILD_DIR

VITAE = os.path.join(BUILD_DIR, "cli", "vitae")


def vitae(*args):
    """Runs the vitae tool; its output, or AssertionError with its message."""
    done = subprocess.run([VITAE, *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError("vitae %s: %s" % (" ".join(args), done.stderr))
    return done.stdout


def png(width, height, pixel=lambda x, y: (128, 128, 128)):
    """An RGB PNG whose pixel (x, y) is pixel(x, y) -> (r, g, b); grey by default."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
