#!/usr/bin/env python3
"""Code bytes of a wasm's functions, grouped by regular expressions over their (mangled) names.

Usage: scripts/size-by-function.py FILE.wasm REGEX... (a build with names: `wasm-opt -Oz -g`,
docs/size.md "How to measure"). Prints the code section's total, the data section's, and the
bytes of the function bodies each REGEX matches first (the rest as `other`), raw and gzipped
alone (each group's bodies compressed by themselves: a group's share, not its exact cost); no
twiggy needed.
With `--csv FILE.wasm` it prints every function body, data segment and other section as
`twiggy top --format csv` does (`Name,ShallowSize`), for `scripts/size-by-crate.py`.
"""
import collections
import csv
import gzip
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


def data_segments(data, start):
    """The sizes of the data section's segments (active, memory 0, `i32.const` offsets)."""
    n, k = leb(data, start)
    sizes = []
    for _ in range(n):
        flags, k = leb(data, k)
        if flags == 2:
            k = leb(data, k)[1]
        if flags != 1:
            while data[k] != 0x0B:
                k += 1
            k += 1
        length, k = leb(data, k)
        sizes.append(length)
        k += length
    return sizes


# The standard sections' names, as twiggy prints them.
SECTIONS = {1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global", 7: "export",
            8: "start", 9: "element", 12: "data count"}

# Rust's legacy mangling escapes these in a path segment.
ESCAPES = {"$LT$": "<", "$GT$": ">", "$u20$": " ", "$C$": ",", "$RF$": "&", "$BP$": "*", "$SP$": "@",
           "$LP$": "(", "$RP$": ")", "$u7b$": "{", "$u7d$": "}", "$u27$": "'", "$u5b$": "[", "$u5d$": "]",
           "$u3b$": ";", "$u21$": "!", "$u3d$": "=", "$u2b$": "+", "$u7e$": "~", "$u22$": '"', "..": "::"}


def demangle(name):
    """A legacy-mangled Rust name (`_ZN…E`) as twiggy prints it; a v0 one (`_R…`) as `crate::…`."""
    if name.startswith("_R"):
        m = re.search(r"C(?:s[0-9A-Za-z]*_)?(\d+)([A-Za-z_]\w*)", name)
        return f"{m.group(2)[:int(m.group(1))]}::{name}" if m else name
    if not name.startswith("_ZN"):
        return name
    parts, i = [], 3
    while i < len(name) and name[i].isdigit():
        j = i
        while name[j].isdigit():
            j += 1
        n = int(name[i:j])
        parts.append(name[j:j + n])
        i = j + n
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()
    path = "::".join(p[1:] if p.startswith("_$") else p for p in parts)
    return re.sub(r"\$[A-Za-z0-9]+\$|\.\.", lambda m: ESCAPES.get(m.group(0), m.group(0)), path)


def print_csv(data, sections, bodies, names, imported):
    """Every function body, data segment and other section as `Name,ShallowSize` rows."""
    writer = csv.writer(sys.stdout)
    writer.writerow(["Name", "ShallowSize"])
    for n, size in enumerate(bodies):
        writer.writerow([demangle(names.get(n + imported, f"code[{n}]")), size])
    for sid, start, size in sections:
        if sid == 11:
            for i, length in enumerate(data_segments(data, start)):
                writer.writerow([f"data[{i}]", length])
        elif sid == 0:
            length, k = leb(data, start)
            name = data[k:k + length].decode("utf-8", "replace")
            if name != "name":  # the names are not shipped
                writer.writerow([f"custom section '{name}'", size])
        elif sid != 10:
            writer.writerow([f'"{SECTIONS.get(sid, sid)}" section', size])


def main():
    as_csv = sys.argv[1] == "--csv"
    if as_csv:
        del sys.argv[1]
    data = open(sys.argv[1], "rb").read()
    sections, i = [], 8
    while i < len(data):
        size, j = leb(data, i + 1)
        sections.append((data[i], j, size))
        i = j + size
    imported, bodies, starts, names = 0, [], [], {}
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
                starts.append(k)
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
    if as_csv:
        print_csv(data, sections, bodies, names, imported)
        return
    groups, code = collections.Counter(), collections.defaultdict(bytearray)
    patterns = [(p, re.compile(p)) for p in sys.argv[2:]]
    for n, (size, start) in enumerate(zip(bodies, starts)):
        group = next((p for p, rx in patterns if rx.search(names.get(n + imported, ""))), "other")
        groups[group] += size
        code[group] += data[start:start + size]
    datas = [(start, size) for sid, start, size in sections if sid == 11]
    print(f"code section: {sum(bodies)} B; data section: {sum(s for _, s in datas)} B "
          f"({sum(len(gzip.compress(data[a:a + s], 9)) for a, s in datas)} B gzipped alone)")
    for group, size in groups.most_common():
        print(f"{size:>9} B {len(gzip.compress(bytes(code[group]), 9)):>9} B gzipped alone  {group}")


if __name__ == "__main__":
    main()
