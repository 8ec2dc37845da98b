#!/usr/bin/env python3
"""Generates crates/values-migrate-unicode/src/tables.rs: the Unicode data Go's regexp needs, compact.

Go 1.26 (which builds Helm 4.2.3) carries Unicode 15.0.0; so does ICU 72, whose `icuexportdata`
(Debian's icu-devtools) exports the general category and the script of every code point as text.
Simple case folding comes from the regex-syntax crate's table (Unicode 16.0, in ~/.cargo/registry),
kept to the code points that Unicode 15.0 assigns and without the three simple foldings Unicode
15.1 added between assigned code points (`LATER`), as equivalence classes: what Go's `SimpleFold`
walks. tests/helm/regexp_unicode.py checks every table against Helm (Go) itself.

Usage: scripts/unicode-tables.py > crates/values-migrate-unicode/src/tables.rs
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

# Go's two-letter general categories, in the order the table numbers them.
CATEGORIES = ["Cc", "Cf", "Cn", "Co", "Cs", "Ll", "Lm", "Lo", "Lt", "Lu", "Mc", "Me", "Mn", "Nd", "Nl",
              "No", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "Sc", "Sk", "Sm", "So", "Zl", "Zp", "Zs"]


# Simple case foldings added by Unicode 15.1 (CaseFolding.txt) between code points 15.0 assigned.
LATER = {(0x1FD3, 0x390), (0x1FE3, 0x3B0), (0xFB05, 0xFB06)}


def export(prop):
    """ICU's ranges of one enumerated property: [(first, last, short value name)]."""
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(["icuexportdata", "-m", "uprops", "-d", out, "-q", prop], check=True)
        text = open(os.path.join(out, f"{prop}.toml"), encoding="utf-8").read()
    assert 'unicode_version = "15.0"' in text, "icuexportdata is not Unicode 15.0"
    return [(int(a, 16), int(b, 16), name)
            for a, b, name in re.findall(r'\{a=0x([0-9a-f]+), b=0x([0-9a-f]+), v=\d+, name="(\w+)"\}', text)]


def regex_syntax(name):
    """The text of one of regex-syntax 0.8's Unicode tables."""
    paths = sorted(glob.glob(os.path.expanduser(f"~/.cargo/registry/src/*/regex-syntax-0.8.*/src/unicode_tables/{name}")))
    return open(paths[-1], encoding="utf-8").read()


def script_names():
    """ICU's short script codes (`latn`) to the long names Go uses (`Latin`)."""
    text = regex_syntax("property_values.rs")
    block = text[text.index('"Script",'):]
    block = block[:block.index("],")]
    pairs = re.findall(r'\("(\w+)", "(\w+)"\)', block)
    return {alias: name for alias, name in pairs}


def canonical(name):
    """Go 1.26's `canonicalName`: first letter upper, the rest lower, no `_`, `-` or space."""
    out = [c for c in name if c not in "_- "]
    return "".join(out[:1]).upper() + "".join(out[1:]).lower()


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def runs(ranges, index):
    """A partition of 0..=0x10FFFF as (value, length) runs, each a byte then a LEB128 length."""
    merged = []
    for a, b, name in ranges:
        v = index(name)
        if merged and merged[-1][0] == v and merged[-1][2] + 1 == a:
            merged[-1][2] = b
        else:
            merged.append([v, a, b])
    assert merged[0][1] == 0 and merged[-1][2] == 0x10FFFF
    assert all(x[2] + 1 == y[1] for x, y in zip(merged, merged[1:]))
    return b"".join(bytes([v]) + varint(b - a + 1) for v, a, b in merged), len(merged)


def fold_classes(assigned):
    """Simple case folding's equivalence classes of more than one code point, as sorted lists."""
    text = regex_syntax("case_folding_simple.rs")
    parent = {}

    def find(c):
        while parent.setdefault(c, c) != c:
            c = parent[c]
        return c
    for key, others in re.findall(r"\('((?:[^'\\]|\\.)+)', &\[([^\]]*)\]\)", text):
        a = decode(key)
        for o in re.findall(r"'((?:[^'\\]|\\.)+)'", others):
            b = decode(o)
            if assigned(a) and assigned(b) and (a, b) not in LATER and (b, a) not in LATER:
                parent[find(a)] = find(b)
    classes = {}
    for c in list(parent):
        classes.setdefault(find(c), []).append(c)
    return sorted(sorted(v) for v in classes.values() if len(v) > 1)


def decode(literal):
    if literal.startswith("\\u{"):
        return int(literal[3:-1], 16)
    if literal.startswith("\\"):
        return ord({"\\": "\\", "'": "'", "n": "\n", "t": "\t", "r": "\r", "0": "\0"}[literal[1]])
    assert len(literal) == 1, literal
    return ord(literal)


