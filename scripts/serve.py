#!/usr/bin/env python3
"""Serves the built playground on 127.0.0.1, nothing else.

- The right MIME types (`application/wasm`, so that browsers compile the module while it
  downloads with `WebAssembly.instantiateStreaming`).
- Precompressed assets: at start, every compressible file gets a `.br` (Brotli, through
  the system's libbrotlienc, present wherever Chromium is) and a `.gz` next to it, remade
  only when older than the file; a request that accepts them gets the smaller one with
  `Content-Encoding`.
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
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".md": "text/markdown; charset=utf-8",
    }

    def send_head(self):
        """Serves `path.br` or `path.gz` in place of `path` when the client accepts it."""
        self.encoding = None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if os.path.isfile(path):
            accepted = {e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")}
            for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
                if encoding in accepted and os.path.isfile(path + suffix) \
                        and os.stat(path + suffix).st_mtime >= os.stat(path).st_mtime:
                    self.encoding = encoding
                    self.content_type = self.guess_type(path)
                    return self.send_file(path + suffix)
        return super().send_head()

    def send_file(self, path):
        f = open(path, "rb")
        size = os.fstat(f.fileno()).st_size
        self.send_response(200)
        self.send_header("Content-Type", self.content_type)
        self.send_header("Content-Length", str(size))
        self.end_headers()
        return f

    def end_headers(self):
        if getattr(self, "encoding", None):
            self.send_header("Content-Encoding", self.encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-store")
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
