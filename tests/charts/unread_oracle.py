#!/usr/bin/env python3
"""Helm as the oracle for "ignored by the target chart" (docs/templates.md).

For every real bump under tests/charts/real/<bump>/ (base/, target/, values.yaml, proposal.yaml,
moves.json):
  1. the premise: Helm renders the base chart with values.yaml and the target chart with
     proposal.yaml, and the target chart rendered with the OLD values.yaml equals its render with
     every documented move's source and every documented removal (moves.json) taken out: the
     settings the notes move are silently lost (printed per path, with whether the base read it);
  2. `values-migrate diagnose` names the values the target chart reads nowhere (`by: templates`;
     `by: chart`, refused by a `fail` guard, is judged by Helm's failing with the chart's message;
     an entry without `by` is a schema verdict); for each, Helm's render of the target chart with
     the user's values and with that value removed must be the same manifests: a difference is a
     false "ignored" and fails the run;
  3. the same with the base chart's own values.yaml as the user's file (every value it sets);
  4. the file `migrate` writes reads as the proposal (PyYAML) and renders as it (Helm);
  5. recall: walking the user's values outermost first (a mapping whose removal as a whole leaves
     the target render unchanged is one value; else its keys are looked at), the values whose
     removal leaves the target render unchanged while it changes the base render (read before,
     ignored now): how many the tool names (as that path, an ancestor, or in part).
Renders are Helm's (helm-python-sdk, Helm v4.2.3's Go SDK), the chart loaded afresh for each one
(a render may drop a subchart from the object), cached by chart and values within a run. Renders
that change by themselves (`now`, `randAlphaNum`, generated certificates) are rendered twice, more
than a second apart, and the lines that differed are left out of every comparison. NOTES.txt is
left out (printed, never applied).

Usage: python3 tests/charts/unread_oracle.py [BUMP ...]   (default: every bump; names or paths)
Ends with `N passed, M failed` (a check is a claim judged, a bump's premise, a written file);
exits 1 on any failure.
"""
import copy
import difflib
import hashlib
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import yaml
from helm_python.chart import Chart

sys.path.insert(0, str(Path(__file__).resolve().parent))
from values_paths import at, has, segments, show  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT / "tests" / "charts" / "real"
CLI = ROOT / "target" / "debug" / "values-migrate"
VOLATILE_GAP = 1.1  # seconds between the two renders that find the lines moving by themselves

_cache = {}


def key(chart, values):
    return str(chart), hashlib.sha256(json.dumps(values, sort_keys=True, default=repr).encode()).hexdigest()


def render(chart, values):
    """Helm's render as {file: [lines]}, or the exception text of a failed render (cached)."""
    key_ = key(chart, values)
    if key_ not in _cache:
        try:
            with Chart.load(str(chart)) as c:
                out = c.render(values)
            # NOTES.txt is printed to a person, never applied: a value only it reads is lost.
            _cache[key_] = {k: v.splitlines() for k, v in out.items() if not k.endswith("/NOTES.txt")}
        except Exception as error:  # a render that fails is an outcome too
            _cache[key_] = f"render failed: {str(error).strip()[:300]}"
    return _cache[key_]


def without(values, *paths):
    """A copy of `values` with the value at each path removed (a list item leaves the list)."""
    out = copy.deepcopy(values)
    for path in sorted(paths, key=lambda p: [(0, k, "") if isinstance(k, int) else (1, 0, k) for k in p], reverse=True):
        if has(out, path):
            del at(out, path[:-1])[path[-1]]
    return out


class Baseline:
    """A chart's render with one set of values, and the lines of it that move by themselves."""

    def __init__(self, chart, values):
        self.chart, self.values = chart, values
        self.first = render(chart, values)
        self.when = time.monotonic()
        self._volatile = None

    def ok(self):
        return isinstance(self.first, dict)

    def volatile(self):
        if self._volatile is None:
            self._volatile = {}
            if self.ok():
                time.sleep(max(0.0, self.when + VOLATILE_GAP - time.monotonic()))
                _cache.pop(key(self.chart, self.values), None)
                second = render(self.chart, self.values)
                second = second if isinstance(second, dict) else {}
                for name, lines in self.first.items():
                    moving = set()
                    ops = difflib.SequenceMatcher(None, lines, second.get(name, []), autojunk=False).get_opcodes()
                    for tag, i1, i2, _, _ in ops:
                        if tag != "equal":
                            moving.update(range(max(i1 - 1, 0), max(i2, i1 + 1)))
                    self._volatile[name] = moving
        return self._volatile

    def differs(self, values):
        """None when a render with `values` is the same, else where it first differs."""
        got = render(self.chart, values)
        if not self.ok() or not isinstance(got, dict):
            return None if got == self.first else f"{self.first if not self.ok() else got}"
        volatile = self.volatile()
        for name in sorted(set(self.first) | set(got)):
            a, b = self.first.get(name), got.get(name)
            if a is None or b is None:
                return f"{name}: {'added' if a is None else 'removed'}"
            moving = volatile.get(name, set())
            for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
                if tag != "equal" and not set(range(i1, max(i2, i1 + 1))) <= moving:
                    return f"{name}:{i1 + 1}: {a[i1:i2][:3]} -> {b[j1:j2][:3]}"
        return None


