#!/usr/bin/env python3
"""Split twins of the planned migrate fixtures, judged by Helm: a values file of several documents.

For every `tests/fixtures/migrate/*/case.json` that expects `planned` with its values at the root
of one plain values file (one document, no `--prefix`, no BOM or CRLF) and holds the file it
writes (`expected.yaml`): the values file is cut in two documents at a top-level key near its
middle (`---` between them), and, for a second twin, the first document's last top-level key is
written again at the end of the second document with the same text (an override that changes
nothing), and for a third, in three documents. `values-migrate migrate` runs on each twin with the case's proposal; it must plan, and
Helm's `-f` reader (every document merged, `Oracle.load_values`) must read the written twin as
the same values it reads from the case's `expected.yaml`. Ends with `N passed, M failed`.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "sweep"))

import helm_yaml  # noqa: E402
import questions as Q  # noqa: E402
from helm_oracle import Oracle  # noqa: E402


# The twins values-migrate refuses, each with why (a refusal is never a wrong edit; a listed twin
# that is planned fails, so that the list stays true).
REFUSED = {
    ("moved-into-new-list-item", "split"):
        "the new list item takes `zone` from the first document and `ttl` from the second: Helm's "
        "merge replaces a list whole, so the item cannot be built in both",
    ("moved-into-new-list-item", "three"): "the same, `zone` and `ttl` in two documents of three",
    ("map-keyed-by-name-becomes-named-list-under-new-parent", "split"):
        "the same: `global.nodePools`' items take values from both documents",
    ("map-keyed-by-name-with-an-empty-entry-becomes-named-list", "override"):
        "both documents write the whole `nodePools` map; the names are set in the last one only, so "
        "the first document's list would lose keys from its items, which the splicer refuses "
        "(non-scalar-move); its list would be replaced by the second's anyway",
}


def top_level_keys(lines):
    """The indexes of the lines that start a top-level key (column 0, not a comment or a list)."""
    return [i for i, line in enumerate(lines)
            if line[:1] not in ("", " ", "\t", "#", "-", "\n") and not line.startswith("---")
            and not line.startswith("...") and ":" in line]


def twins(text):
    """The split twin and the override twin of `text`, by name (none when it has no two keys)."""
    lines = text.splitlines(keepends=True)
    keys = top_level_keys(lines)
    if len(keys) < 2 or not text.endswith("\n"):
        return {}
    cut = keys[len(keys) // 2]
    # The comment lines right above the key go with it.
    while cut > 0 and lines[cut - 1].startswith("#"):
        cut -= 1
    first, second = "".join(lines[:cut]), "".join(lines[cut:])
    out = {"split": first + "---\n" + second}
    last = max(k for k in keys if k < cut)
    end = next((k for k in keys if k > last), len(lines))
    block = "".join(lines[last:end]).rstrip("\n") + "\n"
    out["override"] = first + "---\n" + second + block
    if len(keys) >= 3:
        # Three documents, the middle one opened by a `---` with a comment after it.
        cuts = [keys[len(keys) // 3], keys[2 * len(keys) // 3]]
        if cuts[0] != cuts[1]:
            parts = ["".join(lines[:cuts[0]]), "".join(lines[cuts[0]:cuts[1]]), "".join(lines[cuts[1]:])]
            out["three"] = parts[0] + "--- # the middle\n" + parts[1] + "---\n" + parts[2]
    return out


def runnable(case, here):
    """Whether the case is a planned migration of one plain values file at its root."""
    expect = case.get("expect") or {}
    values = case.get("values") or []
    if expect.get("status") != "planned" or len(values) != 1 or case.get("baseDefaults"):
        return False
    if case.get("prefix") or expect.get("prefix") not in (None, "") or case.get("typing"):
        return False
    if not os.path.exists(os.path.join(here, case.get("afterFile", "expected.yaml"))):
        return False
    text = Q.read(os.path.join(here, values[0]))
    return "\r" not in text and not text.startswith("\ufeff") and "\n---" not in text \
        and not text.startswith("---") and "\t" not in text


def migrate(binary, case, here, twin_path):
    """The CLI's JSON report for `twin_path` with the case's proposal."""
    command = [binary, "migrate", "--format", "json", "--values", twin_path,
               "--base", os.path.join(here, case["base"]), "--target", os.path.join(here, case["target"]),
               "--proposal", os.path.join(here, case["proposal"])]
    if case.get("defaults"):
        command += ["--defaults", os.path.join(here, case["defaults"])]
    for path, value in (case.get("answers") or {}).items():
        command += ["--answer", f"{path}={value}"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    return json.loads(run.stdout)


def judge(oracle, binary, path, scratch):
    """The problems of each twin of one case, by twin name; `None` when the case has none."""
    case = json.load(open(path, encoding="utf-8"))
    here = os.path.dirname(path)
    if not runnable(case, here):
        return None
    want = oracle.load_values(Q.read(os.path.join(here, case.get("afterFile", "expected.yaml"))))
    results = {}
    for name, text in twins(Q.read(os.path.join(here, case["values"][0]))).items():
        twin_path = os.path.join(scratch, "values.yaml")
        with open(twin_path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        report = migrate(binary, case, here, twin_path)
        listed = REFUSED.get((os.path.basename(here), name))
        if listed:
            refused = report["status"] == "refused"
            results[name] = [] if refused else [f"listed as refused ({listed}), but {report['status']}"]
            continue
        if report["status"] != "planned":
            refusals = "; ".join(f"{r['kind']} at {r.get('path')}: {r['message'][:160]}"
                                 for r in report["refusals"] + report.get("errors", []))
            results[name] = [f"{report['status']}: {refusals}"]
            continue
        problems = []
        if report.get("mergedDocuments") != text.count("\n---") + 1:
            problems.append(f"not read merged: mergedDocuments {report.get('mergedDocuments')}")
        got = oracle.load_values(report["files"][0]["after"])
        if not (isinstance(got, dict) and isinstance(want, dict) and helm_yaml.same(got, want)):
            problems.append(f"Helm reads {got}, the one-document result {want}")
        results[name] = problems
    return results or None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(Q.ROOT, "target", "debug", "values-migrate"))
    parser.add_argument("words", nargs="*", help="only the cases whose path holds one of these")
    args = parser.parse_args()
    oracle = Oracle()
    passed = failed = 0
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for path in sorted(glob.glob(os.path.join(Q.ROOT, "tests", "fixtures", "migrate", "*", "case.json"))):
                if args.words and not any(word in path for word in args.words):
                    continue
                results = judge(oracle, args.bin, path, scratch)
                for name, problems in (results or {}).items():
                    case = f"{os.path.basename(os.path.dirname(path))} ({name})"
                    if problems:
                        failed += 1
                        print(f"FAIL {case}: " + "; ".join(problems))
                    else:
                        passed += 1
                        print(f"ok   {case}")
    finally:
        oracle.close()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
