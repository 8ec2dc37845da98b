#!/usr/bin/env python3
"""The number each YAML reader makes of a plain scalar, asked of the readers themselves.

`src/yaml/number.rs` models three readers: go-yaml as Helm reads it (asked here through
helm-python-sdk's `values_from_yaml`, Helm v4's Go SDK), the YAML 1.2 core schema (npm `yaml`),
and YAML 1.1 (PyYAML). This script reads every text of `tests/fixtures/plain-numbers.json` as
`v: <text>` with each reader and compares the answers with the ones recorded there, which the
Rust test `yaml::number::tests::the_readers_recorded_answers_are_ours` holds our readers to.

  python3 tests/sweep/plain_numbers.py           checks the recorded answers (N passed, M failed)
  python3 tests/sweep/plain_numbers.py --write   records them again

An answer is `null` (the reader keeps the text a string), `"error"` (the reader refuses it), or
the number as Python prints it (`493`, `1000.0`, `inf`, `nan`). Helm answers with JSON, so its
numbers are float64 and a non-finite one is its refusal `unsupported value: +Inf`, read back here
as `inf`.
"""

import argparse
import json
import math
import os
import subprocess
import sys

import yaml
from helm_python.chart import values_from_yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIXTURE = os.path.join(ROOT, "tests", "fixtures", "plain-numbers.json")
NON_FINITE = {"+Inf": "inf", "-Inf": "-inf", "NaN": "nan"}


def number(value):
    """A reading as recorded: None for text, else the number as Python prints it."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return str(value) if isinstance(value, int) else repr(value)


def pyyaml(text):
    """YAML 1.1, as PyYAML's safe loader resolves and builds it."""
    try:
        return number(yaml.safe_load(f"v: {text}\n")["v"])
    except Exception:  # noqa: BLE001 - PyYAML's refusal is the answer
        return "error"


def helm(text):
    """go-yaml, as Helm reads a values file (sigs.k8s.io/yaml, then JSON)."""
    try:
        return number(values_from_yaml(f"v: {text}\n")["v"])
    except Exception as e:  # noqa: BLE001
        for go, ours in NON_FINITE.items():
            if f"unsupported value: {go}" in str(e):
                return ours
        return "error"


def npm_yaml(texts):
    """The YAML 1.2 core schema, as npm `yaml` reads it (tests/sweep/yaml12.mjs), for every text."""
    lines = "".join(json.dumps({"id": i, "text": f"v: {t}\n"}) + "\n" for i, t in enumerate(texts))
    out = subprocess.run(
        ["node", os.path.join(HERE, "yaml12.mjs")], input=lines, cwd=ROOT,
        capture_output=True, text=True, check=True,
    ).stdout
    answers = {}
    for line in out.splitlines():
        result = json.loads(line)
        if "error" in result:
            answers[result["id"]] = "error"
            continue
        value = result["docs"][0]["v"]
        if isinstance(value, str) and value.startswith("<non-finite "):
            value = float(value[len("<non-finite "):-1].replace("Infinity", "inf"))
        answers[result["id"]] = number(value)
    return [answers[i] for i in range(len(texts))]


def readings(texts):
    """`{text: {"go-yaml", "yaml-1.2", "yaml-1.1"}}` from the readers."""
    core = npm_yaml(texts)
    return {
        t: {"go-yaml": helm(t), "yaml-1.2": c, "yaml-1.1": pyyaml(t)}
        for t, c in zip(texts, core)
    }


def same(a, b):
    """Whether two recorded answers agree (NaN equals NaN)."""
    if a == b:
        return True
    if a in (None, "error") or b in (None, "error"):
        return False
    x, y = float(a), float(b)
    return x == y or (math.isnan(x) and math.isnan(y))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="record the readers' answers")
    args = parser.parse_args()
    with open(FIXTURE, encoding="utf-8") as f:
        recorded = json.load(f)
    got = readings(list(recorded["readings"]))
    if args.write:
        recorded["readings"] = got
        with open(FIXTURE, "w", encoding="utf-8") as f:
            json.dump(recorded, f, indent=1, ensure_ascii=False)
            f.write("\n")
        print(f"recorded {len(got)} texts")
        return 0
    passed = failed = 0
    for text, want in recorded["readings"].items():
        for reader, answer in got[text].items():
            if same(answer, want[reader]):
                passed += 1
            else:
                failed += 1
                print(f"{text!r} by {reader}: the reader says {answer}, recorded {want[reader]}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