def cli(*args):
    """The CLI's JSON report, or an error string."""
    run = subprocess.run([str(CLI), *map(str, args), "--format", "json"], capture_output=True, text=True)
    try:
        return json.loads(run.stdout)
    except json.JSONDecodeError:
        return f"exit {run.returncode}: {(run.stderr or run.stdout).strip()[:300]}"


def claims(report):
    """The value paths (from the values root) a diagnosis calls ignored by the target chart."""
    prefix = segments(report.get("prefix") or "")
    return [prefix + segments(d["path"]) for d in report.get("displaced", []) if d.get("by", "schema") == "templates"]


def refusals(report):
    """(path, message) of each value a diagnosis says the target chart refuses (`by: chart`)."""
    prefix = segments(report.get("prefix") or "")
    out = []
    for d in report.get("displaced", []):
        if d.get("by") == "chart":
            # "refused by the chart: <file>:<line>: <message>"
            said = d["reason"].split(": ", 2)
            out.append((prefix + segments(d["path"]), said[2] if len(said) > 2 else ""))
    return out


def judge_refusals(tally, chart, values, refused, label):
    """Each value called refused by the target chart: Helm's render with it fails with the chart's
    message, and without it (every other refused value out too) it renders."""
    for path, message in refused:
        others = without(values, *[p for p, _ in refused])
        failed = render(chart, values)
        kept = render(chart, others)
        ok = isinstance(failed, str) and message in failed and isinstance(kept, dict)
        tally.check(ok, f"false refused{label} {show(path)}: with it {str(failed)[:200]!r}; without {'renders' if isinstance(kept, dict) else kept}")
        if ok:
            print(f"  refused by the target{label} {show(path)}: Helm fails with \"{message[:80]}\" (and renders without it)")


class Tally:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, text):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"  FAIL {text}")


def judge_claims(tally, target, values, claimed, label):
    """Each claimed path removed: the target render must not change."""
    for path in claimed:
        why = target.differs(without(values, path)) if has(values, path) else "the path is not in the file"
        tally.check(why is None, f"false ignored{label} {show(path)}: {why}")
        if why is None:
            print(f"  ignored{label} {show(path)}: Helm agrees")


