#!/usr/bin/env python3
"""Records Helm 4.2.3's answers (helm-python-sdk 0.2.2: Go 1.26's regexp) for random patterns
made of Go's tokens, each on two random texts: `mustRegexReplaceAll` with a template naming the
whole match and groups 1 to 3 (so every match's submatches show), and `mustRegexFindAll` (where
the empty matches fall), or Go's compile error. Writes tests/data/helm-random.json, which
tests/helm_random.rs checks this crate against. Run: python3 crates/values-migrate-regexp/tests/helm_random.py
"""
import json
import os
import random
import shutil
import tempfile

from helm_python.chart import Chart

HERE = os.path.dirname(os.path.abspath(__file__))

TOKENS = [
    "a", "b", "c", "A", "K", "k", "s", "é", "σ", "Σ", "1", "-", " ", "\\.", ".", "[a-c]", "[^a]",
    "[[:alpha:]]", "\\d", "\\w", "\\s", "\\W", "\\pL", "\\p{Greek}", "^", "$", "\\b", "\\B",
    "\\A", "\\z", "(", "(", "(", "(?:", "(?i)", "(?i:", "(?m)", "(?s)", "(?U)", "(?P<n>", ")",
    ")", ")", "|", "|", "*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}", "*?", "+?", "??",
    "{0}", "\\x41", "\\n", "{", "}",
]
ALPHABET = ["a", "a", "b", "c", "A", "K", "k", "\u212a", "s", "é", "σ", "Σ", "ς", "1", "-",
            " ", ".", "\n", "_", "😀"]
TEMPLATE = "<$0|$1|$2|$3>"
COUNT = 1500


def literal(s):
    return json.dumps(s, ensure_ascii=False)


def render(pattern, texts):
    root = tempfile.mkdtemp(prefix="regex-random-")
    try:
        chart = os.path.join(root, "c")
        os.makedirs(os.path.join(chart, "templates"))
        with open(os.path.join(chart, "Chart.yaml"), "w") as f:
            f.write("apiVersion: v2\nname: c\nversion: 0.1.0\n")
        p = literal(pattern)
        calls = [f"(mustRegexReplaceAll {p} {literal(t)} {literal(TEMPLATE)})" for t in texts]
        calls += [f"(mustRegexFindAll {p} {literal(t)} -1)" for t in texts]
        with open(os.path.join(chart, "templates", "x.yaml"), "w") as f:
            f.write("{{ list " + " ".join(calls) + " | toJson }}")
        with Chart.load(chart) as c:
            try:
                out = c.render({})
            except Exception as e:
                text = str(e)
                marker = "error calling mustRegexReplaceAll: "
                if marker not in text:
                    raise
                return {"error": text.split(marker, 1)[1]}
        replaced_and_found = json.loads(out["c/templates/x.yaml"])
        n = len(texts)
        return {"replaced": replaced_and_found[:n], "found": replaced_and_found[n:]}
    finally:
        shutil.rmtree(root)


def main():
    rng = random.Random(20261207)
    cases = []
    for _ in range(COUNT):
        pattern = "".join(rng.choice(TOKENS) for _ in range(1 + rng.randrange(8)))
        texts = ["".join(rng.choice(ALPHABET) for _ in range(rng.randrange(8))) for _ in range(2)]
        cases.append({"pattern": pattern, "texts": texts, "helm": render(pattern, texts)})
    path = os.path.join(HERE, "data", "helm-random.json")
    with open(path, "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in cases) + "\n]\n")
    ok = sum(1 for c in cases if "error" not in c["helm"])
    print(f"{len(cases)} patterns recorded ({ok} compiled) in {path}")


if __name__ == "__main__":
    main()