def fold_table(classes):
    """Classes as runs: each entry is (gap from the previous entry's first, count, stride, then
    the other members' offsets from the first): `count` classes whose first members are `stride`
    apart and whose shapes are the same."""
    shapes = [(c[0], tuple(x - c[0] for x in c[1:])) for c in classes]
    out = bytearray()
    prev = 0
    i = 0
    entries = 0
    while i < len(shapes):
        first, shape = shapes[i]
        n = 1
        stride = 0
        if i + 1 < len(shapes) and shapes[i + 1][1] == shape:
            stride = shapes[i + 1][0] - first
            # the run may not overlap itself: members must stay below the next run's first
            while (i + n < len(shapes) and shapes[i + n][1] == shape
                   and shapes[i + n][0] - shapes[i + n - 1][0] == stride and stride > max(shape)):
                n += 1
        if n == 1:
            stride = 0
        out += varint(first - prev) + varint(n) + varint(stride) + varint(len(shape))
        for d in shape:
            out += varint(d)
        prev = first
        i += n
        entries += 1
    return bytes(out), entries


def rust_bytes(name, data, doc):
    body = "".join(f"\\x{b:02x}" for b in data)
    lines = [body[i:i + 96] for i in range(0, len(body), 96)]
    return f"/// {doc}\npub static {name}: &[u8] = b\"\\\n" + "\\\n".join(lines) + "\";\n"


def main():
    gc = export("gc")
    sc = export("sc")
    names = script_names()
    assigned_set = []
    for a, b, name in gc:
        if name != "Cn":
            assigned_set.append((a, b))

    def assigned(c):
        lo, hi = 0, len(assigned_set)
        while lo < hi:
            m = (lo + hi) // 2
            if assigned_set[m][1] < c:
                lo = m + 1
            elif assigned_set[m][0] > c:
                hi = m
            else:
                return True
        return False

    gc_runs, gc_count = runs(gc, CATEGORIES.index)
    # Only scripts that Go 1.26's lookup can reach: a name equal to its canonical form (`Greek`,
    # not `Old_Italic` or `SignWriting`, which Go refuses); every other code point is value 0.
    long_names = sorted({names[s.lower()] for _, _, s in sc if s != "Zzzz"})
    reachable = [n for n in long_names if canonical(n) == n]
    sc_runs, sc_count = runs(sc, lambda s: 0 if s == "Zzzz" or names[s.lower()] not in reachable
                             else 1 + reachable.index(names[s.lower()]))
    classes = fold_classes(assigned)
    folds, fold_entries = fold_table(classes)
    print("// Generated by scripts/unicode-tables.py from Unicode 15.0.0 (ICU 72's icuexportdata; simple")
    print("// case folding from regex-syntax's table, kept to what 15.0 assigns). Do not edit.")
    print("// Unicode data: Copyright © Unicode, Inc., under the Unicode License (LICENSE).")
    print()
    print(f"/// Go's general categories, numbered as the runs of `CATEGORY_RUNS` name them.")
    print(f"pub const CATEGORIES: [&str; {len(CATEGORIES)}] = [{', '.join(repr(c).replace(chr(39), chr(34)) for c in CATEGORIES)}];")
    print()
    print(f"/// The scripts Go 1.26 finds by name, numbered from 1 as the runs of `SCRIPT_RUNS` name them.")
    print(f"pub const SCRIPTS: [&str; {len(reachable)}] = [")
    for n in reachable:
        print(f'    "{n}",')
    print("];")
    print()
    print(rust_bytes("CATEGORY_RUNS", gc_runs,
                     f"Every code point's category: {gc_count} runs of (index into `CATEGORIES`, LEB128 length)."))
    print(rust_bytes("SCRIPT_RUNS", sc_runs,
                     f"Every code point's script: {sc_count} runs of (1 + index into `SCRIPTS`, or 0 for none; LEB128 length)."))
    print(rust_bytes("FOLD_CLASSES", folds,
                     f"Simple case folding's {len(classes)} classes in {fold_entries} entries of LEB128 numbers: the first member's gap from the previous entry's, a count of classes `stride` apart, the stride, how many other members and their offsets from the first."))
    print(f"{len(CATEGORIES)} categories, {gc_count} runs ({len(gc_runs)} B); {len(reachable)} of {len(long_names)} scripts, "
          f"{sc_count} runs ({len(sc_runs)} B); {len(classes)} fold classes, {fold_entries} entries ({len(folds)} B)", file=sys.stderr)


if __name__ == "__main__":
    main()