def premise(tally, bump, values, proposal):
    """Helm on the fixture itself (PART 1): both charts render, and the target loses the moved settings."""
    moves = json.loads((bump / "moves.json").read_text()) if (bump / "moves.json").exists() else None
    # moved by the notes, and refused by the target with the old key (a `fail` guard): the target
    # does not render the old file at all, so what it loses is judged without them
    refused = [segments(p) for p in (moves or {}).get("refused", [])]
    if refused:
        failed = render(bump / "target-chart", values)
        print(f"  the target with the old values.yaml: {'fails: ' + failed[:160] if isinstance(failed, str) else 'RENDERS'}")
        tally.check(isinstance(failed, str), f"{bump.name}: premise: the target renders the refused keys")
        given, values = values, without(values, *refused)
    base, target = Baseline(bump / "base-chart", values), Baseline(bump / "target-chart", values)
    ok_base, ok_prop = base.ok(), isinstance(render(bump / "target-chart", proposal), dict)
    print(f"  base + values.yaml renders: {ok_base or base.first}; target + proposal.yaml renders: "
          f"{ok_prop or render(bump / 'target-chart', proposal)}")
    if moves is None:
        tally.check(ok_base and ok_prop, f"{bump.name}: a chart does not render (moves.json absent)")
        return base, target
    documented = [segments(m["from"]) for m in moves["moves"]] + [segments(p) for p in moves["dropped"]]
    # moved or dropped by the notes, yet read by the target under the old key with another meaning
    still = [segments(p) for p in moves.get("stillRead", [])]
    under = lambda p: any(p[: len(r)] == r for r in refused)
    missing = [show(p) for p in documented + still if not has(given if refused else values, p)]
    gone = [p for p in documented if p not in still and not under(p)]
    documented = [p for p in documented if not under(p)]
    if not gone:
        tally.check(ok_base and ok_prop and not missing, f"{bump.name}: premise (renders {ok_base}/{ok_prop}, moves.json paths not in values.yaml {missing})")
        return base, target
    for path in documented:
        if has(values, path):
            read = base.differs(without(values, path)) is not None
            lost = target.differs(without(values, path)) is None
            print(f"  {show(path)}: read by the base {'yes' if read else 'no (its render does not change without it)'}; "
                  f"the target with the old file ignores it: {'yes' if lost else 'no, it still renders'}")
    stripped = without(values, *gone)
    lost = target.ok() and target.differs(stripped) is None
    read = base.differs(without(values, *documented)) is not None
    if gone:
        print(f"  the target rendered with the old values.yaml = rendered without the moved and dropped keys "
              f"(silently lost): {'yes' if lost else 'no'}; the base render changes without them: {'yes' if read else 'no'}")
    misread = [show(p) for p in still if has(values, p) and target.differs(without(values, p)) is None]
    if still:
        print(f"  still read by the target under the old key (stillRead): "
              f"{'every one, Helm agrees' if not misread else 'NOT ' + ', '.join(misread)}")
    tally.check(ok_base and ok_prop and lost and read and not missing and not misread,
                f"{bump.name}: premise (renders {ok_base}/{ok_prop}, lost {lost}, read before {read}, "
                f"moves.json paths not in values.yaml {missing}, stillRead yet ignored {misread})")
    return base, target


def recall(values, base, target, claimed):
    """(named, truly ignored) over the user's values, outermost first."""
    named = truly = 0

    def count(path, verdict):
        nonlocal named, truly
        truly += 1
        named += verdict != "NOT NAMED"
        print(f"  read before, ignored now: {show(path)} — {verdict}")

    def walk(node, prefix):
        """How many values under `node` were counted."""
        counted = 0
        for name, value in node.items():
            path = prefix + [name]
            reduced = without(values, path)
            whole = any(path[: len(c)] == c for c in claimed)
            if target.differs(reduced) is None:
                if isinstance(value, dict) and value and not whole:
                    # ignored as a whole, not named as a whole: its keys are the values counted
                    inner = walk(value, path)
                    if inner == 0 and base.differs(reduced) is not None:
                        part = any(c[: len(path)] == path for c in claimed)
                        count(path, "named in part" if part else "NOT NAMED")
                        inner = 1
                    counted += inner
                elif base.differs(reduced) is not None:
                    count(path, "named" if whole else "NOT NAMED")
                    counted += 1
            elif isinstance(value, dict) and value:
                counted += walk(value, path)
        return counted

    walk(values, [])
    return named, truly


def check(tally, bump):
    """One bump: returns (named, truly ignored)."""
    print(f"{bump.name}:")
    values = yaml.safe_load((bump / "values.yaml").read_text()) or {}
    proposal = yaml.safe_load((bump / "proposal.yaml").read_text()) or {}
    base, target = premise(tally, bump, values, proposal)

    report = cli("diagnose", "--values", bump / "values.yaml", "--base", bump / "base-chart", "--target", bump / "target-chart")
    if isinstance(report, str):
        tally.check(False, f"{bump.name}: diagnose: {report}")
        return 0, 0
    claimed = claims(report)
    refused = refusals(report)
    print(f"  diagnose: {len(report.get('displaced', []))} displaced, {len(claimed)} by templates, {len(refused)} refused by the chart")
    judge_refusals(tally, bump / "target-chart", values, refused, "")
    usable = target.values  # the user's file less what the target refuses (premise)
    judge_claims(tally, target, usable, claimed, "")
    named, truly = recall(usable, base, target, claimed)
    documented(bump, claimed + [p for p, _ in refused])
    if truly and not claimed:
        tally.check(False, f"{bump.name}: Helm shows {truly} values ignored now and the tool names none")

    defaults = yaml.safe_load((bump / "base-chart" / "values.yaml").read_text()) or {}
    report = cli("diagnose", "--values", bump / "base-chart" / "values.yaml", "--base", bump / "base-chart", "--target", bump / "target-chart")
    if isinstance(report, str):
        tally.check(False, f"{bump.name}: diagnose of the base values.yaml: {report}")
    else:
        judge_refusals(tally, bump / "target-chart", defaults, refusals(report), " (base defaults as the file)")
        judge_claims(tally, Baseline(bump / "target-chart", defaults), defaults, claims(report), " (base defaults as the file)")

    judge_migrate(tally, bump, values, proposal, target)
    print(f"  recall {named}/{truly}" if truly else "  recall - (Helm shows nothing read before and ignored now)")
    return named, truly


