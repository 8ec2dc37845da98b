#!/usr/bin/env python3
"""The planned migrate fixtures' results judged by Helm v4 itself (helm-python-sdk) and PyYAML.

For every `tests/fixtures/migrate/*/case.json` that expects `planned` and holds the written file
(`expected.yaml`, or the case's `afterFile`): Helm's `-f` reader reads it, PyYAML read as Helm
reads (tests/sweep/helm_yaml.py) reads the same values, and Helm accepts them under the target
chart (its schema, coalesced with the case's defaults). For a real bump (`real-*`), Helm also
refuses the original values.yaml under the target chart: the bump did break them. A case whose
values are a file's documents merged (`expect.mergedDocuments`) is read as Helm's `-f` reads it,
every document merged (`Oracle.load_values`), and that reading must be exactly the proposal. Ends
with `N passed, M failed`.
"""

import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "sweep"))

import helm_yaml  # noqa: E402
import questions as Q  # noqa: E402
from helm_oracle import Oracle  # noqa: E402
from helm_python.chart import values_from_yaml  # noqa: E402


def judge(oracle, path):
    """The problems with one case's result (empty when Helm and PyYAML agree it is right)."""
    case = json.load(open(path, encoding="utf-8"))
    here = os.path.dirname(path)
    written = os.path.join(here, case.get("afterFile", "expected.yaml"))
    if (case.get("expect") or {}).get("status") != "planned" or not os.path.exists(written):
        return None
    schema = Q.read(Q.resolve_path(here, case["target"]))
    defaults = Q.read(Q.resolve_path(here, case["defaults"])) if case.get("defaults") else None
    prefix = case.get("prefix") or (case.get("expect") or {}).get("prefix")
    prefix = tuple(prefix.split(".")) if prefix else None
    text = Q.read(written)
    problems = []
    try:
        helm = values_from_yaml(text)
    except Exception as e:  # noqa: BLE001 - a reader's refusal is the finding
        problems.append(f"unreadable: {str(e).splitlines()[0]}")
    else:
        try:
            pyyaml = helm_yaml.load_all(text)[0]
            if not prefix and not helm_yaml.same(helm, pyyaml):
                problems.append(f"Helm reads {helm}, PyYAML {pyyaml}")
        except Exception as e:  # noqa: BLE001 - a reader's refusal is the finding
            # PyYAML refuses a tab where a token could start (`a:\tb`), which Helm reads
            # (docs/typing.md, `pyyaml-tabs`): Helm's reading alone judges such a file.
            if "found character '\\t' that cannot start any token" not in str(e):
                problems.append(f"PyYAML cannot read it: {str(e).splitlines()[0]}")
    if (case.get("expect") or {}).get("mergedDocuments"):
        problems += merged_reading(oracle, here, case, text)
    verdict = oracle.ask(schema, defaults, text, prefix)
    if verdict.kind != "valid":
        problems.append(f"Helm: {verdict.kind}: {verdict.text[:300]}")
    if os.path.basename(here).startswith("real-"):
        for name in case.get("values") or []:
            before = oracle.ask(schema, defaults, Q.read(os.path.join(here, name)), prefix)
            if before.kind != "invalid":
                problems.append(f"Helm does not refuse {name} under the target: {before.kind}")
    return problems


def merged_reading(oracle, here, case, text):
    """The problems with a written file whose documents Helm's `-f` merges: its merged reading
    must be the proposal, and PyYAML's documents merged the same way must agree."""
    helm = oracle.load_values(text)
    if not isinstance(helm, dict):
        return [f"Helm's -f cannot read it: {helm.text[:300]}"]
    problems = []
    proposal = values_from_yaml(Q.read(os.path.join(here, case["proposal"])))
    if not helm_yaml.same(helm, proposal):
        problems.append(f"Helm's merged reading {helm} is not the proposal {proposal}")
    merged = {}
    for document in helm_yaml.load_all(text):
        merged = merge_maps(merged, document or {})
    if not helm_yaml.same(helm, merged):
        problems.append(f"Helm merges to {helm}, PyYAML's documents merged to {merged}")
    return problems


def merge_maps(a, b):
    """Helm's `MergeMaps`: `b`'s key wins, unless both sides are mappings (merged)."""
    out = dict(a)
    for key, value in b.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge_maps(out[key], value)
        else:
            out[key] = value
    return out


def main():
    oracle = Oracle()
    passed = failed = 0
    try:
        for path in sorted(glob.glob(os.path.join(Q.ROOT, "tests", "fixtures", "migrate", "*", "case.json"))):
            if sys.argv[1:] and not any(word in path for word in sys.argv[1:]):
                continue  # only the cases named on the command line
            problems = judge(oracle, path)
            if problems is None:
                continue
            name = os.path.basename(os.path.dirname(path))
            if problems:
                failed += 1
                print(f"FAIL {name}: " + "; ".join(problems))
            else:
                passed += 1
                print(f"ok   {name}")
    finally:
        oracle.close()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
