#!/usr/bin/env python3
"""Serves the built playground on 127.0.0.1, nothing else.

- The right MIME types (`application/wasm`, so that browsers compile the module while it
  downloads with `WebAssembly.instantiateStreaming`).
- Precompressed assets: at start, every compressible file gets a `.br` (Brotli, through
  the system's libbrotlienc, present wherever Chromium is) and a `.gz` next to it, remade
  only when older than the file; a request that accepts them gets the smaller one with
  `Content-Encoding`.
- HTTP/1.1 with keep-alive (and TCP_NODELAY): the page's and the worker's dozen requests reuse a
  few connections instead of opening one each.
- Revalidation, not reloading: `Cache-Control: no-cache` with an `ETag`, so that a browser keeps
  what it fetched and asks each time whether it changed (a 304 when it did not). Kept, the wasm
  response also keeps the code V8 compiled for it, and a second visit skips the compiling.
- The worker script's own Content-Security-Policy (a dedicated worker takes its policy
  from its response, not from the page): it may fetch the wasm from this origin, nothing else.

Usage: serve.py ROOT PORT [--quiet]
"""
import ctypes
import ctypes.util
import functools
import gzip
import http.server
import os
import sys

COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".txt", ".md")
WORKER_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'"


def brotli_compressor():
    """Returns a function compressing bytes with Brotli at quality 11, or None without libbrotlienc."""
    try:
        import brotli  # type: ignore

        return lambda data: brotli.compress(data, quality=11)
    except ImportError:
        pass
    name = ctypes.util.find_library("brotlienc") or "libbrotlienc.so.1"
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        return None
    lib.BrotliEncoderMaxCompressedSize.restype = ctypes.c_size_t
    lib.BrotliEncoderMaxCompressedSize.argtypes = [ctypes.c_size_t]
    lib.BrotliEncoderCompress.restype = ctypes.c_int
    lib.BrotliEncoderCompress.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_size_t,
                                          ctypes.c_char_p, ctypes.POINTER(ctypes.c_size_t), ctypes.c_char_p]

    def compress(data):
        size = ctypes.c_size_t(lib.BrotliEncoderMaxCompressedSize(len(data)) or len(data) + 1024)
        out = ctypes.create_string_buffer(size.value)
        # quality 11, window 2^24, generic mode
        if not lib.BrotliEncoderCompress(11, 24, 0, len(data), data, ctypes.byref(size), out):
            raise RuntimeError("BrotliEncoderCompress failed")
        return out.raw[: size.value]

    return compress


def precompress(root):
    """Writes `.br` and `.gz` next to each compressible file under root whose copies are missing or stale."""
    brotli = brotli_compressor()
    for folder, _, names in os.walk(root):
        for name in names:
            if not name.endswith(COMPRESSIBLE):
                continue
            path = os.path.join(folder, name)
            mtime = os.stat(path).st_mtime
            data = None
            for suffix, compress in ((".gz", lambda d: gzip.compress(d, 9, mtime=0)), (".br", brotli)):
                copy = path + suffix
                if compress is None or (os.path.exists(copy) and os.stat(copy).st_mtime >= mtime):
                    continue
                if data is None:
                    with open(path, "rb") as f:
                        data = f.read()
                packed = compress(data)
                if len(packed) >= len(data):
                    continue
                tmp = f"{copy}.{os.getpid()}.tmp"
                with open(tmp, "wb") as f:
                    f.write(packed)
                os.replace(tmp, copy)


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes: without TCP_NODELAY, Nagle's algorithm holds the
    # body until the client's delayed ACK of the headers, 40 ms on every response of a kept-alive connection.
    disable_nagle_algorithm = True
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".md": "text/markdown; charset=utf-8",
    }

    def send_head(self):
        """Serves `path.br` or `path.gz` in place of `path` when the client accepts it, or a 304 when its copy is current."""
        self.encoding = None
        self.etag = None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()
        served = path
        accepted = {e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")}
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            if encoding in accepted and os.path.isfile(path + suffix) \
                    and os.stat(path + suffix).st_mtime >= os.stat(path).st_mtime:
                self.encoding = encoding
                served = path + suffix
                break
        stat = os.stat(served)
        self.etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if self.etag in (t.strip() for t in self.headers.get("If-None-Match", "").split(",")):
            self.send_response(304)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        f = open(served, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.end_headers()
        return f

    def end_headers(self):
        if getattr(self, "encoding", None):
            self.send_header("Content-Encoding", self.encoding)
        if getattr(self, "etag", None):
            self.send_header("ETag", self.etag)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        if self.path.split("?")[0].endswith("/worker.js"):
            self.send_header("Content-Security-Policy", WORKER_CSP)
        super().end_headers()

    def log_message(self, fmt, *args):
        if "--quiet" not in sys.argv:
            super().log_message(fmt, *args)


def main():
    root, port = sys.argv[1], int(sys.argv[2])
    precompress(root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=root))
    print(f"serving {root} on http://127.0.0.1:{port}/", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