MOVES = [0, 0]  # documented moves and removals the diagnosis names, of all of them


def documented(bump, named):
    """Recall on the notes: each path moves.json moves, drops or says the target refuses, named
    (as that path, an ancestor, or in part) by the diagnosis?"""
    if not (bump / "moves.json").exists():
        return
    moves = json.loads((bump / "moves.json").read_text())
    still = moves.get("stillRead", [])
    paths = [m["from"] for m in moves["moves"]] + moves["dropped"]
    paths = [p for p in paths if p not in still]
    hit = 0
    for p in paths:
        path = segments(p)
        ok = any(path[: len(c)] == c or c[: len(path)] == path for c in named)
        hit += ok
        print(f"  documented {p}: {'named' if ok else 'NOT NAMED'}")
    MOVES[0] += hit
    MOVES[1] += len(paths)


def judge_migrate(tally, bump, values, proposal, target):
    """`migrate` with the proposal: the file it writes must read as the proposal (PyYAML) and render as
    it (Helm). A refusal of kind `survival` (the proposal drops a value the target still reads) is
    judged instead: true when the target's render of the old file changes without that value."""
    report = cli("migrate", "--values", bump / "values.yaml", "--base", bump / "base-chart", "--target", bump / "target-chart",
                 "--proposal", bump / "proposal.yaml")
    refusals = [] if isinstance(report, str) else report.get("refusals", [])
    prefix = [] if isinstance(report, str) else segments(report.get("prefix") or "")
    if isinstance(report, str):
        why = report
    elif report.get("status") == "refused" and any(r.get("kind") == "survival" for r in refusals) and all(
            r.get("kind") in ("survival", "provenance") and r.get("path") for r in refusals):
        why, kept = None, []
        for r in (r for r in refusals if r["kind"] == "survival"):
            path = prefix + segments(r["path"])
            if not has(values, path) or target.differs(without(values, path)) is None:
                why = f"false survival refusal {r['path']}: the target render does not change without it"
            else:
                kept.append(at(values, path))
                print(f"  migrate refuses the proposal: it drops {r['path']}, which the target still renders (Helm agrees)")
        for r in (r for r in refusals if r["kind"] == "provenance"):
            # a value the proposal moved away from a key the target still reads: no displaced value is its source
            path = prefix + segments(r["path"])
            if not has(proposal, path) or at(proposal, path) not in kept:
                why = f"provenance refusal {r['path']} not explained by a value the target still reads"
            else:
                print(f"  migrate refuses {r['path']}: its value comes from a key the target still reads")
    elif report.get("status") != "planned":
        why = f"status {report.get('status')}: {refusals[:1]}"
    else:
        written = yaml.safe_load(report["files"][0]["after"])
        if written != proposal:
            why = "the written file does not read as the proposal"
        else:
            why = Baseline(bump / "target-chart", proposal).differs(written)
            why = None if why is None else f"the written file renders otherwise: {why}"
        if why is None:
            print("  the file migrate writes reads and renders as the proposal")
    tally.check(why is None, f"{bump.name}: migrate: {why}")

def main():
    if not CLI.exists():
        subprocess.run(["cargo", "build", "--quiet"], cwd=ROOT, check=True)
    picked = [REAL / Path(a).name for a in sys.argv[1:]] or sorted(p for p in REAL.iterdir() if (p / "values.yaml").exists())
    tally = Tally()
    all_named = all_truly = 0
    started = time.monotonic()
    for bump in picked:
        named, truly = check(tally, bump)
        all_named += named
        all_truly += truly
    print(f"recall over {len(picked)} bump(s): {all_named}/{all_truly}; documented moves named {MOVES[0]}/{MOVES[1]}; "
          f"{len(_cache)} renders in {time.monotonic() - started:.0f}s")
    print(f"{tally.passed} passed, {tally.failed} failed")
    sys.exit(1 if tally.failed else 0)


if __name__ == "__main__":
    main()
