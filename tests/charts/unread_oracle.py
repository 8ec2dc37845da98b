#!/usr/bin/env python3
"""Helm as the oracle for "ignored by the target chart" (docs/templates.md).

For every real bump under tests/charts/real/<bump>/ (base/, target/, values.yaml):
  1. `values-migrate diagnose` names the values the target chart reads nowhere (`by: templates`);
  2. for each, Helm's own render of the target chart (helm-python-sdk, Helm v4.2.3's Go SDK) with
     the user's values and with that value removed must be the same manifests: a difference is a
     false "ignored" and fails the run;
  3. the same with the base chart's own values.yaml as the user's file (every value it sets);
  4. the file `migrate` writes reads as the proposal (PyYAML) and renders as it (Helm);
  5. recall: of the user's values whose removal leaves the target render unchanged while it changes
     the base render (read before, ignored now), how many the tool names.
Renders that change by themselves (`now`, `randAlphaNum`, generated certificates) are rendered twice,
more than a second apart, and the lines that differed are left out of every comparison.
Ends with `N passed, M failed`.
"""
import copy
import difflib
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import yaml
from helm_python.chart import Chart

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT / "tests" / "charts" / "real"
CLI = ROOT / "target" / "debug" / "values-migrate"


def render(chart, values):
    """Helm's render, the chart loaded afresh (a render may drop a subchart from the object)."""
    with Chart.load(str(chart)) as c:
        out = c.render(values)
    return {k: v.splitlines() for k, v in out.items()}


def segments(path):
    """Our path syntax (`a.b["c.d"][0]`) as keys and indexes."""
    out, i = [], 0
    while i < len(path):
        if path[i] == ".":
            i += 1
        elif path[i] == "[":
            if path[i + 1] == '"':
                m = re.match(r'\["((?:[^"\\]|\\.)*)"\]', path[i:])
                out.append(json.loads('"' + m.group(1) + '"'))
            else:
                m = re.match(r"\[(\d+)\]", path[i:])
                out.append(int(m.group(1)))
            i += len(m.group(0))
        else:
            m = re.match(r"[^.\[]+", path[i:])
            out.append(m.group(0))
            i += len(m.group(0))
    return out


def without(values, path):
    """A copy of `values` with the value at `path` removed."""
    out = copy.deepcopy(values)
    node = out
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return out


class Renders:
    """A chart's renders, compared against its baseline with the lines that move by themselves left out."""

    def __init__(self, chart, values):
        self.chart = chart
        self.first = render(chart, values)
        time.sleep(1.1)
        second = render(chart, values)
        self.volatile = {}
        for name, lines in self.first.items():
            other = second.get(name, [])
            moving = set()
            for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, lines, other, autojunk=False).get_opcodes():
                if tag != "equal":
                    moving.update(range(max(i1 - 1, 0), max(i2, i1 + 1)))
            self.volatile[name] = moving

    def differs(self, values):
        """The first file and lines where a render with `values` differs, or None."""
        try:
            got = render(self.chart, values)
        except Exception as error:  # a render that fails differs
            return f"render failed: {error}"
        for name in sorted(set(self.first) | set(got)):
            a, b = self.first.get(name), got.get(name)
            if a is None or b is None:
                return f"{name}: {'added' if a is None else 'removed'}"
            moving = self.volatile.get(name, set())
            for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
                if tag == "equal":
                    continue
                span = set(range(i1, max(i2, i1 + 1)))
                if not span <= moving:
                    return f"{name}:{i1 + 1}: {a[i1:i2][:3]} -> {b[j1:j2][:3]}"
        return None


def leaves(values, prefix=()):
    """Every path of a mapping, outermost first (lists and scalars are leaves)."""
    for key, value in values.items():
        path = prefix + (key,)
        yield path
        if isinstance(value, dict) and value:
            yield from leaves(value, path)


