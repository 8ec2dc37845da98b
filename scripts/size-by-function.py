#!/usr/bin/env python3
"""Code bytes of a wasm's functions, grouped by regular expressions over their (mangled) names.

Usage: scripts/size-by-function.py FILE.wasm REGEX... (a build with names: `wasm-opt -Oz -g`,
docs/size.md "How to measure"). Prints the code section's total, the data section's, and the
bytes of the function bodies each REGEX matches first (the rest as `other`); no twiggy needed.
"""
import collections
import re
import sys


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if not x & 0x80:
            return r, i


def skip_import(data, k):
    """The offset after one import entry at `k`; whether it imports a function."""
    for _ in range(2):
        n, k = leb(data, k)
        k += n
    kind = data[k]
    k += 1
    if kind == 0:
        return leb(data, k)[1], True
    if kind == 1:
        k += 1
    if kind in (1, 2):
        flags, k = leb(data, k)
        k = leb(data, k)[1]
        return (leb(data, k)[1] if flags & 1 else k), False
    return k + 2, False


def main():
    data = open(sys.argv[1], "rb").read()
    sections, i = [], 8
    while i < len(data):
        size, j = leb(data, i + 1)
        sections.append((data[i], j, size))
        i = j + size
    imported, bodies, names = 0, [], {}
    for sid, start, size in sections:
        if sid == 2:
            n, k = leb(data, start)
            for _ in range(n):
                k, is_function = skip_import(data, k)
                imported += is_function
        elif sid == 10:
            n, k = leb(data, start)
            for _ in range(n):
                length, body = leb(data, k)
                bodies.append(length + body - k)
                k = body + length
        elif sid == 0:
            length, k = leb(data, start)
            if data[k:k + length] != b"name":
                continue
            k += length
            while k < start + size:
                sub = data[k]
                length, k = leb(data, k + 1)
                end = k + length
                if sub == 1:
                    n, k = leb(data, k)
                    for _ in range(n):
                        index, k = leb(data, k)
                        length, k = leb(data, k)
                        names[index] = data[k:k + length].decode("utf-8", "replace")
                        k += length
                k = end
    groups = collections.Counter()
    patterns = [(p, re.compile(p)) for p in sys.argv[2:]]
    for n, size in enumerate(bodies):
        name = names.get(n + imported, "")
        groups[next((p for p, rx in patterns if rx.search(name)), "other")] += size
    print(f"code section: {sum(bodies)} B; data section: {sum(s for sid, _, s in sections if sid == 11)} B")
    for group, size in groups.most_common():
        print(f"{size:>9} B  {group}")


if __name__ == "__main__":
    main()
