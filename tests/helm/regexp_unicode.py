#!/usr/bin/env python3
"""Checks the Unicode tables of our Go regexp (crates/values-migrate-unicode/src/tables.rs) against
Helm v4 itself (helm-python-sdk: Go's own regexp and Unicode tables), code point by code point.

- General categories: the tables partition every code point into Go's 30 two-letter categories;
  for each, the string of all its code points must match `^\\p{Xx}*$` in Go. Go's categories are
  disjoint too, so this proves both sides equal.
- Scripts: the same for each script Go 1.26 finds by name; the code points of no such script
  must match none of them.
- Simple case folding: every class must be one orbit in Go (`(?i)^\\x{first}+$` on all its
  members) and nothing else (`(?i)^[^\\x{first}]*$` on every other folding code point); every
  code point that Python's `unicodedata` gives a one-to-one case mapping and that is in no class
  must fold to itself alone.
- Under `(?i)`, each category (two-letter and major) and script must gain exactly the members of
  the fold classes it touches, except `LC`, which Go leaves unfolded.

Run once after regenerating the tables (about a minute): python3 tests/helm/regexp_unicode.py
Ends with `N passed, M failed`.
"""
import json
import os
import re
import shutil
import sys
import tempfile
import unicodedata

from helm_python.chart import Chart

HERE = os.path.dirname(os.path.abspath(__file__))
TABLES = os.path.join(HERE, "..", "..", "crates", "values-migrate-unicode", "src", "tables.rs")


def table(text, name):
    body = re.search(rf"static {name}: &\[u8\] = b\"(.*?)\";", text, re.S).group(1)
    return bytes(int(h, 16) for h in re.findall(r"\\x([0-9a-f]{2})", body))


def names(text, name):
    body = re.search(rf"const {name}: \[&str; \d+\] = \[(.*?)\];", text, re.S).group(1)
    return re.findall(r'"(\w+)"', body)


def leb(data, at):
    value = shift = 0
    while True:
        b = data[at]
        at += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, at


def runs(data):
    """{value: [code points]} of a run table, surrogates left out (no text holds them)."""
    out, at, start = {}, 0, 0
    while at < len(data):
        v = data[at]
        n, at = leb(data, at + 1)
        out.setdefault(v, []).extend(c for c in range(start, start + n) if not 0xD800 <= c <= 0xDFFF)
        start += n
    return out


def folds(data):
    classes, at, first = [], 0, 0
    while at < len(data):
        gap, at = leb(data, at)
        first += gap
        count, at = leb(data, at)
        stride, at = leb(data, at)
        k, at = leb(data, at)
        offsets = []
        for _ in range(k):
            o, at = leb(data, at)
            offsets.append(o)
        for j in range(count):
            base = first + j * stride
            classes.append([base] + [base + o for o in offsets])
    return classes


class Helm:
    """One chart whose schema holds a property per question; values are passed as JSON."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="regexp-unicode-")

    def ask(self, questions):
        """{name: (pattern, text)} -> the names whose text does not match (or whose pattern Go refuses)."""
        props = {name: {"type": "string", "pattern": p} for name, (p, _) in questions.items()}
        path = tempfile.mkdtemp(dir=self.dir)
        with open(os.path.join(path, "Chart.yaml"), "w") as f:
            f.write("apiVersion: v2\nname: u\nversion: 0.1.0\n")
        with open(os.path.join(path, "values.schema.json"), "w") as f:
            json.dump({"type": "object", "properties": props}, f)
        chart = Chart.load(path)
        try:
            chart.validate_schema({name: t for name, (_, t) in questions.items()})
            return set()
        except Exception as e:  # noqa: BLE001 - HelmValuesError lists the failures
            text = str(e)
            if "is not valid regex" in text:
                return {"refused: " + text[:300]}
            return set(re.findall(r"- at '/(\w+)'", text)) or {text[:300]}
        finally:
            chart.close()


def esc(c):
    return f"\\x{{{c:X}}}"


def main():
    text = open(TABLES, encoding="utf-8").read()
    helm = Helm()
    passed = failed = 0

    def check(label, questions):
        nonlocal passed, failed
        wrong = helm.ask(questions)
        passed += len(questions) - len(wrong)
        failed += len(wrong)
        for w in sorted(wrong):
            print(f"FAIL {label}: {w}")

    categories = names(text, "CATEGORIES")
    by_category = runs(table(text, "CATEGORY_RUNS"))
    check("categories", {f"c{v}": (f"^\\p{{{categories[v]}}}*$", "".join(map(chr, cps)))
                         for v, cps in by_category.items()})
    scripts = names(text, "SCRIPTS")
    by_script = runs(table(text, "SCRIPT_RUNS"))
    questions = {f"s{v}": (f"^\\p{{{scripts[v - 1]}}}*$", "".join(map(chr, cps)))
                 for v, cps in by_script.items() if v}
    none = "".join(f"\\p{{{s}}}" for s in scripts)
    questions["none"] = (f"^[^{none}]*$", "".join(map(chr, by_script[0])))
    check("scripts", questions)
    classes = folds(table(text, "FOLD_CLASSES"))
    folding = sorted(c for k in classes for c in k)
    questions = {}
    for i, k in enumerate(classes):
        others = "".join(chr(c) for c in folding if c not in k)
        questions[f"f{i}"] = (f"(?i)^{esc(k[0])}+$", "".join(map(chr, k)))
        questions[f"g{i}"] = (f"(?i)^[^{esc(k[0])}]*$", others)
    check("fold classes", questions)
    in_class = set(folding)
    alone = {}
    for c in range(0x110000):
        if c in in_class or 0xD800 <= c <= 0xDFFF:
            continue
        ch = chr(c)
        partners = {p for p in (ch.upper(), ch.lower(), ch.title()) if len(p) == 1 and p != ch}
        if c == 0x130:  # its simple lowercase, `i`, hides behind the full one in Python
            partners |= {"i", "I"}
        if partners:
            alone[f"a{c:X}"] = (f"(?i)^[^{esc(c)}]*$", "".join(partners))
    check("no folding", alone)
    # Under `(?i)` a category or script gains the members of every fold class it touches.
    questions = {}
    sets = [(f"c{v}", categories[v], cps) for v, cps in by_category.items()]
    sets += [(f"s{v}", scripts[v - 1], cps) for v, cps in by_script.items() if v]
    for major in "CLMNPSZ":
        sets.append((major, major, [c for v, cps in by_category.items() if categories[v][0] == major for c in cps]))
    for label, name, cps in sets:
        members = set(cps) & in_class
        closure = {c for k in classes if members & set(k) for c in k}
        questions[f"i{label}"] = (f"(?i)^\\p{{{name}}}*$", "".join(map(chr, sorted(closure))))
        questions[f"j{label}"] = (f"(?i)^\\P{{{name}}}*$", "".join(chr(c) for c in folding if c not in closure))
    # Go has no fold table for `LC` (`Cased_Letter`): `(?i)` leaves it as it is.
    lc = {c for v, cps in by_category.items() if categories[v] in ("Lu", "Ll", "Lt") for c in cps}
    questions["iLC"] = ("(?i)^\\p{LC}*$", "".join(chr(c) for c in sorted(lc & in_class)))
    questions["jLC"] = ("(?i)^\\P{LC}*$", "".join(chr(c) for c in folding if c not in lc))
    check("folded classes", questions)
    shutil.rmtree(helm.dir, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