def diagnose(bump, values_file="values.yaml"):
    args = [str(CLI), "diagnose", "--values", str(bump / values_file), "--base", str(bump / "base"),
            "--target", str(bump / "target"), "--format", "json"]
    run = subprocess.run(args, capture_output=True, text=True)
    return json.loads(run.stdout)


def ignored(report):
    """The paths a diagnosis calls ignored by the target chart."""
    return [segments(d["path"]) for d in report["displaced"] if d.get("by") == "templates"]


def false_claims(target, values, claimed, label):
    """How many claimed paths change the target's render when removed (each printed)."""
    false = 0
    for path in claimed:
        why = target.differs(without(values, path))
        if why is not None:
            false += 1
            print(f"  FALSE ignored{label} {path}: {why}")
    return false


def check(bump):
    """(claims checked, false claims, named, truly ignored) for one bump."""
    values = yaml.safe_load((bump / "values.yaml").read_text()) or {}
    report = diagnose(bump)
    claimed = ignored(report)
    target = Renders(bump / "target", values)
    false = false_claims(target, values, claimed, "")
    base = Renders(bump / "base", values)
    truly, named = 0, 0
    for path in leaves(values):
        if any(list(path[: len(p)]) == p for p in claimed if len(p) < len(path)):
            continue  # inside a value already named
        reduced = without(values, list(path))
        if target.differs(reduced) is None and base.differs(reduced) is not None:
            if any(list(path)[: len(p)] == p for p in claimed) or any(p[: len(path)] == list(path) for p in claimed):
                named += 1
            else:
                print(f"  not named: {'.'.join(map(str, path))}")
            truly += 1
    return len(claimed), false, named, truly


def check_written(bump):
    """The planned file, as `migrate` writes it, read by PyYAML as the proposal reads and rendered
    by Helm under the target chart as the proposal renders: None, or what differs."""
    args = [str(CLI), "migrate", "--values", str(bump / "values.yaml"), "--base", str(bump / "base"),
            "--target", str(bump / "target"), "--proposal", str(bump / "proposal.yaml"), "--format", "json"]
    report = json.loads(subprocess.run(args, capture_output=True, text=True).stdout)
    if report["status"] != "planned":
        return f"status {report['status']}: {report['refusals'][:1]}"
    written = yaml.safe_load(report["files"][0]["after"])
    proposal = yaml.safe_load((bump / "proposal.yaml").read_text())
    if written != proposal:
        return "the written file does not read as the proposal"
    why = Renders(bump / "target", proposal).differs(written)
    return None if why is None else f"the written file renders otherwise: {why}"


def check_defaults(bump):
    """(claims, false claims) with the base chart's own values.yaml as the user's file: every
    value the base chart sets, a file the tool was not tuned on."""
    values = yaml.safe_load((bump / "base" / "values.yaml").read_text()) or {}
    claimed = ignored(diagnose(bump, "base/values.yaml"))
    target = Renders(bump / "target", values)
    return len(claimed), false_claims(target, values, claimed, " (base defaults as values)")


def main():
    if not CLI.exists():
        subprocess.run(["cargo", "build", "--quiet"], cwd=ROOT, check=True)
    passed = failed = 0
    all_named = all_truly = 0
    for bump in sorted(p for p in REAL.iterdir() if (p / "values.yaml").exists()):
        claims, false, named, truly = check(bump)
        all_named += named
        all_truly += truly
        recall = f"{named}/{truly}" if truly else "-"
        print(f"{bump.name}: {claims} ignored claimed, {false} false; recall {recall}")
        d_claims, d_false = check_defaults(bump)
        print(f"{bump.name} (its base values.yaml as the file): {d_claims} ignored claimed, {d_false} false")
        false += d_false
        written = check_written(bump)
        print(f"{bump.name}: the migrated file {'renders as the proposal' if written is None else written}")
        if claims == 0 or false or written is not None:
            failed += 1
        else:
            passed += 1
    print(f"recall over every bump: {all_named}/{all_truly}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
